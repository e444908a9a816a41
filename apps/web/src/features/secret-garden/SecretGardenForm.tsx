import "../../styles/mantine-forms";
import { DIALOG_Z_INDEX } from "../../styles/mantine-overlays";
import { Button, Checkbox, Modal, NativeSelect } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import {
  BOOKING_MESSAGES,
  formatPence,
  GUEST_LIMITS,
  isBookableDate,
  londonNow,
  PRIVATE_EVENTS_ONLY_LABEL,
  SECRET_GARDEN_TIMES,
  TIMERS_MS,
  winePrice,
  type BookingAnswer,
  type GardenSpot,
  type HeldBookingAnswer,
} from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { BookingCalendar, slotsWithRoom } from "@tearoom/ui/booking";
import { forwardRef, useRef, useState } from "react";
import { postJson, visitorReason } from "../../lib/http";
import { invalidateAvailability, useAvailability } from "../booking/use-availability";
import { focusField } from "../forms/focus-first-error";
import formClasses from "../forms/Forms.module.css";
import { GrowingTextarea } from "../forms/GrowingTextarea";
import { Honeypot } from "../forms/Honeypot";
import { usePublicForm } from "../forms/use-public-form";
import { GardenSpotPicker } from "./GardenSpotPicker";
import classes from "./SecretGarden.module.css";
import { ContactFields } from "../forms/ContactFields";
import { HeldPayment } from "../booking/HeldPayment";
import { PolicyNote } from "../booking/PolicyNote";

/** What the confirmation card shows. */
export interface SecretGardenConfirmed {
  reference: string | null;
  spot: GardenSpot;
  date: string;
  time: string;
  name: string;
  email: string;
  phone: string;
  guests: number;
  includeWine: boolean;
  /** The wine add-on total the server computed (R6, R15), or null when not known. */
  wineTotalPence: number | null;
  specialRequests: string;
}

interface Draft {
  date: string | null;
  time: string;
  name: string;
  email: string;
  phone: string;
  guests: number;
  includeWine: boolean;
  specialRequests: string;
}

const EMPTY_GARDEN_DRAFT: Draft = {
  date: null,
  time: "",
  name: "",
  email: "",
  phone: "",
  guests: GUEST_LIMITS.secretGarden.default,
  includeWine: false,
  specialRequests: "",
};

const timeLabel = (time: string) => {
  const known = SECRET_GARDEN_TIMES.find((t) => t.value === time);
  if (!known) return time;
  return known.privateOnly ? `${known.label} (${PRIVATE_EVENTS_ONLY_LABEL})` : known.label;
};
export { timeLabel as secretGardenTimeLabel };

const dateId = "garden-date";

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface SecretGardenFormProps {
  spots: GardenSpot[];
  spot: GardenSpot | null;
  onSpotChange: (spot: GardenSpot) => void;
  settings: Record<string, string>;
  winePence: number | null | undefined;
  onConfirmed: (booking: SecretGardenConfirmed) => void;
}

/**
 * The Secret Garden booking form (spec sections 2, 4, 5; R13, R15): location, date (no Sundays,
 * no past days), the spot's free times (18:00 for private spots only), guests within the spot's
 * capacity, wine, requests. Stored through POST /api/bookings; confirmed after at least 1.5 s.
 */
