import { paymentBalance, paymentStatus, PricingError, quoteAfternoonTea, type BookingPayment, type PricingItem, type TeaType } from "@tearoom/domain";
import type { DbOrTx } from "../db/database.js";
import { findPaidPayments } from "../db/repositories/payments.js";
import { refundedByPayment } from "../db/repositories/refunds.js";
import type { BookingRow, PaymentRow } from "../db/schema.js";

/** The guests a tea payment was for, from what it was created with (services/payments.ts). */
function paidForGuests(payment: PaymentRow, fallback: number): number {
  try {
    const guests = (JSON.parse(payment.payload_json) as { guests?: unknown }).guests;
    return typeof guests === "number" && Number.isInteger(guests) ? guests : fallback;
  } catch {
    return fallback;
  }
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
 * a change of guests, the balance from the current price. Unpaid bookings are left out.
 */
export async function bookingPayments(db: DbOrTx, rows: readonly BookingRow[], items: readonly PricingItem[]): Promise<Map<number, BookingPayment>> {
  const out = new Map<number, BookingPayment>();
  const references = rows.flatMap((r) => (r.payment_reference ? [r.payment_reference] : []));
  if (references.length === 0) return out;
  const paid = await findPaidPayments(db, references);
  if (paid.size === 0) return out;
  const refunded = await refundedByPayment(db, [...paid.keys()]);
  for (const row of rows) {
    const payment = row.payment_reference ? paid.get(row.payment_reference) : undefined;
    if (!payment) continue;
    const refundedPence = refunded.get(payment.id) ?? 0;
    out.set(row.id, {
      status: paymentStatus(payment.amount_pence, refundedPence),
      paidPence: payment.amount_pence,
      refundedPence,
      reference: payment.id,
      balancePence: paymentBalance({
        paidPence: payment.amount_pence,
        refundedPence,
        paidForGuests: paidForGuests(payment, row.guests),
        guests: row.guests,
        currentPricePence: currentPrice(row, items),
      }),
    });
  }
  return out;
}
