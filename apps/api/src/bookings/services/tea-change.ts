import { formatPence, PricingError, quoteAfternoonTea, visitMinutes, withDefaults, type GuestChangePayment, type TeaType } from "@tearoom/domain";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findBookingById, raiseCalendarSequence, updateBooking } from "../data/bookings.js";
import { getRoom, placeChange } from "./room.js";
import { findOpenTeaChangePayment, findPayment, insertPayment, TEA_CHANGE_KIND, transitionPayment } from "../../payments/data/payments.js";
import type { BookingRow, PaymentRow } from "../../db/schema.js";
import { ConflictError } from "../../errors.js";
import { guestChanged, staffGuestManaged } from "../../mail/messages/manage.js";
import { enqueueMail } from "../../mail/outbox.js";
import { ProviderError } from "../../payments/providers/provider.js";
import { sha256Hex } from "../../sha256.js";
import { getSettingsMap } from "./booking-settings.js";
import { toBooking } from "../data/booking-row.js";
import { mintManageLink } from "./manage-link.js";
import { flagForStaff, OPEN, type FulfilmentOutcome, type PaymentStatus } from "../../payments/services/fulfilment-outcome.js";
import { paymentProvider } from "../../payments/services/payment-provider.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import { tearoomContacts } from "../../site/services/site.js";

/**
 * R37: a guest adds guests to an afternoon tea they paid for online. Nothing changes until the
 * difference is paid: the change waits in a payment of its own (kind `tea-change`, the booking's
 * id on it), and fulfilling that payment makes the change, once, after checking the room again
 * in the same BEGIN IMMEDIATE transaction. If the booking moved on or the room went meanwhile,
 * the money is flagged for staff to refund, as for a lapsed hold (R9).
 */

/** What the payment for added guests carries: the change to make, and the booking as it was. */
const TeaChangePayloadSchema = z.object({
  date: z.string(),
  time: z.string(),
  guests: z.number().int(),
  from: z.object({ date: z.string(), time: z.string(), guests: z.number().int() }),
});
type TeaChange = Omit<z.infer<typeof TeaChangePayloadSchema>, "from">;

/** The price of the guests added, at today's price (each guest costs the same, so this is the difference); the preview shows it (R51). */
export async function addedGuestsPence(ctx: AppContext, row: BookingRow, guests: number, phone: string): Promise<number> {
  const items = await getPricingItemsCached(ctx);
  try {
    const teaType = row.tea_type as TeaType;
    return quoteAfternoonTea(items, teaType, guests) - quoteAfternoonTea(items, teaType, row.guests);
  } catch (err) {
    if (err instanceof PricingError) throw new ConflictError(`This afternoon tea cannot be paid for online at the moment. Please call us on ${phone}.`);
    throw err;
  }
}

/** Cancels a booking's earlier unpaid payment for added guests, so only the latest change can be paid. */
export async function dropOpenTeaChange(ctx: AppContext, bookingId: number): Promise<void> {
  const open = await findOpenTeaChangePayment(ctx.db, bookingId);
  if (!open) return;
  const provider = paymentProvider(ctx);
  try {
    await provider.cancelIntent(open.id);
    const intent = await provider.retrieveIntent(open.id);
    // Paid in the meantime: its fulfilment (or staff, if the booking moved on) settles it.
    if (intent.status === "canceled") await transitionPayment(ctx.db, open.id, ["pending"], "failed", ctx.now().toISOString(), "Replaced by a later change");
  } catch (err) {
    // The provider out of reach must not stop a guest cancelling or changing: should the old
    // payment still be paid, its fulfilment finds the booking moved on and flags it for a refund.
    ctx.logger.warn(
      { event: "tea-change-cancel-failed", paymentId: open.id, err: err instanceof Error ? err.message : String(err) },
      "could not cancel an earlier payment for added guests",
    );
  }
}

/**
 * Starts the payment for a change that adds guests (the caller has checked the visitor's rules
 * and the room); answers what the guest's browser needs to pay it.
 */
