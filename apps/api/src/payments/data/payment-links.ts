import type { DbOrTx } from "../../db/database.js";
import type { PaymentLinkRow, PaymentLinkTable } from "../../db/schema.js";
import type { Insertable } from "kysely";

/** R49: payment links, SQL only. A link is found by its token's hash, never by the token. */

export async function insertPaymentLink(db: DbOrTx, row: Insertable<PaymentLinkTable>): Promise<void> {
  await db.insertInto("payment_links").values(row).execute();
}

export async function findPaymentLinkByHash(db: DbOrTx, tokenHash: string): Promise<PaymentLinkRow | undefined> {
  return db.selectFrom("payment_links").selectAll().where("token_hash", "=", tokenHash).executeTakeFirst();
}

export async function findPaymentLinkByPayment(db: DbOrTx, paymentId: string): Promise<PaymentLinkRow | undefined> {
  return db.selectFrom("payment_links").selectAll().where("payment_id", "=", paymentId).executeTakeFirst();
}

/** Marks a link paid; true when this call did (a second settlement finds it paid already). */
export async function markPaymentLinkPaid(db: DbOrTx, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable("payment_links").set({ paid_at: at }).where("id", "=", id).where("paid_at", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The newest unpaid, unexpired link of each of these bookings. */
export async function findOpenPaymentLinks(db: DbOrTx, bookingIds: readonly number[], nowIso: string): Promise<Map<number, PaymentLinkRow>> {
  const out = new Map<number, PaymentLinkRow>();
  const unique = [...new Set(bookingIds)];
  for (let i = 0; i < unique.length; i += 500) {
    const rows = await db
      .selectFrom("payment_links")
      .selectAll()
      .where("booking_id", "in", unique.slice(i, i + 500))
      .where("paid_at", "is", null)
      .where("expires_at", ">", nowIso)
      .orderBy("created_at")
      .orderBy("id")
      .execute();
    for (const row of rows) out.set(row.booking_id, row);
  }
  return out;
}