export const SecretGardenForm = forwardRef<HTMLFormElement, SecretGardenFormProps>(function SecretGardenForm(
  { spots, spot, onSpotChange, settings, winePence, onConfirmed },
  ref,
) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [pickerOpen, setPickerOpen] = useState(false);
  // R47: held until the card is saved or the deposit paid; then confirmed as any garden booking.
  const [held, setHeld] = useState<{ answer: HeldBookingAnswer; confirmed: Parameters<typeof onConfirmed>[0] } | null>(null);
  const locationButton = useRef<HTMLButtonElement>(null);
  const timeSelect = useRef<HTMLSelectElement>(null);
  const form = usePublicForm({
    schema: "booking",
    initialValues: EMPTY_GARDEN_DRAFT,
    honeypot: true,
    beforeCheck: (draft) => {
      if (draft.date && time && spot) return true;
      toast({ title: "Missing Information", description: BOOKING_MESSAGES.gardenSpot, variant: "destructive" });
      // The toast names all three; the first one missing is where the visitor goes next.
      focusField(!spot ? locationButton.current : !draft.date ? document.getElementById(dateId) : timeSelect.current);
      return false;
    },
    toInput: (draft): Record<string, unknown> => ({
      type: "secretGarden",
      date: draft.date,
      time,
      guests,
      name: draft.name,
      email: draft.email,
      phone: draft.phone,
      gardenSpotId: spot?.id,
      includeWine: draft.includeWine,
      specialRequests: draft.specialRequests || undefined,
    }),
    onValid: async (data, draft) => {
      if (!spot || !draft.date) return; // never: beforeCheck stops the submit without them
      try {
        const [answer] = await Promise.all([postJson<BookingAnswer | HeldBookingAnswer>("/api/bookings", data), wait(TIMERS_MS.secretGardenConfirm)]);
        const confirmed = {
          reference: answer?.reference ?? null,
          spot,
          date: draft.date,
          time,
          name: data.name,
          email: data.email,
          phone: data.phone,
          guests,
          includeWine: draft.includeWine,
          wineTotalPence: answer && "amountPence" in answer && typeof answer.amountPence === "number" ? answer.amountPence : null,
          specialRequests: draft.specialRequests.trim(),
        };
        if (answer && "payment" in answer) {
          setHeld({ answer, confirmed });
          return;
        }
        toast({ title: "Booking Confirmed!", description: `${spot.name}, ${timeLabel(time)}. We look forward to welcoming you.` });
        onConfirmed(confirmed);
      } finally {
        void invalidateAvailability(queryClient);
      }
    },
    onFailure: (error) => {
      toast({
        title: "Booking Failed",
        description: visitorReason(error) ?? "There was a problem submitting your booking. Please try again.",
        variant: "destructive",
      });
    },
  });
  const { values: draft, errors, setField: set } = form;
  const maxGuests = Math.min(GUEST_LIMITS.secretGarden.max, spot?.capacity ?? GUEST_LIMITS.secretGarden.max);
  const guests = Math.min(draft.guests, maxGuests);
  const availability = useAvailability("secretGarden", draft.date, spot?.id ?? null);
  const open = slotsWithRoom(availability.data?.slots, guests);
  const time = open.some((s) => s.time === draft.time) ? draft.time : "";
  // The domain's wine formula, as the server quotes it; null while the price is loading or off sale.
  const wineTotal = winePrice({ wine: winePence ?? null }, guests, draft.includeWine);

  let timePlaceholder = "Select a time";
  if (!spot) timePlaceholder = "Choose a location first";
  else if (!draft.date) timePlaceholder = "Choose a date first";
  else if (availability.isPending) timePlaceholder = "Loading times…";
  else if (open.length === 0) timePlaceholder = "No times free on this day";

  const setRefs = (node: HTMLFormElement | null) => {
    form.formProps.ref.current = node;
    if (typeof ref === "function") ref(node);
    else if (ref) ref.current = node;
  };

  return (
    <form {...form.formProps} ref={setRefs} className={formClasses.form} aria-labelledby="garden-form-title" id="secret-garden-form" tabIndex={-1}>
      <h2 id="garden-form-title" className={classes.formTitle}>
        Reserve your garden table
      </h2>
      <div className={classes.locationField}>
        <span className={classes.locationLabel} id="garden-location-label">
          Garden location
        </span>
        <div className={classes.locationRow}>
          <span className={classes.locationValue} aria-live="polite">
            {spot ? (
              <>
                {spot.name}
                {spot.isPrivate ? <span className={classes.privateBadge}>Private</span> : null}
              </>
            ) : (
              "No location chosen"
            )}
          </span>
          <Button ref={locationButton} variant="outline" onClick={() => setPickerOpen(true)} aria-describedby="garden-location-label">
            {spot ? "Change location" : "Choose location"}
          </Button>
        </div>
      </div>

      <div className={formClasses.dateRow}>
        <BookingCalendar
          id={dateId}
          label="Date"
          required
          value={draft.date}
          onChange={(date) => set("date", date)}
          isDateDisabled={(d) => !isBookableDate(settings, "secretGarden", d)}
          minDate={londonNow().date}
          error={errors.date}
        />
        <div className={formClasses.form}>
          <NativeSelect
            ref={timeSelect}
            label="Time"
            required
            value={time}
            onChange={(e) => set("time", e.currentTarget.value)}
            data={[{ value: "", label: timePlaceholder }, ...open.map((s) => ({ value: s.time, label: timeLabel(s.time) }))]}
            disabled={!spot || !draft.date || availability.isPending}
            error={errors.time}
            description={
              spot && !spot.isPrivate
                ? `The ${SECRET_GARDEN_TIMES.find((t) => t.privateOnly)?.label ?? "evening"} sitting is for private locations only.`
                : undefined
            }
          />
          <NativeSelect
            label="Number of guests"
            required
            value={String(guests)}
            onChange={(e) => set("guests", Number(e.currentTarget.value))}
            data={Array.from({ length: maxGuests }, (_, i) => ({ value: String(i + 1), label: i === 0 ? "1 guest" : `${i + 1} guests` }))}
            description={spot ? `${spot.name} seats up to ${spot.capacity}.` : undefined}
            error={errors.guests}
          />
        </div>
      </div>

      <div className={formClasses.grid}>
        <ContactFields values={draft} errors={errors} set={set} />
      </div>

      <Checkbox
        checked={draft.includeWine}
        onChange={(e) => set("includeWine", e.currentTarget.checked)}
        label={
          <>
            Add a glass of English sparkling wine
            {winePence != null ? (
              <>
                {" "}
                <span className={formClasses.nowrap}>(+{formatPence(winePence)} per person)</span>
              </>
            ) : null}
          </>
        }
        description={draft.includeWine && wineTotal !== null ? `Wine for ${guests}: ${formatPence(wineTotal)}, paid on the day.` : undefined}
        disabled={winePence === null}
      />
      <GrowingTextarea
        label="Special requests"
        rows={3}
        value={draft.specialRequests}
        onChange={(e) => set("specialRequests", e.currentTarget.value)}
        error={errors.specialRequests}
      />
      <Honeypot {...form.honeypotProps} />
      <PolicyNote type="secretGarden" />
      {held ? (
        <HeldPayment
          held={held.answer}
          onDone={() => {
            toast({
              title: "Booking Confirmed!",
              description: `${held.confirmed.spot.name}, ${timeLabel(held.confirmed.time)}. We look forward to welcoming you.`,
            });
            onConfirmed(held.confirmed);
            setHeld(null);
          }}
        />
      ) : (
        <Button type="submit" size="lg" color="rose" disabled={form.pending} classNames={{ root: formClasses.wrapButton, label: formClasses.wrapLabel }}>
          {form.pending ? "Reserving..." : "Reserve Your Secret Garden Experience"}
        </Button>
      )}

      <Modal
        zIndex={DIALOG_Z_INDEX}
        opened={pickerOpen}
        onClose={() => setPickerOpen(false)}
        title="Choose a Garden Location"
        size="lg"
        classNames={{ title: classes.modalTitle }}
        closeButtonProps={{ "aria-label": "Close location list" }}
      >
        <GardenSpotPicker
          spots={spots}
          selectedId={spot?.id ?? null}
          onPick={(s) => {
            onSpotChange(s);
            setPickerOpen(false);
          }}
        />
      </Modal>
    </form>
  );
});
