import {
  isTeaCoverProblem,
  londonNow,
  parseSetting,
  settledRemaining,
  spendableRemaining,
  teaVoucherCover,
  TEA_ITEM_TYPE,
  unitPrice,
  withDefaults,
  type PricingItem,
  type TeaType,
  type VoucherQuote,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { findBookingById, updateBooking } from "../../bookings/data/bookings.js";
import { findGiftVoucher, findGiftVoucherByCode, setGiftVoucherRemaining } from "../data/gift-vouchers.js";
import { insertVoucherLedgerEntry, listVoucherLedger, listVoucherLedgerForBooking, settleVoucherReservation } from "../data/voucher-ledger.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { afternoonTeaConfirmation, paidTea, staffPaidBooking, type PaidTea } from "../../mail/messages/payments.js";
import { enqueueMail } from "../../mail/outbox.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { toOneBooking } from "../../bookings/services/booking-view.js";
import { mintManageLink } from "../../bookings/services/manage-link.js";
import { tearoomContacts } from "../../site/services/site.js";
import type { VoucherClaim, VoucherClaimed } from "./tea-voucher-claim.js";
import { toMovement, voucherFace } from "./voucher-ledger-rows.js";
import { queueBalanceMail } from "./voucher-mail.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import { withTickets } from "../../events/services/ticket-mail.js";

/**
 * R36: paying for afternoon tea with a gift voucher, outside the writer thread: the quote, the
 * claim handed to the writer with the seat hold, the reservation turned into a redemption once
 * paid (or at once when nothing is left to pay), and the voucher part given back.
 */

/** What the writer needs to reserve a voucher for `teaType`, priced from the pricing items. */
export function voucherClaim(ctx: AppContext, code: string, teaType: TeaType, items: readonly PricingItem[]): VoucherClaim {
  return {
    code,
    unitPence: unitPrice(items, TEA_ITEM_TYPE[teaType]),
    traditionalPence: unitPrice(items, "traditional-afternoon-tea"),
    today: londonNow(ctx.now()).date,
  };
}

/**
 * GET /api/voucher-quote: what the code would pay of this tea now (live reservations held back).
 * Null for a code nobody has (the route counts it as a wrong guess); a voucher that cannot pay
 * for tea throws its 400/409.
 */
export async function quoteTeaVoucher(
  ctx: AppContext,
  code: string,
  teaType: TeaType,
  guests: number,
  items: readonly PricingItem[],
): Promise<VoucherQuote | null> {
  const row = await findGiftVoucherByCode(ctx.db, code);
  if (!row) return null;
  const claim = voucherClaim(ctx, code, teaType, items);
  const face = voucherFace(row);
  const spendable = spendableRemaining(face, (await listVoucherLedger(ctx.db, row.id)).map(toMovement), ctx.now().toISOString());
  const cover = teaVoucherCover(
    { voucherType: face.voucherType, expiryDate: row.expiry_date, spendable },
    { guests, unitPence: claim.unitPence, traditionalPence: claim.traditionalPence },
    claim.today,
  );
  if (isTeaCoverProblem(cover)) throw cover.status === 400 ? new BadRequestError(cover.message) : new ConflictError(cover.message);
  return {
    voucherType: face.voucherType,
    totalPence: cover.totalPence,
    voucherAppliedPence: cover.voucherAppliedPence,
    amountPence: cover.amountPence,
    coveredGuests: cover.coveredGuests,
    summary: cover.summary,
    expiryDate: row.expiry_date,
  };
}

async function rewriteRemaining(tx: DbOrTx, voucherId: number): Promise<void> {
  const voucher = await findGiftVoucher(tx, voucherId);
  if (!voucher) return;
  await setGiftVoucherRemaining(tx, voucherId, settledRemaining(voucherFace(voucher), (await listVoucherLedger(tx, voucherId)).map(toMovement)));
}

/**
 * The booking was paid (R36): its reservations become redemptions and the voucher's running total
 * is rewritten (decision 015). Inside the transaction that settles the payment; idempotent. A
 * reservation that lapsed before the payment came (its hold lapsed too) is used only if the
 * voucher still has it spendable; otherwise nothing changes and the answer says why, so the
 * caller can hand the payment to staff rather than take more than the voucher holds.
 */
export async function redeemBookingReservations(tx: DbOrTx, bookingReference: string, now: Date, contacts: TearoomContacts): Promise<string | null> {
  const nowIso = now.toISOString();
  const reservations = (await listVoucherLedgerForBooking(tx, bookingReference)).filter((e) => e.kind === "reservation");
  for (const entry of reservations) {
    if (entry.expires_at !== null && entry.expires_at > nowIso) continue;
    const voucher = await findGiftVoucher(tx, entry.voucher_id);
    if (!voucher) return "The gift voucher of this booking no longer exists.";
    const spendable = spendableRemaining(voucherFace(voucher), (await listVoucherLedger(tx, voucher.id)).map(toMovement), nowIso);
    const wanted = entry.amount_pence ?? entry.people ?? 0;
    if (wanted > spendable) return `The gift voucher's part of booking ${bookingReference} was used elsewhere after its seat hold lapsed.`;
  }
  const used = new Map<number, number>();
  for (const entry of reservations) {
    await settleVoucherReservation(tx, entry.id, { kind: "redemption", expires_at: null });
    used.set(entry.voucher_id, (used.get(entry.voucher_id) ?? 0) + (entry.amount_pence ?? entry.people ?? 0));
  }
  for (const [id, amount] of used) {
    await rewriteRemaining(tx, id);
    // R50: the holder hears what is left, with the redemption.
    await queueBalanceMail(tx, id, amount, bookingReference, contacts);
  }
  return null;
}

type Owed = { pence: number; people: number };

/** A live reservation (a hold being paid for) of a booking's entries ends now. */
async function endLiveReservations(tx: DbOrTx, entries: readonly { id: number; kind: string; expires_at: string | null }[], nowIso: string): Promise<void> {
  for (const e of entries) {
    if (e.kind === "reservation" && e.expires_at && e.expires_at > nowIso)
      await settleVoucherReservation(tx, e.id, { kind: "reservation", expires_at: nowIso });
  }
}

/** What each voucher gave a booking and has not had back (redemptions less restores). */
function owedByVoucher(entries: readonly { kind: string; voucher_id: number; amount_pence: number | null; people: number | null }[]): Map<number, Owed> {
  const owed = new Map<number, Owed>();
  for (const e of entries) {
    const sign = e.kind === "redemption" ? 1 : e.kind === "restore" ? -1 : 0;
    const o = owed.get(e.voucher_id) ?? { pence: 0, people: 0 };
    owed.set(e.voucher_id, { pence: o.pence + sign * (e.amount_pence ?? 0), people: o.people + sign * (e.people ?? 0) });
  }
  return owed;
}

async function restore(tx: DbOrTx, voucherId: number, back: Owed, bookingReference: string, actor: string, why: string, nowIso: string): Promise<void> {
  await insertVoucherLedgerEntry(tx, {
    voucher_id: voucherId,
    at: nowIso,
    actor,
    kind: "restore",
    amount_pence: back.pence > 0 ? back.pence : null,
    people: back.people > 0 ? back.people : null,
    booking_reference: bookingReference,
    note: `Given back: afternoon tea ${bookingReference} ${why}`,
    override_reason: null,
    expires_at: null,
  });
  await rewriteRemaining(tx, voucherId);
}

/**
 * R36: a cancelled (or fully refunded) booking gives its voucher part back: a `restore` entry for
 * what its redemptions took less what was already restored, and a live reservation ends now.
 * Idempotent, so cancelling twice or refunding after a cancel restores once. Returns what went back.
 */
export async function giveVoucherPartBack(tx: DbOrTx, bookingReference: string, actor: string, why: string, now: Date): Promise<Owed> {
  const nowIso = now.toISOString();
  const entries = await listVoucherLedgerForBooking(tx, bookingReference);
  await endLiveReservations(tx, entries, nowIso);
  const total = { pence: 0, people: 0 };
  for (const [voucherId, o] of owedByVoucher(entries)) {
    if (o.pence <= 0 && o.people <= 0) continue;
    await restore(tx, voucherId, o, bookingReference, actor, why, nowIso);
    total.pence += Math.max(0, o.pence);
    total.people += Math.max(0, o.people);
  }
  return total;
}

/** The voucher a booking was paid with and what it still holds of it (R36), or null. */
export async function voucherPartOf(
  tx: DbOrTx,
  bookingReference: string,
): Promise<{ voucherId: number; voucherType: "afternoonTea" | "monetary"; used: number } | null> {
  for (const [voucherId, o] of owedByVoucher(await listVoucherLedgerForBooking(tx, bookingReference))) {
    const voucher = await findGiftVoucher(tx, voucherId);
    if (!voucher || (voucher.voucher_type !== "afternoonTea" && voucher.voucher_type !== "monetary")) continue;
    const used = voucher.voucher_type === "afternoonTea" ? o.people : o.pence;
    if (used > 0) return { voucherId, voucherType: voucher.voucher_type, used };
  }
  return null;
}

/** R37: gives part of a booking's voucher part back (fewer guests): `amount` in the voucher's unit. */
export async function giveVoucherShareBack(
  tx: DbOrTx,
  part: { voucherId: number; voucherType: "afternoonTea" | "monetary" },
  amount: number,
  bookingReference: string,
  actor: string,
  why: string,
  now: Date,
): Promise<void> {
  if (amount <= 0) return;
  const back = part.voucherType === "afternoonTea" ? { pence: 0, people: amount } : { pence: amount, people: 0 };
  await restore(tx, part.voucherId, back, bookingReference, actor, why, now.toISOString());
}

/**
 * R36, staff chose to keep the voucher part used when cancelling: nothing goes back, but a live
 * reservation (a hold being paid for) still ends now, as it would have lapsed with the hold.
 */
export async function keepVoucherPartUsed(tx: DbOrTx, bookingReference: string, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  await endLiveReservations(tx, await listVoucherLedgerForBooking(tx, bookingReference), nowIso);
}

/** What a voucher paid of a booking, for its e-mails: the amount and the code. */
export async function voucherPaid(tx: DbOrTx, bookingReference: string, items: readonly PricingItem[], teaType: TeaType | null): Promise<PaidTea["voucher"]> {
  const entries = (await listVoucherLedgerForBooking(tx, bookingReference)).filter((e) => e.kind === "redemption");
  const first = entries[0];
  if (!first) return undefined;
  const voucher = await findGiftVoucher(tx, first.voucher_id);
  if (!voucher) return undefined;
  const traditional = unitPrice(items, "traditional-afternoon-tea");
  const unit = teaType ? unitPrice(items, TEA_ITEM_TYPE[teaType]) : traditional;
  const appliedPence = entries.reduce((sum, e) => sum + (e.amount_pence ?? (e.people ?? 0) * Math.min(traditional, unit)), 0);
  return { appliedPence, code: voucher.voucher_code };
}

/**
 * R36, nothing left to pay: the hold becomes a confirmed booking at once, its reservation a
 * redemption, and the guest gets the paid tea's confirmation with the manage link (R8, R37), all
 * in one transaction. A hold that lapsed in between (it cannot within one request, but the clock
 * is the clock) is refused, and its reservation lapsed with it.
 */
export async function confirmVoucherOnlyTea(ctx: AppContext, bookingId: number, claimed: VoucherClaimed): Promise<string> {
  const contacts = await tearoomContacts(ctx);
  const tableMinutes = parseSetting(withDefaults(await getSettingsMap(ctx)), "afternoon_tea_minutes");
  const reference = await immediateTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const row = await findBookingById(tx, bookingId);
    if (!row) throw new NotFoundError(`Booking ${bookingId} not found`);
    if (row.status !== "held" || !row.hold_expires_at || row.hold_expires_at <= now.toISOString()) {
      throw new ConflictError(`The seats held for booking ${row.reference} lapsed before it was confirmed; please start again.`);
    }
    const updated = await updateBooking(tx, bookingId, { status: "confirmed", hold_expires_at: null, updated_at: now.toISOString() });
    await redeemBookingReservations(tx, row.reference, now, contacts);
    const b = await toOneBooking(tx, updated!);
    const voucher = { appliedPence: claimed.cover.voucherAppliedPence, code: claimed.code };
    const paid = await withTickets(tx, b, paidTea(b, { amountPence: 0, paymentReference: "", testPayment: false }, voucher));
    await enqueueMail(tx, afternoonTeaConfirmation(paid, contacts, tableMinutes, now, await mintManageLink(ctx, tx, bookingId)));
    await enqueueMail(tx, staffPaidBooking(paid, contacts.email));
    return b.reference;
  });
  ctx.logger.info({ event: "tea-paid-by-voucher", bookingId }, "afternoon tea paid wholly by a gift voucher");
  return reference;
}
