import { sql, type Kysely } from "kysely";
import { onPostgres } from "./portable.js";

// Frozen in time: never import application code here.
//
// Ten years of bookings, vouchers, subscribers and enquiries must still page, search and count in
// milliseconds (decision 010). Searches go through an FTS5 index per table, kept by triggers, which
// finds rows by the start of any word of the searched columns; a LIKE '%x%' reads every row. The
// other indexes serve each list's order and the statistics, so counts read an index, not the rows.

/** Searched columns per table, in the order of the FTS5 table's columns. */
const SEARCHED: Record<string, { index: string; columns: string[] }> = {
  bookings: { index: "bookings_search", columns: ["reference", "name", "email", "phone"] },
  gift_vouchers: { index: "gift_vouchers_search", columns: ["voucher_code", "recipient_name", "recipient_email", "sender_name", "sender_email"] },
  newsletter_subscriptions: { index: "newsletter_subscriptions_search", columns: ["email", "first_name", "last_name"] },
};

const INDEXES = [
  // Counts of the reservations list and its stats by status, without reading the rows.
  "CREATE INDEX bookings_status_hold ON bookings (status, hold_expires_at)",
  // Today's and upcoming reservations (and their guests) from a range of dates.
  "CREATE INDEX bookings_day_status ON bookings (date, status, hold_expires_at, guests)",
  "CREATE INDEX gift_vouchers_created ON gift_vouchers (created_at, id)",
  "CREATE INDEX gift_vouchers_state ON gift_vouchers (is_redeemed, expiry_date)",
  "CREATE INDEX gift_vouchers_price ON gift_vouchers (price_text)",
  "CREATE INDEX newsletter_subscriptions_created ON newsletter_subscriptions (created_at, id)",
  "CREATE INDEX newsletter_subscriptions_active ON newsletter_subscriptions (is_active)",
  "CREATE INDEX inquiries_list ON inquiries (is_resolved, created_at, id)",
];

// PostgreSQL has no FTS5: the same search is a GIN index of each table's words (decision 021).
// `tearoom_fold` lower-cases and takes the accents off Latin letters ("jose" finds "José"), as
// FTS5's remove_diacritics does; `tearoom_words` is the searched columns' text with everything
// but letters and digits turned to spaces, so an e-mail address is words as FTS5 reads it.
export const FOLD_FROM =
  "ÀÁÂÃÄÅĀĂĄàáâãäåāăąÇĆĈĊČçćĉċčĎĐďđÈÉÊËĒĔĖĘĚèéêëēĕėęěĜĞĠĢĝğġģĤĦĥħÌÍÎÏĨĪĬĮİìíîïĩīĭįıĴĵĶķĹĻĽĿŁĺļľŀłÑŃŅŇñńņňÒÓÔÕÖØŌŎŐòóôõöøōŏőŔŖŘŕŗřŚŜŞŠśŝşšŢŤŦţťŧÙÚÛÜŨŪŬŮŰŲùúûüũūŭůűųŴŵÝŸŶýÿŷŹŻŽźżž";
export const FOLD_TO =
  "AAAAAAAAAaaaaaaaaaCCCCCcccccDDddEEEEEEEEEeeeeeeeeeGGGGggggHHhhIIIIIIIIIiiiiiiiiiJjKkLLLLLlllllNNNNnnnnOOOOOOOOOoooooooooRRRrrrSSSSssssTTTtttUUUUUUUUUUuuuuuuuuuuWwYYYyyyZZZzzz";

async function upPostgres(db: Kysely<any>): Promise<void> {
  for (const statement of INDEXES) await sql.raw(statement).execute(db);
  await sql
    .raw(
      `CREATE FUNCTION tearoom_fold(value text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN lower(translate(value, '${FOLD_FROM}', '${FOLD_TO}'))`,
    )
    .execute(db);
  await sql
    .raw(
      `CREATE FUNCTION tearoom_words(VARIADIC value text[]) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE
      RETURN regexp_replace(tearoom_fold(array_to_string(value, ' ')), '[^[:alnum:]]+', ' ', 'g')`,
    )
    .execute(db);
  for (const [table, { index, columns }] of Object.entries(SEARCHED)) {
    await sql.raw(`CREATE INDEX ${index} ON ${table} USING gin (to_tsvector('simple', tearoom_words(${columns.join(", ")})))`).execute(db);
  }
}

export async function up(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) return upPostgres(db);
  for (const statement of INDEXES) await sql.raw(statement).execute(db);
  for (const [table, { index, columns }] of Object.entries(SEARCHED)) {
    const cols = columns.join(", ");
    const newValues = columns.map((c) => `new.${c}`).join(", ");
    const oldValues = columns.map((c) => `old.${c}`).join(", ");
    // remove_diacritics 2: "jose" finds "José"; the tokenizer also lower-cases.
    await sql
      .raw(`CREATE VIRTUAL TABLE ${index} USING fts5(${cols}, content='${table}', content_rowid='id', tokenize='unicode61 remove_diacritics 2')`)
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${index}_insert AFTER INSERT ON ${table} BEGIN
      INSERT INTO ${index} (rowid, ${cols}) VALUES (new.id, ${newValues});
    END`,
      )
      .execute(db);
    await sql
      .raw(
        `CREATE TRIGGER ${index}_delete AFTER DELETE ON ${table} BEGIN
      INSERT INTO ${index} (${index}, rowid, ${cols}) VALUES ('delete', old.id, ${oldValues});
    END`,
      )
      .execute(db);
    // Only changes to searched columns touch the index: a status change costs nothing extra.
    await sql
      .raw(
        `CREATE TRIGGER ${index}_update AFTER UPDATE OF ${cols} ON ${table} BEGIN
      INSERT INTO ${index} (${index}, rowid, ${cols}) VALUES ('delete', old.id, ${oldValues});
      INSERT INTO ${index} (rowid, ${cols}) VALUES (new.id, ${newValues});
    END`,
      )
      .execute(db);
    await sql.raw(`INSERT INTO ${index} (${index}) VALUES ('rebuild')`).execute(db);
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  if (onPostgres(db)) {
    for (const { index } of Object.values(SEARCHED)) await sql.raw(`DROP INDEX ${index}`).execute(db);
    await sql`DROP FUNCTION tearoom_words(text[])`.execute(db);
    await sql`DROP FUNCTION tearoom_fold(text)`.execute(db);
    for (const statement of INDEXES) await sql.raw(`DROP INDEX ${statement.split(" ")[2]}`).execute(db);
    return;
  }
  for (const { index } of Object.values(SEARCHED)) {
    for (const suffix of ["insert", "delete", "update"]) await sql.raw(`DROP TRIGGER ${index}_${suffix}`).execute(db);
    await sql.raw(`DROP TABLE ${index}`).execute(db);
  }
  for (const statement of INDEXES) await sql.raw(`DROP INDEX ${statement.split(" ")[2]}`).execute(db);
}
