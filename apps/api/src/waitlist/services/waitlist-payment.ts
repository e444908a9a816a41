import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import type { BookingRow } from "../../db/schema.js";
import { findBookingById, updateBooking } from "../../bookings/data/bookings.js";
import { insertPayment } from "../../payments/data/payments.js";
import { paymentProvider } from "../../payments/services/payment-provider.js";
import { ProviderError, type IntentStatus, type PaymentProvider, type ProviderIntent } from "../../payments/providers/provider.js";
import { BadRequestError, GoneError } from "../../errors.js";
import { sha256Hex } from "../../sha256.js";

/** A payment the guest can still complete: the same one answers a second claim. */
const OPEN: readonly IntentStatus[] = ["requires_payment_method", "requires_confirmation", "requires_action"];

type Started = { clientSecret: string; amountPence: number };

function providerFailure(ctx: AppContext, err: unknown): never {
  ctx.logger.error({ event: "payment-provider-error", err: err instanceof Error ? err.message : String(err) }, "payment provider call failed");
  if (err instanceof ProviderError) throw new BadRequestError(`Payment provider: ${err.message}`);
  throw err;
}

/**
 * The held booking's payment as a claim answers it: the same intent while it is open (two clicks,
 * two tabs: one payment), 410 once it is paid or being paid, null when there is none to reuse.
 */
async function existingPayment(ctx: AppContext, provider: PaymentProvider, reference: string | null): Promise<Started | null> {
  if (reference === null) return null;
  let intent: ProviderIntent;
  try {
    intent = await provider.retrieveIntent(reference);
  } catch (err) {
    return providerFailure(ctx, err);
  }
  if (OPEN.includes(intent.status)) return { clientSecret: intent.clientSecret, amountPence: intent.amountPence };
  if (intent.status === "canceled") return null;
  throw new GoneError("This offer has already been claimed: its payment has been made.");
}

/**
 * R52: a tea offer is claimed by paying for its held booking, as a tea hold is (R9): the intent is
 * recorded with the booking's payment reference, so the normal payment confirm (and the lapsed-hold
 * sweep) turn the held offer into the paid booking, or release it. A second claim answers with the
 * same payment while it is open; two claims racing each start one, and the one recorded second is
 * cancelled in favour of the first.
 */
export async function startHeldTeaPayment(ctx: AppContext, booking: BookingRow): Promise<Started> {
  const provider = paymentProvider(ctx);
  const reused = await existingPayment(ctx, provider, booking.payment_reference);
  if (reused) return reused;
  const amountPence = booking.amount_pence ?? 0;
  let intent: ProviderIntent;
  try {
    intent = await provider.createIntent({
      amountPence,
      currency: "gbp",
      description: `Afternoon tea for ${booking.guests}, ${booking.date} ${booking.time} (${booking.reference}), from the waiting list`,
      metadata: {
        kind: "afternoon-tea",
        booking: booking.reference,
        date: booking.date,
        time: booking.time,
        guests: String(booking.guests),
        teaType: booking.tea_type ?? "",
      },
      receiptEmail: booking.email,
      // Tied to the hold and the payment it replaces: racing claims ask the provider for one intent.
      idempotencyKey: `waitlist-${booking.reference}-${booking.payment_reference ?? "first"}`,
    });
  } catch (err) {
    return providerFailure(ctx, err);
  }
  const recorded = await immediateTransaction(ctx.db, async (tx) => {
    const fresh = await findBookingById(tx, booking.id);
    // Another claim recorded its payment since the read above: that one stands.
    if (fresh && fresh.payment_reference !== booking.payment_reference) return fresh.payment_reference;
    const nowIso = ctx.now().toISOString();
    await insertPayment(tx, {
      id: intent.id,
      provider: provider.name,
      kind: "afternoon-tea",
      amount_pence: amountPence,
      currency: "gbp",
      status: "pending",
      payload_json: JSON.stringify({ date: booking.date, time: booking.time, guests: booking.guests, teaType: booking.tea_type }),
      booking_id: booking.id,
      voucher_id: null,
      failure_message: null,
      client_secret_hash: sha256Hex(intent.clientSecret),
      created_at: nowIso,
      updated_at: nowIso,
    });
    await updateBooking(tx, booking.id, { payment_reference: intent.id, updated_at: nowIso });
    return intent.id;
  });
  if (recorded === intent.id) return { clientSecret: intent.clientSecret, amountPence };
  // The provider's idempotency may already have answered with the recorded intent; otherwise ours goes.
  await provider.cancelIntent(intent.id).catch(() => undefined);
  const other = await existingPayment(ctx, provider, recorded);
  if (!other) throw new GoneError("Sorry, this offer has lapsed.");
  return other;
}
