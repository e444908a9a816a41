import type { DbOrTx } from "../../db/database.js";
import type { AuditEventRow, NewAuditEventRow } from "../../db/schema.js";

/** The record of staff changes (R40). Rows are only ever added. */

export async function insertAuditEvent(db: DbOrTx, row: NewAuditEventRow): Promise<void> {
  await db.insertInto("audit_events").values(row).execute();
}

/** One page, newest first, optionally by one actor and/or one action; each filter is a range of its index. */
export async function listAuditEvents(
  db: DbOrTx,
  filter: { actor?: string; action?: string },
  page: number,
  pageSize: number,
): Promise<{ rows: AuditEventRow[]; total: number }> {
  let query = db.selectFrom("audit_events");
  if (filter.actor) query = query.where("actor", "=", filter.actor);
  if (filter.action) query = query.where("action", "=", filter.action);
  const [rows, count] = await Promise.all([
    query
      .selectAll()
      .orderBy("at", "desc")
      .orderBy("id", "desc")
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** When staff last cancelled the booking `reference` (R48's late cancel), from its `booking.cancel` record; null when they did not. */
export async function findStaffCancelAt(db: DbOrTx, reference: string): Promise<string | null> {
  const row = await db
    .selectFrom("audit_events")
    .select("at")
    .where("action", "=", "booking.cancel")
    .where("subject", "=", `Booking ${reference}`)
    .orderBy("at", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.at ?? null;
}
