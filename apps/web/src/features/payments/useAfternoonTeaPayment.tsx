import { teaPrice, type AfternoonTeaForm } from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { useCallback, useMemo, useRef, useState, type ReactNode } from "react";
import { createTeaPaymentIntent, getSitePrices, reasonOf } from "./api";
import { HttpError } from "../../lib/http";
import { PaymentFields } from "./PaymentFields/PaymentFields";
import { PAYMENT_LIBRARY_FAILED, type PaymentHandle } from "./types";

export const TEA_RETURN_PATH = "/confirmation?type=afternoon-tea";
const BOOKING_ERROR = { title: "Booking Error", description: "Failed to process your booking. Please try again." } as const;

/**
 * The afternoon-tea payment step (spec section 4, R3, R7, R9): the form's submit creates the
 * intent (which holds the seats), then the provider confirms and returns the visitor to
 * /confirmation?type=afternoon-tea. Failures show the spec's toasts and leave the form idle.
 */
/** R36: a tea a gift voucher paid in full, booked without a card. */
export interface VoucherBooking {
  bookingReference: string;
  voucherAppliedPence: number;
  email: string;
  /** R51: what was booked, as the server accepted it. */
  visit: Pick<AfternoonTeaForm, "date" | "time" | "guests" | "teaType">;
}

/** What the voucher field applied: its code and the card amount it leaves (checked again by the server). */
type Voucher = { code: string; amountPence: number } | null;

export function useAfternoonTeaPayment(): {
  onSubmit: (values: AfternoonTeaForm, voucher?: Voucher) => Promise<void>;
  paymentSlot: ReactNode;
  booked: VoucherBooking | null;
} {
  const handleRef = useRef<PaymentHandle | null>(null);
  const { toast } = useToast();
  // Stripe's deferred flow wants an amount up front; it is corrected on submit.
  const [previewPence] = useState(2995);
  const [booked, setBooked] = useState<VoucherBooking | null>(null);

  const onSubmit = useCallback(
    async (values: AfternoonTeaForm, voucher: Voucher = null) => {
      const bookingError = (reason?: string) =>
        toast({
          variant: "destructive",
          title: BOOKING_ERROR.title,
          description: reason ? `${BOOKING_ERROR.description} ${reason}` : BOOKING_ERROR.description,
        });

      // R36: a voucher that pays it all needs no card, so no payment library either.
      const noCard = voucher !== null && voucher.amountPence === 0;
      const handle = handleRef.current;
      if (!handle && !noCard) {
        console.error(PAYMENT_LIBRARY_FAILED);
        bookingError();
        return;
      }

      // The amount the visitor was shown, by the domain's formula; the server quotes it with the
      // same one and refuses a mismatch (R3).
      let amountPence: number | null;
      try {
        amountPence = teaPrice(await getSitePrices(), values.teaType, values.guests);
      } catch (err) {
        console.error(err);
        bookingError();
        return;
      }
      if (amountPence === null) {
        bookingError("This afternoon tea is not currently available.");
        return;
      }

      const problem = handle && !noCard ? await handle.prepare(voucher ? voucher.amountPence : amountPence) : null;
      if (problem) {
        toast({ variant: "destructive", title: "Payment Failed", description: problem });
        return;
      }

      let clientSecret: string;
      try {
        const answer = await createTeaPaymentIntent({
          amount: amountPence / 100,
          metadata: {
            type: "afternoon-tea",
            date: values.date,
            time: values.time,
            guests: values.guests,
            teaType: values.teaType,
            name: values.name,
            email: values.email,
            phone: values.phone,
            dietaryRequirements: values.dietaryRequirements ?? "",
            ...(voucher ? { voucherCode: voucher.code } : {}),
          },
        });
        if (answer?.clientSecret === null && answer.bookingReference) {
          // Nothing was left to pay: the booking is already confirmed (R36).
          const visit = { date: values.date, time: values.time, guests: values.guests, teaType: values.teaType };
          setBooked({ bookingReference: answer.bookingReference, voucherAppliedPence: answer.voucherAppliedPence, email: values.email, visit });
          return;
        }
        if (!answer?.clientSecret || !handle) throw new Error("Failed to create payment intent");
        clientSecret = answer.clientSecret;
      } catch (err) {
        console.error(err);
        // A full slot (409), a changed price (400) or a visitor with enough unpaid holds already (429,
        // R23) says why; anything else gets the spec's text only.
        const says = err instanceof HttpError && (err.status === 409 || err.status === 400 || err.status === 429);
        bookingError(says ? (reasonOf(err) ?? undefined) : undefined);
        return;
      }

      const outcome = await handle.confirm({ clientSecret, returnPath: TEA_RETURN_PATH, redirect: "always" });
      if (outcome.kind === "failed") {
        toast({ variant: "destructive", title: "Payment Failed", description: outcome.message });
        return;
      }
      if (outcome.kind === "redirecting") {
        // Keep "Processing..." on screen while the browser leaves for the provider's page.
        await new Promise<never>(() => undefined);
      }
    },
    [toast],
  );

  const paymentSlot = useMemo(() => <PaymentFields mode={{ kind: "deferred", amountPence: previewPence }} handleRef={handleRef} />, [previewPence]);
  return { onSubmit, paymentSlot, booked };
}
