import type { DbOrTx } from "../database.js";
import type { InquiryRow } from "../schema.js";

export async function listInquiries(db: DbOrTx): Promise<InquiryRow[]> {
  return db.selectFrom("inquiries").selectAll().orderBy("created_at", "desc").orderBy("id", "desc").execute();
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
