import { sql, type Kysely } from "kysely";
import { autoId, onPostgres } from "./portable.js";

// Frozen in time: never import application code here.
//
// Vouchers become a ledger (R35, decision 015). Every redemption, and later every reservation and
// restore of R36, is a row of `voucher_ledger`; `gift_vouchers.remaining` is the running total
// of what is left (pence for a monetary voucher, people for a per-person one), written in the same
// transaction as each ledger row, so the list, its filters and its stats read what is left from
// an index instead of summing ledgers. `is_redeemed` stays the spec's field and now means
// "nothing left". `print_token` is the printable voucher's link: 128 random bits, separate from
// the code, so the page is no way to test codes (decision 015).

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";
const PG_NOW = `to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function up(db: Kysely<any>): Promise<void> {
  await sql`ALTER TABLE gift_vouchers ADD COLUMN remaining ${sql.raw(onPostgres(db) ? "bigint" : "integer")} NOT NULL DEFAULT 0`.execute(db);
  await sql`UPDATE gift_vouchers SET remaining = CASE WHEN is_redeemed = 1 THEN 0 WHEN voucher_type = 'monetary' THEN price_pence ELSE coalesce(people, 1) END`.execute(
    db,
  );
  await sql`ALTER TABLE gift_vouchers ADD COLUMN print_token text`.execute(db);
  // 128 random bits as 32 hex digits; PostgreSQL 15 has no random bytes without pgcrypto, so two v4 UUIDs' random parts.
  if (onPostgres(db)) {
    await sql`UPDATE gift_vouchers SET print_token = substr(md5(gen_random_uuid()::text || gen_random_uuid()::text), 1, 32)`.execute(db);
  } else {
    await sql`UPDATE gift_vouchers SET print_token = lower(hex(randomblob(16)))`.execute(db);
  }
  await sql`CREATE UNIQUE INDEX gift_vouchers_print_token ON gift_vouchers (print_token)`.execute(db);

  await db.schema
    .createTable("voucher_ledger")
    .addColumn("id", "integer", autoId(db))
    .addColumn("voucher_id", "integer", (c) => c.notNull().references("gift_vouchers.id"))
    .addColumn("at", "text", (c) => c.notNull())
    // A staff username, "online" (R36) or "system".
    .addColumn("actor", "text", (c) => c.notNull())
    // redemption | reservation | restore | note
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("amount_pence", "integer")
    .addColumn("people", "integer")
    .addColumn("booking_reference", "text")
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("override_reason", "text")
    // A reservation (R36) counts only until then, as a seat hold does.
    .addColumn("expires_at", "text")
    .execute();
  await sql`CREATE INDEX voucher_ledger_voucher ON voucher_ledger (voucher_id, id)`.execute(db);
  // A redemption made before the ledger existed: one entry for the whole voucher, so the ledger
  // still adds up to what is left.
  await sql
    .raw(
      `INSERT INTO voucher_ledger (voucher_id, at, actor, kind, amount_pence, people, note)
       SELECT id, ${onPostgres(db) ? PG_NOW : NOW}, 'system', 'redemption',
              CASE WHEN voucher_type = 'monetary' THEN price_pence END,
              CASE WHEN voucher_type = 'monetary' THEN NULL ELSE coalesce(people, 1) END,
              'Marked redeemed before the ledger'
       FROM gift_vouchers WHERE is_redeemed = 1`,
    )
    .execute(db);

  // The stats' value left is summed from this index alone (decision 010).
  await sql`DROP INDEX gift_vouchers_state`.execute(db);
  await sql`CREATE INDEX gift_vouchers_state ON gift_vouchers (is_redeemed, expiry_date, remaining, price_pence, people)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX gift_vouchers_state`.execute(db);
  await sql`CREATE INDEX gift_vouchers_state ON gift_vouchers (is_redeemed, expiry_date)`.execute(db);
  await db.schema.dropTable("voucher_ledger").execute();
  await sql`DROP INDEX gift_vouchers_print_token`.execute(db);
  await sql`ALTER TABLE gift_vouchers DROP COLUMN print_token`.execute(db);
  await sql`ALTER TABLE gift_vouchers DROP COLUMN remaining`.execute(db);
}
