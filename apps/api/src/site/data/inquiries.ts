import { sql } from "kysely";
import type { DbOrTx } from "../../db/database.js";
import type { InquiryRow } from "../../db/schema.js";

/** One page of enquiries, unresolved first, newest first within each; `resolved` keeps one side. */
export async function listInquiries(db: DbOrTx, resolved: boolean | undefined, page: number, pageSize: number): Promise<{ rows: InquiryRow[]; total: number }> {
  let rowsQuery = db.selectFrom("inquiries").selectAll();
  let countQuery = db.selectFrom("inquiries").select((eb) => eb.fn.countAll<number>().as("n"));
  if (resolved !== undefined) {
    rowsQuery = rowsQuery.where("is_resolved", "=", resolved ? 1 : 0);
    countQuery = countQuery.where("is_resolved", "=", resolved ? 1 : 0);
  }
  const rows = await rowsQuery
    .orderBy("is_resolved")
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .execute();
  return { rows, total: Number((await countQuery.executeTakeFirstOrThrow()).n) };
}

/** Enquiries counted as resolved and not: the table's own count, and the unresolved ones from an index (migration 006). */
export async function inquiryCounts(db: DbOrTx): Promise<{ resolved: number; unresolved: number }> {
  const n = sql<number>`count(*)`.as("n");
  const all = Number((await db.selectFrom("inquiries").select(n).executeTakeFirstOrThrow()).n);
  const unresolved = Number((await db.selectFrom("inquiries").select(n).where("is_resolved", "=", 0).executeTakeFirstOrThrow()).n);
  return { resolved: all - unresolved, unresolved };
}

export async function findInquiry(db: DbOrTx, id: number): Promise<InquiryRow | undefined> {
  return db.selectFrom("inquiries").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertInquiry(
  db: DbOrTx,
  values: Pick<InquiryRow, "name" | "email" | "phone" | "enquiry_type" | "message">,
  now: string,
): Promise<InquiryRow> {
  return db
    .insertInto("inquiries")
    .values({ ...values, is_resolved: 0, created_at: now, resolved_at: null })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Marks an inquiry resolved once (one way); returns the row as it now is. */
export async function resolveInquiry(db: DbOrTx, id: number, now: string): Promise<InquiryRow | undefined> {
  await db.updateTable("inquiries").set({ is_resolved: 1, resolved_at: now }).where("id", "=", id).where("is_resolved", "=", 0).execute();
  return findInquiry(db, id);
}
