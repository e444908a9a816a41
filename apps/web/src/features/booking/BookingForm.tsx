import "../../styles/mantine-forms";
import { JoinWaitlist } from "../waitlist/JoinWaitlist";
import { Button, Loader, NativeSelect } from "@mantine/core";
import { useQueryClient } from "@tanstack/react-query";
import {
  BOOKING_MESSAGES,
  GUEST_LIMITS,
  isBookableDate,
  londonNow,
  formatPence,
  type BookingAnswer,
  type DiningPreference,
  type HeldBookingAnswer,
  type HamperType,
  type TeaType,
} from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { BookingCalendar, SlotSelect, slotsWithRoom } from "@tearoom/ui/booking";
import { useDeferredValue, useState } from "react";
import { failureText, postJson } from "../../lib/http";
import formClasses from "../forms/Forms.module.css";
import { Honeypot } from "../forms/Honeypot";
import { usePublicForm } from "../forms/use-public-form";
import { useSite } from "../site/site-data";
import { Reference, RequestReceived, type ReceivedRequest } from "./RequestReceived";
import { invalidateAvailability, useAvailability } from "./use-availability";
import { ContactFields } from "../forms/ContactFields";
import { HeldPayment } from "./HeldPayment";
import { PolicyNote } from "./PolicyNote";

export type GenericBookingType = "table" | "afternoonTea" | "picnicHamper";

const TYPE_OPTIONS: { value: GenericBookingType; label: string }[] = [
  { value: "table", label: "Table Reservation" },
  { value: "afternoonTea", label: "Afternoon Tea" },
  { value: "picnicHamper", label: "Picnic Hamper" },
];
const TEA_OPTIONS: { value: TeaType; label: string }[] = [
  { value: "traditional", label: "Traditional Afternoon Tea" },
  { value: "champagne", label: "Champagne Afternoon Tea" },
];
const DINING_OPTIONS: { value: DiningPreference; label: string }[] = [
  { value: "breakfast", label: "Breakfast" },
  { value: "lunch", label: "Lunch" },
  { value: "lightsnack", label: "Light Snack" },
];
const HAMPER_OPTIONS: { value: HamperType; label: string }[] = [
  { value: "standard", label: "Standard Hamper" },
  { value: "champagne", label: "Champagne Hamper" },
];

/** Extra field per type: its key, label, options and the spec's "Error" toast when it is missing. */
const EXTRA = {
  afternoonTea: { key: "teaType", label: "Tea type", options: TEA_OPTIONS, message: BOOKING_MESSAGES.teaType },
  table: { key: "diningPreference", label: "Dining preference", options: DINING_OPTIONS, message: BOOKING_MESSAGES.diningPreference },
  picnicHamper: { key: "hamperType", label: "Hamper type", options: HAMPER_OPTIONS, message: BOOKING_MESSAGES.hamperType },
} as const;

interface Draft {
  type: GenericBookingType;
  extra: string;
  date: string | null;
  time: string;
  guests: string;
  name: string;
  email: string;
  phone: string;
}

const empty = (type: GenericBookingType): Draft => ({ type, extra: "", date: null, time: "", guests: "", name: "", email: "", phone: "" });

/**
 * The generic booking form (spec sections 4, 5 and 8): booking type with its extra field, a
 * calendar of open days from the settings (R11, R12), times with room from the server (R13),
 * guests within the type's limit, contact details. Posts to /api/bookings.
 */
