import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R23 bounds what one client may claim without paying. Each public booking keeps who made it as a
// key derived from the client's address (a sha256 hash: the address itself is not stored); staff
// bookings and those made before this have none. The indexes serve the counts made before each
// insert: live holds per client key and per e-mail address (holds only, so they stay small),
// and one client's bookings since the start of a day.
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable("bookings").addColumn("client_key", "text").execute();
  await sql`CREATE INDEX bookings_client_created ON bookings (client_key, created_at) WHERE client_key IS NOT NULL`.execute(db);
  await sql`CREATE INDEX bookings_held_client ON bookings (client_key, hold_expires_at) WHERE status = 'held'`.execute(db);
  await sql`CREATE INDEX bookings_held_email ON bookings (lower(email), hold_expires_at) WHERE status = 'held'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX bookings_held_email`.execute(db);
  await sql`DROP INDEX bookings_held_client`.execute(db);
  await sql`DROP INDEX bookings_client_created`.execute(db);
  await db.schema.alterTable("bookings").dropColumn("client_key").execute();
}
