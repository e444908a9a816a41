import { randomUUID } from "node:crypto";
import { feeAmount, feeCapPence, feeConflict, parseSetting, withDefaults, type FeeAnswer, type FeeRequest } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findBookingById } from "../../bookings/data/bookings.js";
import { toBooking } from "../../bookings/data/booking-row.js";
import { auditBooking } from "../../bookings/services/booking-audit.js";
import { storedPolicies } from "../../bookings/services/booking-policies.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { BadRequestError, ConflictError, NotFoundError, PaymentDeclinedError, ProviderFailedError } from "../../errors.js";
import { feeCharged } from "../../mail/messages/fees.js";
import { enqueueMail } from "../../mail/outbox.js";
import { tearoomContacts } from "../../site/services/site.js";
import { findStaffCancelAt } from "../../staff/data/audit-events.js";
import { FEE_KIND, findFeePayments, findPayment, insertPayment, PAID_STATUSES } from "../data/payments.js";
import { ProviderError, type OffSessionCharge } from "../providers/provider.js";
import { afterPaymentChange, paymentProvider } from "./payment-provider.js";

/**
 * R48: staff charge a no-show or late-cancel fee to the card a booking saved (R47), off session.
 * The rules (which booking, how much) are the domain's `feeConflict` and `feeAmount`. The charge's
 * idempotency key names the booking, the fee and the attempt, so a retried call (a lost answer,
 * a double click) asks the provider for the same charge and never takes the money twice, while a
 * new attempt after a decline is a new charge. A charged fee is a `booking-fee` payment of the
 * booking, so it shows in the booking's payment and refunds like any other (R34); a declined one is
 * kept as a `failed` payment with the provider's message, charging nothing.
 */

interface FeePayload {
  feeKind: FeeRequest["kind"];
  reason: string;
  actor: string;
}

const feeKindOf = (payload: string): string | undefined => {
  try {
    return (JSON.parse(payload) as Partial<FeePayload>).feeKind;
  } catch {
    return undefined;
  }
};

/** POST /api/bookings/{id}/fees: charges the fee, records, audits and e-mails it; 402 with the provider's message when declined. */
export async function chargeFee(ctx: AppContext, bookingId: number, request: FeeRequest, actor: string): Promise<FeeAnswer> {
  const row = await findBookingById(ctx.db, bookingId);
  if (!row) throw new NotFoundError(`Booking ${bookingId} not found`);
  const policy = (await storedPolicies(ctx)).find((p) => p.bookingType === row.type)!;
  const cancellationHours = parseSetting(withDefaults(await getSettingsMap(ctx)), "guest_cancellation_hours");
  const attempts = (await findFeePayments(ctx.db, row.id)).filter((p) => feeKindOf(p.payload_json) === request.kind);
  const conflict = feeConflict(
    request.kind,
    {
      reference: row.reference,
      status: row.status as never,
      arrival: row.arrival as never,
      date: row.date,
      time: row.time,
      guests: row.guests,
      cardOnFile: row.card_customer_id !== null && row.card_payment_method_id !== null,
      cancelledAt: row.status === "cancelled" ? await findStaffCancelAt(ctx.db, row.reference) : null,
    },
    { cancellationHours, alreadyCharged: attempts.some((p) => PAID_STATUSES.includes(p.status)), capPence: feeCapPence(policy, request.kind, row.guests) },
  );
  if (conflict) throw new ConflictError(conflict);
  const amount = feeAmount(request.kind, request.amountPence, policy, row.guests);
  if ("refusal" in amount) throw new BadRequestError(amount.refusal);

  const provider = paymentProvider(ctx);
  let charge: OffSessionCharge;
  try {
    charge = await provider.chargeOffSession({
      customerId: row.card_customer_id!,
      paymentMethodId: row.card_payment_method_id!,
      amountPence: amount.amountPence,
      currency: "gbp",
      description: `${request.kind === "no-show" ? "No-show" : "Late-cancel"} fee for booking ${row.reference}, ${row.date} ${row.time}`,
      metadata: { kind: FEE_KIND, booking: row.reference, fee: request.kind },
      idempotencyKey: `fee-${row.id}-${request.kind}-${attempts.length + 1}`,
    });
  } catch (err) {
    ctx.logger.error({ event: "payment-provider-error", err: err instanceof Error ? err.message : String(err) }, "payment provider call failed");
    if (err instanceof ProviderError) throw new ProviderFailedError(`Payment provider: ${err.message}`);
    throw err;
  }

  const nowIso = ctx.now().toISOString();
  const payload: FeePayload = { feeKind: request.kind, reason: request.reason, actor };
  const paymentId = charge.status === "succeeded" ? charge.intent.id : (charge.intentId ?? `fee_declined_${randomUUID()}`);
  const contacts = await tearoomContacts(ctx);
  const recorded = await immediateTransaction(ctx.db, async (tx) => {
    // The same key answered the same charge to a call made at the same time: it is recorded once.
    if (await findPayment(tx, paymentId)) return false;
    await insertPayment(tx, {
      id: paymentId,
      provider: provider.name,
      kind: FEE_KIND,
      amount_pence: amount.amountPence,
      currency: "gbp",
      status: charge.status === "succeeded" ? "succeeded" : "failed",
      payload_json: JSON.stringify(payload),
      booking_id: row.id,
      voucher_id: null,
      failure_message: charge.status === "declined" ? charge.message : null,
      client_secret_hash: null,
      created_at: nowIso,
      updated_at: nowIso,
    });
    const fee = { kind: request.kind, amountPence: amount.amountPence, reason: request.reason };
    await auditBooking(tx, {
      at: nowIso,
      actor,
      action: charge.status === "succeeded" ? "booking.fee" : "booking.fee-declined",
      before: row,
      after: row,
      choices: { fee: charge.status === "succeeded" ? fee : { ...fee, declined: charge.message } },
    });
    if (charge.status === "succeeded") {
      const booking = toBooking(row, provider.name === "demo");
      await enqueueMail(tx, feeCharged(booking, contacts, { ...fee, paymentReference: paymentId }, provider.name === "demo"), nowIso);
    }
    return true;
  });
  if (charge.status === "declined") {
    ctx.logger.info({ event: "fee-declined", paymentId, bookingId: row.id }, "fee declined");
    throw new PaymentDeclinedError(charge.message);
  }
  if (recorded) {
    ctx.logger.info({ event: "fee-charged", paymentId, bookingId: row.id }, "fee charged");
    afterPaymentChange(ctx);
  }
  return { chargedPence: amount.amountPence, status: "succeeded" };
}