export function BookingForm({ initialType = "table" }: { initialType?: GenericBookingType }) {
  // The whole form replaces "Loading booking settings…" when the settings arrive: deferred, React
  // renders it in slices between frames instead of in one long task.
  const site = useDeferredValue(useSite());
  const { toast } = useToast();
  const queryClient = useQueryClient();
  // The reference stays on the page after the toast has gone (issue 19).
  const [received, setReceived] = useState<ReceivedRequest | null>(null);
  // R47: a request held until its card is saved or its deposit paid.
  const [held, setHeld] = useState<HeldBookingAnswer | null>(null);
  const [heldRequest, setHeldRequest] = useState<ReceivedRequest | null>(null);
  const [depositPaid, setDepositPaid] = useState<number | null>(null);
  const form = usePublicForm({
    schema: "booking",
    initialValues: () => empty(initialType),
    honeypot: true,
    toInput: (draft): Record<string, unknown> => ({
      type: draft.type,
      date: draft.date ?? "",
      time,
      guests: draft.guests === "" ? undefined : Number(draft.guests),
      name: draft.name,
      email: draft.email,
      phone: draft.phone,
      [EXTRA[draft.type].key]: draft.extra || undefined,
    }),
    onInvalid: (problems, draft) => {
      const extra = EXTRA[draft.type];
      const { [extra.key]: missing, ...others } = problems;
      if (!missing) return others;
      // The spec's extra checks: a toast titled Error whenever the type's own field is missing,
      // whatever else is missing too, as well as the message under the field.
      toast({ title: "Error", description: extra.message, variant: "destructive" });
      return { ...others, extra: extra.message };
    },
    onValid: async (data, draft) => {
      try {
        const answer = await postJson<BookingAnswer | HeldBookingAnswer>("/api/bookings", data);
        if (answer && "payment" in answer) {
          setReceived(null);
          setHeld(answer);
          setHeldRequest({ reference: answer.reference, date: data.date, time: data.time, guests: data.guests });
          return;
        }
        toast({
          title: "Booking Submitted",
          description: answer?.reference ? (
            <>
              We&apos;ll confirm your reservation shortly. Your reference is <Reference reference={answer.reference} />.
            </>
          ) : (
            "We'll confirm your reservation shortly."
          ),
        });
        setReceived(answer?.reference ? { reference: answer.reference, date: data.date, time: data.time, guests: data.guests } : null);
        setDepositPaid(null);
        form.reset(empty(draft.type));
      } finally {
        void invalidateAvailability(queryClient);
      }
    },
    onFailure: (error) => {
      toast({ title: "Error", description: failureText("There was a problem submitting your booking. Please try again.", error), variant: "destructive" });
    },
  });
  const { values: draft, errors, setField: set } = form;
  const guests = Number(draft.guests) || 1;
  const availability = useAvailability(draft.type, draft.date);
  const open = slotsWithRoom(availability.data?.slots, guests);
  const time = open.some((s) => s.time === draft.time) ? draft.time : "";

  if (site.isPending) {
    return (
      <div className={formClasses.status} role="status">
        <Loader size="sm" color="sage" />
        <span>Loading booking settings…</span>
      </div>
    );
  }
  if (site.isError || !site.data) {
    return (
      <p className={formClasses.status} role="alert">
        Unable to load booking settings. Please try again later.
      </p>
    );
  }
  const settings = site.data.settings;
  const extra = EXTRA[draft.type];
  const maxGuests = GUEST_LIMITS[draft.type].max;

  const heldDone = () => {
    if (!held) return;
    const paid = held.payment.kind === "deposit" ? held.payment.amountPence : null;
    toast({
      title: "Booking Submitted",
      description: `${paid !== null ? `Deposit of ${formatPence(paid)} paid. ` : "Card saved. "}We'll confirm your reservation shortly.`,
    });
    setReceived(heldRequest);
    setDepositPaid(paid);
    setHeld(null);
    form.reset(empty(draft.type));
    void invalidateAvailability(queryClient);
  };

  const changeType = (type: GenericBookingType) => {
    form.setValues((d) => ({
      ...d,
      type,
      extra: "",
      // A date or party size the new type does not allow is cleared rather than silently kept.
      date: d.date && isBookableDate(settings, type, d.date) ? d.date : null,
      guests: Number(d.guests) > GUEST_LIMITS[type].max ? "" : d.guests,
    }));
    form.setErrors({});
  };

  const guestChoices = Array.from({ length: maxGuests }, (_, i) => String(i + 1));

  return (
    <form {...form.formProps} className={formClasses.form} aria-label="Booking request">
      <div className={formClasses.grid}>
        <NativeSelect
          label="Booking type"
          required
          value={draft.type}
          onChange={(e) => changeType(e.currentTarget.value as GenericBookingType)}
          data={TYPE_OPTIONS}
        />
        <NativeSelect
          label={extra.label}
          required
          value={draft.extra}
          onChange={(e) => set("extra", e.currentTarget.value)}
          data={[{ value: "", label: `Select ${extra.label.toLowerCase()}` }, ...extra.options]}
          error={errors.extra}
        />
      </div>
      <div className={formClasses.dateRow}>
        <BookingCalendar
          label="Date"
          required
          value={draft.date}
          onChange={(date) => set("date", date)}
          isDateDisabled={(d) => !isBookableDate(settings, draft.type, d)}
          minDate={londonNow().date}
          error={errors.date}
        />
        <div className={formClasses.form}>
          <NativeSelect
            label="Number of guests"
            required
            value={draft.guests}
            onChange={(e) => set("guests", e.currentTarget.value)}
            data={[{ value: "", label: "Select guests" }, ...guestChoices.map((n) => ({ value: n, label: n === "1" ? "1 guest" : `${n} guests` }))]}
            error={errors.guests}
            description={draft.type === "table" ? BOOKING_MESSAGES.tableGuests : undefined}
          />
          <SlotSelect
            label="Time"
            required
            slots={availability.data?.slots}
            guests={guests}
            needsDate={!draft.date}
            value={time}
            onChange={(t) => set("time", t)}
            error={errors.time}
          />
          {availability.isError ? <p className={formClasses.error}>Times could not be loaded. Please choose the date again.</p> : null}
        </div>
      </div>
      <div className={formClasses.grid}>
        <ContactFields values={draft} errors={errors} set={set} />
      </div>
      {draft.type === "table" ? (
        <JoinWaitlist
          type="table"
          date={draft.date}
          guests={guests}
          slots={availability.data?.slots}
          contact={{ name: draft.name, email: draft.email, phone: draft.phone }}
          extra={{ diningPreference: draft.extra || undefined }}
        />
      ) : null}
      <Honeypot {...form.honeypotProps} />
      <PolicyNote type={draft.type} />
      {held ? null : (
        <Button type="submit" size="lg" disabled={form.pending}>
          {form.pending ? "Submitting..." : "Submit Booking"}
        </Button>
      )}
      {held ? <HeldPayment held={held} onDone={heldDone} /> : null}
      {received ? <RequestReceived request={received} /> : null}
      {received && depositPaid !== null ? (
        <p className={formClasses.note} data-testid="deposit-paid">
          Deposit paid: {formatPence(depositPaid)}
        </p>
      ) : null}
    </form>
  );
}
