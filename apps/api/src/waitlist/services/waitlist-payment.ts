import { randomUUID } from "node:crypto";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import type { BookingRow } from "../../db/schema.js";
import { updateBooking } from "../../bookings/data/bookings.js";
import { insertPayment } from "../../payments/data/payments.js";
import { paymentProvider } from "../../payments/services/payment-provider.js";
import { ProviderError } from "../../payments/providers/provider.js";
import { BadRequestError } from "../../errors.js";
import { sha256Hex } from "../../sha256.js";

/**
 * R52: a tea offer is claimed by paying for its held booking, as a tea hold is (R9): the intent is
 * recorded with the booking's payment reference, so the normal payment confirm (and the lapsed-hold
 * sweep) turn the held offer into the paid booking, or release it. A second claim starts a new
 * payment for the same hold.
 */
export async function startHeldTeaPayment(ctx: AppContext, booking: BookingRow): Promise<{ clientSecret: string; amountPence: number }> {
  const amountPence = booking.amount_pence ?? 0;
  const provider = paymentProvider(ctx);
  let intent;
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
      idempotencyKey: `waitlist-${booking.reference}-${randomUUID()}`,
    });
  } catch (err) {
    ctx.logger.error({ event: "payment-provider-error", err: err instanceof Error ? err.message : String(err) }, "payment provider call failed");
    if (err instanceof ProviderError) throw new BadRequestError(`Payment provider: ${err.message}`);
    throw err;
  }
  await immediateTransaction(ctx.db, async (tx) => {
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
  });
  return { clientSecret: intent.clientSecret, amountPence };
}
