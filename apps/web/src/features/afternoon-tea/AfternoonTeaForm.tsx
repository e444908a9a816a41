import "../../styles/mantine-forms";
import { JoinWaitlist } from "../waitlist/JoinWaitlist";
import { Button } from "@mantine/core";
import {
  clampTeaGuests,
  formatPence,
  GUEST_LIMITS,
  isBookableDate,
  londonNow,
  teaPrice,
  type AfternoonTeaForm as AfternoonTeaFormValues,
  type TeaType,
} from "@tearoom/domain";
import { Price, useToast } from "@tearoom/ui";
import { BookingCalendar, GuestStepper, SlotSelect, slotsWithRoom } from "@tearoom/ui/booking";
import { lazy, Suspense, useId, useState, type ReactNode } from "react";
import { visitorReason } from "../../lib/http";
import { useAvailability } from "../booking/use-availability";
import formClasses from "../forms/Forms.module.css";
import { GrowingTextarea } from "../forms/GrowingTextarea";
import { usePublicForm } from "../forms/use-public-form";
import { useSite } from "../site/site-data";
import type { AppliedVoucher } from "./voucher-quote";
import { ContactFields } from "../forms/ContactFields";
import { ComingSoon } from "../site/ComingSoon";

// R36: the voucher field is a chunk of its own, fetched when a visitor opens it.
const VoucherCodeField = lazy(() => import("./VoucherCodeField"));

export interface AfternoonTeaFormProps {
  /** Runs the booking and payment; the button reads "Processing..." until it settles. R36: with the gift voucher applied, if any. */
  onSubmit: (values: AfternoonTeaFormValues, voucher: AppliedVoucher | null) => Promise<void>;
  /** The payment fields, shown above the submit button. */
  paymentSlot?: ReactNode;
  /** R50: a gift voucher code from the voucher e-mail's link, filled in and applied once a tea is chosen. */
  voucherCode?: string | undefined;
}

interface Draft {
  date: string | null;
  time: string;
  guests: number;
  teaType: TeaType | "";
  name: string;
  email: string;
  phone: string;
  dietaryRequirements: string;
}

const EMPTY: Draft = { date: null, time: "", guests: GUEST_LIMITS.afternoonTea.default, teaType: "", name: "", email: "", phone: "", dietaryRequirements: "" };

const TEA_CHOICES: { value: TeaType; title: string; text: string }[] = [
  { value: "traditional", title: "Traditional Afternoon Tea", text: "Sandwiches, scones and cakes with a pot of loose-leaf tea" },
  { value: "champagne", title: "Champagne Afternoon Tea", text: "Our traditional tea with a glass of chilled champagne" },
];

/**
 * The afternoon tea booking form (spec sections 3–5): tea type, a calendar with past and closed
 * days disabled, times with room for the party (R13), a guest stepper clamped 1–6 (default 2),
 * contact details and dietary needs, checked with the domain schema and its exact messages.
 */
