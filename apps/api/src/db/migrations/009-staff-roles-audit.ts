import { sql, type Kysely } from "kysely";
import { autoId } from "./portable.js";

// Frozen in time: never import application code here.
//
// R40: staff accounts get a role, and the first account (the seeded one) is the owner. Every staff
// change is an audit event: who, when, what, and the subject as it was and became (JSON text).

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE staff_users ADD COLUMN role TEXT NOT NULL DEFAULT 'staff' CHECK (role IN ('owner', 'staff'))`.execute(db);
  await sql`UPDATE staff_users SET role = 'owner' WHERE id = (SELECT min(id) FROM staff_users)`.execute(db);
  await db.schema
    .createTable("audit_events")
    .addColumn("id", "integer", autoId(db))
    .addColumn("at", "text", (c) => c.notNull())
    // The username, not a foreign key: the record outlives a removed account.
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("subject", "text", (c) => c.notNull())
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .execute();
  // Newest first, whole or filtered by who or what: each a range of one index (decision 010).
  await sql`CREATE INDEX audit_events_at ON audit_events (at, id)`.execute(db);
  await sql`CREATE INDEX audit_events_actor ON audit_events (actor, at, id)`.execute(db);
  await sql`CREATE INDEX audit_events_action ON audit_events (action, at, id)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable("audit_events").execute();
  await sql`ALTER TABLE staff_users DROP COLUMN role`.execute(db);
}