export async function startTeaChange(ctx: AppContext, row: BookingRow, next: TeaChange, phone: string): Promise<GuestChangePayment> {
  const amountPence = await addedGuestsPence(ctx, row, next.guests, phone);
  await dropOpenTeaChange(ctx, row.id);
  const provider = paymentProvider(ctx);
  let intent;
  try {
    intent = await provider.createIntent({
      amountPence,
      currency: "gbp",
      description: `Afternoon tea ${row.reference}: ${next.guests - row.guests} more guest${next.guests - row.guests === 1 ? "" : "s"} (${next.guests} in all)`,
      metadata: { kind: TEA_CHANGE_KIND, booking: row.reference, date: next.date, time: next.time, guests: String(next.guests) },
      receiptEmail: row.email,
      idempotencyKey: `tea-change-${row.reference}-${ctx.now().getTime()}`,
    });
  } catch (err) {
    ctx.logger.error({ event: "payment-provider-error", err: err instanceof Error ? err.message : String(err) }, "payment provider call failed");
    throw new ConflictError(
      `The payment could not be started${err instanceof ProviderError ? ` (${err.message})` : ""}. Please try again, or call us on ${phone}.`,
    );
  }
  const nowIso = ctx.now().toISOString();
  await insertPayment(ctx.db, {
    id: intent.id,
    provider: provider.name,
    kind: TEA_CHANGE_KIND,
    amount_pence: amountPence,
    currency: "gbp",
    status: "pending",
    payload_json: JSON.stringify({ ...next, from: { date: row.date, time: row.time, guests: row.guests } }),
    booking_id: row.id,
    voucher_id: null,
    failure_message: null,
    client_secret_hash: sha256Hex(intent.clientSecret),
    created_at: nowIso,
    updated_at: nowIso,
  });
  ctx.logger.info({ event: "tea-change-started", paymentId: intent.id, bookingId: row.id }, "guest is paying for added guests");
  return { clientSecret: intent.clientSecret, paymentIntentId: intent.id, amountPence, guests: next.guests };
}

/** Fulfils a paid `tea-change` payment: the booking takes the change it was paid for, once. */
export async function fulfilTeaChange(ctx: AppContext, payment: PaymentRow): Promise<FulfilmentOutcome> {
  const change = TeaChangePayloadSchema.parse(JSON.parse(payment.payload_json));
  const [contacts, settings] = await Promise.all([tearoomContacts(ctx), getSettingsMap(ctx)]);
  const room = await getRoom(ctx, settings);
  return immediateTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const fresh = await findPayment(tx, payment.id);
    if (!fresh || !OPEN.includes(fresh.status as PaymentStatus)) return { kind: "already-settled" } as const;
    const row = payment.booking_id === null ? undefined : await findBookingById(tx, payment.booking_id);
    const customer = row ? `${row.name} <${row.email}>` : "unknown";
    if (!row || (row.status !== "confirmed" && row.status !== "pending"))
      return flagForStaff(ctx, tx, fresh, contacts, "The booking was cancelled before the payment for added guests arrived. Please refund.", customer);
    const { from } = change;
    if (row.guests !== from.guests || row.date !== from.date || row.time !== from.time)
      return flagForStaff(ctx, tx, fresh, contacts, `Booking ${row.reference} changed before the payment for added guests arrived. Please refund.`, customer);
    const placed = await placeChange(tx, room, row, change, now);
    const problem = placed.problem;
    if (problem) return flagForStaff(ctx, tx, fresh, contacts, `${problem} (booking ${row.reference}, added guests). Please refund.`, customer);

    await transitionPayment(tx, payment.id, OPEN, "succeeded", now.toISOString());
    const saved = (await updateBooking(tx, row.id, {
      date: change.date,
      time: change.time,
      guests: change.guests,
      area_id: placed.areaId,
      amount_pence: (row.amount_pence ?? 0) + payment.amount_pence,
      reminder_sent_at: null,
      updated_at: now.toISOString(),
    }))!;
    const booking = toBooking(saved, false);
    const link = await mintManageLink(ctx, tx, row.id);
    const sequence = await raiseCalendarSequence(tx, row.id); // R51: the new file replaces the old
    await enqueueMail(tx, guestChanged(booking, contacts, link, visitMinutes("afternoonTea", withDefaults(settings)), now, payment.amount_pence, sequence));
    await enqueueMail(tx, staffGuestManaged(booking, contacts, "changed", from));
    ctx.logger.info(
      { event: "tea-change-paid", paymentId: payment.id, bookingId: row.id, amount: formatPence(payment.amount_pence) },
      "guests added to a paid afternoon tea",
    );
    return { kind: "fulfilled", bookingId: row.id };
  });
}
