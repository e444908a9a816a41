import type { Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// Issue 31: staff may note which table a booking sits at ("T4", "Window"). Free text, at most 20
// characters once trimmed (checked by the domain, not here); null means none. A plain nullable
// column is the same on SQLite and PostgreSQL, so no portable helper is needed.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("table_label", "text").execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").dropColumn("table_label").execute();
}
