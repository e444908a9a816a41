import {
  paymentBalance,
  paymentStatus,
  PricingError,
  quoteAfternoonTea,
  voucherPartPence,
  type BookingPayment,
  type BookingVoucher,
  type PricingItem,
  type TeaType,
} from "@tearoom/domain";
import type { DbOrTx } from "../../db/database.js";
import { FEE_KIND, findPaidPaymentsOfBookings } from "../data/payments.js";
import { refundedByPayment } from "../data/refunds.js";
import { findOpenPaymentLinks } from "../data/payment-links.js";
import type { BookingRow, PaymentRow } from "../../db/schema.js";

/** The guests a tea payment was for, from what it was created with (payments/services/payments.ts). */
function paidForGuests(payment: PaymentRow, fallback: number): number {
  try {
    const guests = (JSON.parse(payment.payload_json) as { guests?: unknown }).guests;
    return typeof guests === "number" && Number.isInteger(guests) ? guests : fallback;
  } catch {
    return fallback;
  }
}

/** R48: a charged fee as the booking's payment lists it (payments/services/fees.ts writes its payload). */
function feeOf(payment: PaymentRow): NonNullable<BookingPayment["fees"]>[number] {
  const { feeKind, reason } = JSON.parse(payment.payload_json) as { feeKind: "no-show" | "late-cancel"; reason: string };
  return { kind: feeKind, amountPence: payment.amount_pence, reason };
}

/** What the booking would cost now; null when it is not a priced tea or no price is active. */
function currentPrice(row: BookingRow, items: readonly PricingItem[]): number | null {
  if (row.type !== "afternoonTea" || !row.tea_type || items.length === 0) return null;
  try {
    return quoteAfternoonTea(items, row.tea_type as TeaType, row.guests);
  } catch (err) {
    if (err instanceof PricingError) return null;
    throw err;
  }
}

/**
 * R34: each paid booking's payment as staff see it (paid, refunded, status, reference) and, after
 * a change of guests, the balance from the current price. The tea's own payment and any paid
 * later for added guests (R37) count as one; the reference is the first; a gift voucher's part
 * (`vouchers`, R36) counts towards the balance. R49: a booking with a payment link open at `now`
 * is `awaiting` (with what the link asks) until it is paid. Other unpaid bookings are left out.
 */
export async function bookingPayments(
  db: DbOrTx,
  rows: readonly BookingRow[],
  items: readonly PricingItem[],
  vouchers: ReadonlyMap<number, BookingVoucher> = new Map(),
  now: Date = new Date(),
): Promise<Map<number, BookingPayment>> {
  const out = new Map<number, BookingPayment>();
  const paid = await findPaidPaymentsOfBookings(db, rows);
  const links = await findOpenPaymentLinks(
    db,
    rows.map((r) => r.id),
    now.toISOString(),
  );
  for (const [bookingId, link] of links) {
    if (paid.has(bookingId)) continue;
    const awaiting = { amountPence: link.amount_pence, expiresAt: link.expires_at };
    out.set(bookingId, { status: "awaiting", paidPence: 0, refundedPence: 0, reference: link.payment_id, balancePence: null, awaiting });
  }
  if (paid.size === 0) return out;
  const refunded = await refundedByPayment(
    db,
    [...paid.values()].flat().map((p) => p.id),
  );
  for (const row of rows) {
    const payments = paid.get(row.id);
    if (!payments) continue;
    const paidPence = payments.reduce((sum, p) => sum + p.amount_pence, 0);
    const refundedPence = payments.reduce((sum, p) => sum + (refunded.get(p.id) ?? 0), 0);
    const link = links.get(row.id);
    const fees = payments.filter((p) => p.kind === FEE_KIND).map(feeOf);
    out.set(row.id, {
      status: link ? "awaiting" : paymentStatus(paidPence, refundedPence),
      ...(link ? { awaiting: { amountPence: link.amount_pence, expiresAt: link.expires_at } } : {}),
      paidPence,
      refundedPence,
      reference: payments[0]!.id,
      ...(fees.length > 0 ? { fees } : {}),
      balancePence: paymentBalance({
        // R36: what a gift voucher paid counts as paid too.
        paidPence: paidPence + voucherPartPence(vouchers.get(row.id) ?? null, items, row.tea_type as TeaType | null),
        refundedPence,
        paidForGuests: paidForGuests(payments[payments.length - 1]!, row.guests),
        guests: row.guests,
        currentPricePence: currentPrice(row, items),
      }),
    });
  }
  return out;
}