export function AfternoonTeaForm({ onSubmit, paymentSlot, voucherCode }: AfternoonTeaFormProps) {
  const site = useSite();
  const settings = site.data?.settings;
  const prices = site.data?.prices;
  const { toast } = useToast();
  const form = usePublicForm({
    schema: "afternoonTea",
    initialValues: EMPTY,
    toInput: (draft): Record<string, unknown> => ({ ...draft, time, date: draft.date ?? "", dietaryRequirements: draft.dietaryRequirements || undefined }),
    onValid: (data) => onSubmit(data, voucher),
    onFailure: (error) => {
      toast({ variant: "destructive", title: "Payment Failed", description: visitorReason(error) ?? "Please try again." });
    },
  });
  const { values: draft, errors, setField: set } = form;
  const [voucherOpen, setVoucherOpen] = useState(Boolean(voucherCode));
  const [voucher, setVoucher] = useState<AppliedVoucher | null>(null);
  const noCard = voucher !== null && voucher.amountPence === 0;
  const id = useId();
  const availability = useAvailability("afternoonTea", draft.date);
  const open = slotsWithRoom(availability.data?.slots, draft.guests);
  const time = open.some((s) => s.time === draft.time) ? draft.time : "";

  // The domain's tea formula, as the server quotes it; null until a tea on sale is chosen.
  const total = prices && draft.teaType ? teaPrice(prices, draft.teaType, draft.guests) : null;
  // R51: the button says what the card will be charged: the total, less a gift voucher's part.
  const toPay = total === null ? null : voucher ? voucher.amountPence : total;

  return (
    <form {...form.formProps} className={formClasses.form} aria-label="Afternoon tea booking">
      <fieldset className={formClasses.fieldset} aria-describedby={errors.teaType ? `${id}-tea-error` : undefined}>
        <legend className={formClasses.legend}>Tea type</legend>
        <div className={formClasses.choiceGrid}>
          {TEA_CHOICES.map((choice) => (
            <label key={choice.value} className={formClasses.choice}>
              <input
                type="radio"
                name="teaType"
                value={choice.value}
                checked={draft.teaType === choice.value}
                onChange={() => set("teaType", choice.value)}
                aria-invalid={errors.teaType ? true : undefined}
              />
              <span>
                <span className={formClasses.choiceTitle}>{choice.title}</span>
                <span className={formClasses.choiceMeta}>{choice.text}</span>
                <span className={formClasses.choiceMeta}>
                  <Price pence={prices ? teaPrice(prices, choice.value, 1) : undefined} suffix="per person" />
                </span>
              </span>
            </label>
          ))}
        </div>
        {errors.teaType ? (
          <p id={`${id}-tea-error`} className={formClasses.error}>
            {errors.teaType}
          </p>
        ) : null}
      </fieldset>

      <div className={formClasses.dateRow}>
        <BookingCalendar
          id={`${id}-date`}
          label="Date"
          required
          value={draft.date}
          onChange={(date) => set("date", date)}
          isDateDisabled={(d) => !settings || !isBookableDate(settings, "afternoonTea", d)}
          minDate={londonNow().date}
          error={errors.date}
        />
        <div className={formClasses.form}>
          <SlotSelect
            id={`${id}-time`}
            label="Time"
            required
            slots={availability.data?.slots}
            guests={draft.guests}
            needsDate={!draft.date}
            value={time}
            onChange={(t) => set("time", t)}
            error={errors.time}
          />
          <GuestStepper
            label="Number of guests"
            value={draft.guests}
            min={GUEST_LIMITS.afternoonTea.min}
            max={GUEST_LIMITS.afternoonTea.max}
            onChange={(n) => set("guests", clampTeaGuests(n))}
            error={errors.guests}
          />
          {availability.isError ? <p className={formClasses.error}>Times could not be loaded. Please choose the date again.</p> : null}
        </div>
      </div>

      <div className={formClasses.grid}>
        <ContactFields values={draft} errors={errors} set={set} />
        <GrowingTextarea
          className={formClasses.full}
          label="Dietary requirements"
          description="Optional: allergies, vegetarian, vegan, gluten-free…"
          rows={2}
          value={draft.dietaryRequirements}
          onChange={(e) => set("dietaryRequirements", e.currentTarget.value)}
          error={errors.dietaryRequirements}
        />
      </div>

      <JoinWaitlist
        type="afternoonTea"
        date={draft.date}
        guests={draft.guests}
        slots={availability.data?.slots}
        contact={{ name: draft.name, email: draft.email, phone: draft.phone }}
        extra={{ teaType: draft.teaType || undefined }}
      />

      <div className={formClasses.summary} aria-live="polite">
        <span>
          {draft.guests} {draft.guests === 1 ? "guest" : "guests"}
          {draft.teaType ? ` · ${TEA_CHOICES.find((c) => c.value === draft.teaType)?.title}` : ""}
        </span>
        <span className={formClasses.summaryTotal}>{total !== null ? `Total ${formatPence(total)}` : "Choose a tea type"}</span>
        {voucher && total !== null ? (
          <span className={formClasses.summaryVoucher} data-testid="left-to-pay">
            Gift voucher −{formatPence(voucher.voucherAppliedPence)} · To pay {formatPence(voucher.amountPence)}
          </span>
        ) : null}
      </div>

      {voucherOpen ? (
        <Suspense fallback={<p className={formClasses.note}>Loading…</p>}>
          <VoucherCodeField teaType={draft.teaType} guests={draft.guests} applied={voucher} onApplied={setVoucher} initialCode={voucherCode} />
        </Suspense>
      ) : (
        <button type="button" className={formClasses.linkButton} onClick={() => setVoucherOpen(true)}>
          Pay with a gift voucher
        </button>
      )}

      {/* Nothing left to pay (R36): no card is asked; the fields stay mounted, hidden. */}
      <div hidden={noCard}>{paymentSlot}</div>

      <Button
        type="submit"
        size="lg"
        disabled={form.pending}
        aria-disabled={form.pending}
        classNames={{ root: formClasses.wrapButton, label: formClasses.wrapLabel }}
      >
        {form.pending ? (
          "Processing..."
        ) : (
          <>
            {noCard ? (
              "Book with my voucher"
            ) : toPay !== null ? (
              <>
                Book Afternoon Tea · <span className={formClasses.nowrap}>Pay {formatPence(toPay)}</span>
              </>
            ) : (
              "Book Afternoon Tea"
            )}
            <ComingSoon className={formClasses.badge} />
          </>
        )}
      </Button>
    </form>
  );
}
