import { type DbOrTx, type Operand } from "../../db/database.js";
import type { NewPaymentRow, PaymentRow } from "../../db/schema.js";

/** Our record of each payment attempt (R8): what to fulfil, and whether it has been. */

export async function insertPayment(db: DbOrTx, row: NewPaymentRow): Promise<void> {
  await db.insertInto("payments").values(row).execute();
}

export async function findPayment(db: DbOrTx, id: string): Promise<PaymentRow | undefined> {
  return db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function updatePayment(
  db: DbOrTx,
  id: string,
  changes: Partial<Pick<PaymentRow, "status" | "failure_message" | "booking_id" | "voucher_id" | "payload_json" | "amount_pence">> & { updated_at: string },
): Promise<void> {
  await db.updateTable("payments").set(changes).where("id", "=", id).execute();
}

/** Of these payment ids, the ones the demo provider took (R22: no money changed hands). */
/** The demo provider's payment `id`, if it took it (R22), as a query (see `giftVoucherByCodeQuery`). */
export const demoPaymentQuery = (db: DbOrTx, id: Operand<string>) => db.selectFrom("payments").select("id").where("provider", "=", "demo").where("id", "=", id);

export async function findDemoPaymentIds(db: DbOrTx, ids: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  const found = new Set<string>();
  // In slices, well under SQLite's limit on bound values however many vouchers there are.
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("payments")
      .select("id")
      .where("provider", "=", "demo")
      .where("id", "in", unique.slice(i, i + 500))
      .execute();
    for (const row of rows) found.add(row.id);
  }
  return found;
}

/**
 * Moves a payment from one of `from` to `to`; true when this call made the change. Run inside
 * an immediate transaction so a repeated event finds the payment already moved (R8).
 */
export async function transitionPayment(
  db: DbOrTx,
  id: string,
  from: readonly string[],
  to: string,
  now: string,
  failureMessage: string | null = null,
): Promise<boolean> {
  const result = await db
    .updateTable("payments")
    .set({ status: to, failure_message: failureMessage, updated_at: now })
    .where("id", "=", id)
    .where("status", "in", from as string[])
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Unpaid payments whose seat hold has lapsed (R9: afternoon tea; R47: a deposit or a card to save), oldest first. */
export async function listPendingTeaPaymentsWithLapsedHolds(db: DbOrTx, nowIso: string, limit = 50): Promise<PaymentRow[]> {
  return db
    .selectFrom("payments")
    .innerJoin("bookings", "bookings.id", "payments.booking_id")
    .selectAll("payments")
    .where("payments.kind", "in", HOLD_KINDS)
    .where("payments.status", "=", "pending")
    .where("bookings.status", "=", "held")
    .where("bookings.hold_expires_at", "<=", nowIso)
    .orderBy("payments.created_at")
    .limit(limit)
    .execute();
}

/** The payment states in which money was taken and may be refunded. */
export const PAID_STATUSES = ["succeeded", "needs_attention"];

/** Payments that took money (R34: `succeeded`, or `needs_attention`: paid but not fulfilled), by id. */
export async function findPaidPayments(db: DbOrTx, ids: readonly string[]): Promise<Map<string, PaymentRow>> {
  const unique = [...new Set(ids)];
  const found = new Map<string, PaymentRow>();
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("payments")
      .selectAll()
      .where("id", "in", unique.slice(i, i + 500))
      .where("status", "in", PAID_STATUSES)
      .execute();
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

/** The kind of a payment for guests a guest added to their paid afternoon tea (R37). */
export const TEA_CHANGE_KIND = "tea-change";
/** R47: a deposit taken when booking (a PaymentIntent) and a card saved for the booking (a SetupIntent, no money). */
export const POLICY_DEPOSIT_KIND = "booking-deposit";
export const POLICY_CARD_KIND = "booking-card";
/** Payments that pay for (or hold) a `held` booking, released when they fail or the hold lapses (R9, R47). */
export const HOLD_KINDS = ["afternoon-tea", POLICY_DEPOSIT_KIND, POLICY_CARD_KIND];

/** The kind of a payment made through a payment link staff sent (R49). */
export const PAYMENT_LINK_KIND = "payment-link";
/** R49: a "save a card" payment link's SetupIntent (amount 0: nothing is charged). */
export const CARD_LINK_KIND = "payment-link-card";
/** R48: a no-show or late-cancel fee charged to the saved card; a declined one is kept as `failed`. */
export const FEE_KIND = "booking-fee";

/** Every fee attempt on a booking (charged or declined), oldest first. */
export async function findFeePayments(db: DbOrTx, bookingId: number): Promise<PaymentRow[]> {
  return db.selectFrom("payments").selectAll().where("booking_id", "=", bookingId).where("kind", "=", FEE_KIND).orderBy("created_at").orderBy("id").execute();
}

/**
 * The payments that took money for each of these bookings (R34): the one that paid the tea
 * (`payment_reference`) and any paid later for added guests (R37), through a payment link (R49,
 * which any booking may have, paid online or not) or as a fee to the saved card (R48), oldest first.
 */
export async function findPaidPaymentsOfBookings(
  db: DbOrTx,
  rows: readonly { id: number; payment_reference: string | null }[],
): Promise<Map<number, PaymentRow[]>> {
  const out = new Map<number, PaymentRow[]>();
  const first = await findPaidPayments(
    db,
    rows.flatMap((r) => (r.payment_reference ? [r.payment_reference] : [])),
  );
  for (const row of rows) {
    const payment = row.payment_reference ? first.get(row.payment_reference) : undefined;
    if (payment) out.set(row.id, [payment]);
  }
  const ids = [...new Set(rows.map((r) => r.id))];
  for (let i = 0; i < ids.length; i += 500) {
    const later = await db
      .selectFrom("payments")
      .selectAll()
      .where("booking_id", "in", ids.slice(i, i + 500))
      .where("kind", "in", [TEA_CHANGE_KIND, PAYMENT_LINK_KIND, FEE_KIND])
      .where("status", "in", PAID_STATUSES)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    for (const payment of later) {
      const list = out.get(payment.booking_id!) ?? [];
      if (list.length === 0) out.set(payment.booking_id!, list);
      list.push(payment);
    }
  }
  return out;
}

/** A booking's open payment for added guests, if one is waiting to be paid (R37). */
export async function findOpenTeaChangePayment(db: DbOrTx, bookingId: number): Promise<PaymentRow | undefined> {
  return db
    .selectFrom("payments")
    .selectAll()
    .where("booking_id", "=", bookingId)
    .where("kind", "=", TEA_CHANGE_KIND)
    .where("status", "=", "pending")
    .executeTakeFirst();
}
