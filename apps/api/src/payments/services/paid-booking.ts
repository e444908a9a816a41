import { visitMinutes, withDefaults, type PaidBooking } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { findBookingById } from "../../bookings/data/bookings.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { toOneBooking } from "../../bookings/services/booking-view.js";
import type { PaymentRow } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";
import { bookingIcs } from "../../mail/booking-ics.js";
import { sha256Hex } from "../../sha256.js";
import { tearoomContacts } from "../../site/services/site.js";
import { findPayment } from "../data/payments.js";
import { sittingLabel } from "../../events/data/events.js";

// R51: the confirmation page shows what was booked. The payment's client secret is the key: the
// browser that paid holds it (the provider puts it in the return address), while the payment's
// id alone travels in e-mails and logs, so the id never opens a guest's booking.

/** Whether `clientSecret` is the secret of `payment`. */
export const holdsSecretOf = (payment: Pick<PaymentRow, "client_secret_hash">, clientSecret: string | undefined): boolean =>
  clientSecret !== undefined && payment.client_secret_hash === sha256Hex(clientSecret);

/** Where the booking's calendar file is fetched, with the same secret. */
export const calendarPath = (paymentId: string, clientSecret: string) =>
  `/api/payments/${encodeURIComponent(paymentId)}/calendar.ics?client_secret=${encodeURIComponent(clientSecret)}`;

/** The booking a succeeded payment paid for, as its guest sees it; null when it made none. */
export async function paidBooking(ctx: AppContext, payment: PaymentRow, clientSecret: string): Promise<PaidBooking | null> {
  if (payment.booking_id === null) return null;
  const row = await findBookingById(ctx.db, payment.booking_id);
  if (!row) return null;
  const [b, contacts] = await Promise.all([toOneBooking(ctx.db, row), tearoomContacts(ctx)]);
  const v = b.voucher ?? null;
  const event = b.type === "event" && b.sittingId ? await sittingLabel(ctx.db, b.sittingId) : undefined;
  return {
    reference: b.reference,
    type: b.type,
    date: b.date,
    time: b.time,
    guests: b.guests,
    teaType: b.teaType ?? null,
    status: b.status,
    // Every card payment of the booking (a later one for added guests too).
    cardPence: b.payment?.paidPence ?? 0,
    voucher: v ? { code: v.code, ...(v.people !== undefined ? { people: v.people } : { amountPence: v.amountPence ?? 0 }) } : null,
    address: contacts.address,
    calendarUrl: calendarPath(payment.id, clientSecret),
    ...(event ? { eventName: event.name } : {}),
  };
}

/**
 * GET /api/payments/{id}/calendar.ics: the paid booking's calendar file, with the booking's one UID
 * and its current SEQUENCE (R51), so it matches the e-mailed ones. 404 without the secret, or when
 * the booking is not confirmed (a cancelled one's file is the cancel e-mail's).
 */
export async function paidBookingCalendar(
  ctx: AppContext,
  paymentId: string,
  clientSecret: string | undefined,
): Promise<{ filename: string; content: string }> {
  const payment = await findPayment(ctx.db, paymentId);
  if (!payment || payment.status !== "succeeded" || payment.booking_id === null || !holdsSecretOf(payment, clientSecret))
    throw new NotFoundError("Booking not found");
  const row = await findBookingById(ctx.db, payment.booking_id);
  if (!row || row.status !== "confirmed") throw new NotFoundError("Booking not found");
  const b = await toOneBooking(ctx.db, row);
  // R53: tickets last their sitting's minutes, and the entry names the event.
  const minutes = b.stayMinutes ?? visitMinutes(b.type, withDefaults(await getSettingsMap(ctx)));
  const event = b.type === "event" && b.sittingId ? await sittingLabel(ctx.db, b.sittingId) : undefined;
  const summary = event ? { summary: `${event.name} (${b.guests} ticket${b.guests === 1 ? "" : "s"}) at the Heritage Tearoom` } : {};
  const file = bookingIcs(b, await tearoomContacts(ctx), minutes, ctx.now(), { sequence: row.calendar_sequence, ...summary });
  return { filename: file.filename, content: String(file.content) };
}
