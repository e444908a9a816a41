import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { deliverableMail, enqueueMail } from "../mail/outbox.js";
import { migrate, migrations, openDatabase, type Db } from "./database.js";
import * as m001 from "./migrations/001-initial.js";
import * as m002 from "./migrations/002-payments.js";
import * as m003 from "./migrations/003-outbox-content.js";
import * as m004 from "./migrations/004-client-address.js";

let db: Db | undefined;
afterEach(() => db?.destroy());

it("keeps the rendered bodies of e-mails queued before the outbox stored content, and sends them unchanged", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const before = new Migrator({ db, provider: { getMigrations: async () => ({ "001-initial": m001, "002-payments": m002 }) } });
  expect((await before.migrateToLatest()).error).toBeUndefined();
  await sql`INSERT INTO outbox (kind, to_address, subject, text_body, html_body, attachments_json, status, attempts, next_attempt_at, created_at)
    VALUES ('booking-confirmed', 'ada@example.com', 'Confirmed', 'Dear Ada', '<p>Dear Ada</p>', '[]', 'pending', 0, '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z')`.execute(
    db,
  );

  await migrate(db);

  const row = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
  expect(row).toMatchObject({ kind: "booking-confirmed", status: "pending", content_json: null });
  expect(deliverableMail(row)).toMatchObject({ to: "ada@example.com", subject: "Confirmed", text: "Dear Ada", html: "<p>Dear Ada</p>" });
  // The due-message index came back with the new table.
  const indexes = await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'outbox'`.execute(db);
  expect(indexes.rows.map((r) => r.name)).toContain("outbox_due");
});

it("going back before 003 keeps every queued message, with empty bodies for those stored as content", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  await migrate(db);
  await enqueueMail(db, {
    kind: "staff-new-booking",
    to: "hello@example.com",
    subject: "New booking",
    title: "New booking",
    content: { intro: ["A booking"] },
  });
  const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await all.migrateTo("002-payments")).error).toBeUndefined();
  const rows = await sql<{ kind: string; text_body: string; html_body: string; status: string }>`SELECT kind, text_body, html_body, status FROM outbox`.execute(
    db,
  );
  expect(rows.rows).toEqual([{ kind: "staff-new-booking", text_body: "", html_body: "", status: "pending" }]);
});

const before005 = { "001-initial": m001, "002-payments": m002, "003-outbox-content": m003 };

it("005: subscribers who consented under the old flow stay active with their consent; new rows may wait for it", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  expect((await new Migrator({ db, provider: { getMigrations: async () => before005 } }).migrateToLatest()).error).toBeUndefined();
  await sql`INSERT INTO newsletter_subscriptions (email, first_name, last_name, is_active, source, consent_at, unsubscribe_token, created_at) VALUES
    ('ada@example.com', 'Ada', NULL, 1, 'popup', '2026-05-01T10:00:00.000Z', 'tok-ada', '2026-05-01T10:00:00.000Z'),
    ('gone@example.com', NULL, NULL, 0, 'footer', '2026-04-01T10:00:00.000Z', 'tok-gone', '2026-04-01T10:00:00.000Z'),
    ('deleted@example.com', NULL, NULL, 1, 'footer', '2026-04-02T10:00:00.000Z', 'tok-deleted', '2026-04-02T10:00:00.000Z')`.execute(db);
  await sql`DELETE FROM newsletter_subscriptions WHERE email = 'deleted@example.com'`.execute(db);

  await migrate(db);

  const rows = await db.selectFrom("newsletter_subscriptions").selectAll().orderBy("id").execute();
  expect(rows).toEqual([
    {
      id: 1,
      email: "ada@example.com",
      first_name: "Ada",
      last_name: null,
      is_active: 1,
      source: "popup",
      consent_at: "2026-05-01T10:00:00.000Z",
      unsubscribe_token: "tok-ada",
      created_at: "2026-05-01T10:00:00.000Z",
      confirm_token_hash: null,
      confirm_sent_at: null,
    },
    {
      id: 2,
      email: "gone@example.com",
      first_name: null,
      last_name: null,
      is_active: 0,
      source: "footer",
      consent_at: "2026-04-01T10:00:00.000Z",
      unsubscribe_token: "tok-gone",
      created_at: "2026-04-01T10:00:00.000Z",
      confirm_token_hash: null,
      confirm_sent_at: null,
    },
  ]);
  // The id of the deleted subscription is not handed out again, and a row can now wait for consent.
  const added = await db
    .insertInto("newsletter_subscriptions")
    .values({
      email: "new@example.com",
      first_name: null,
      last_name: null,
      is_active: 0,
      source: "api",
      consent_at: null,
      unsubscribe_token: "tok-new",
      created_at: "2026-06-01T10:00:00.000Z",
      confirm_token_hash: "h",
      confirm_sent_at: "2026-06-01T10:00:00.000Z",
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(added.id).toBe(4);
  // E-mail, unsubscribe token and confirmation hash stay unique.
  await expect(
    sql`INSERT INTO newsletter_subscriptions (email, is_active, source, unsubscribe_token, created_at) VALUES ('ada@example.com', 0, 'api', 'other', 'x')`.execute(
      db,
    ),
  ).rejects.toThrow(/UNIQUE/);
  await expect(
    sql`INSERT INTO newsletter_subscriptions (email, is_active, source, unsubscribe_token, created_at, confirm_token_hash) VALUES ('b@example.com', 0, 'api', 'other', 'x', 'h')`.execute(
      db,
    ),
  ).rejects.toThrow(/UNIQUE/);
});

it("005 going back keeps every row; one never confirmed stays inactive with its request time as consent", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  await migrate(db);
  await sql`INSERT INTO newsletter_subscriptions (email, is_active, source, consent_at, unsubscribe_token, created_at, confirm_token_hash, confirm_sent_at) VALUES
    ('ada@example.com', 1, 'popup', '2026-05-02T10:00:00.000Z', 'tok-ada', '2026-05-01T10:00:00.000Z', NULL, NULL),
    ('new@example.com', 0, 'api', NULL, 'tok-new', '2026-06-01T10:00:00.000Z', 'h', '2026-06-01T10:00:00.000Z')`.execute(db);
  const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await all.migrateTo("003-outbox-content")).error).toBeUndefined();
  const rows = await sql<Record<string, unknown>>`SELECT email, is_active, consent_at FROM newsletter_subscriptions ORDER BY id`.execute(db);
  expect(rows.rows).toEqual([
    { email: "ada@example.com", is_active: 1, consent_at: "2026-05-02T10:00:00.000Z" },
    { email: "new@example.com", is_active: 0, consent_at: "2026-06-01T10:00:00.000Z" },
  ]);
});

it("005 refuses to copy a subscriptions table with columns it does not know, rather than lose them", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  expect((await new Migrator({ db, provider: { getMigrations: async () => before005 } }).migrateToLatest()).error).toBeUndefined();
  await sql`ALTER TABLE newsletter_subscriptions ADD COLUMN erased_at text`.execute(db);
  await expect(migrate(db)).rejects.toThrow(/does not copy: erased_at/);
});

it("004 gives bookings made before it no client key, adds the indexes R23's counts read, and goes back cleanly", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const migrations = { "001-initial": m001, "002-payments": m002, "003-outbox-content": m003, "004-client-address": m004 };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("003-outbox-content")).error).toBeUndefined();
  await sql`INSERT INTO bookings (reference, type, status, name, email, phone, date, time, guests, source, created_at, updated_at)
    VALUES ('TR-OLD001', 'table', 'pending', 'Ada', 'ada@example.com', '0123', '2026-06-03', '12:00', 2, 'public', '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z')`.execute(
    db,
  );

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect((await sql<{ client_key: string | null }>`SELECT client_key FROM bookings`.execute(db)).rows).toEqual([{ client_key: null }]);
  const indexes = async () =>
    (
      await sql<{
        name: string;
      }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bookings' AND name LIKE 'bookings_%' ORDER BY name`.execute(db!)
    ).rows.map((r) => r.name);
  expect(await indexes()).toEqual(["bookings_client_created", "bookings_date", "bookings_held_client", "bookings_held_email", "bookings_slot"]);

  expect((await migrator.migrateTo("003-outbox-content")).error).toBeUndefined();
  expect(await indexes()).toEqual(["bookings_date", "bookings_slot"]);
  expect((await sql<{ reference: string }>`SELECT reference FROM bookings`.execute(db)).rows).toEqual([{ reference: "TR-OLD001" }]);
});

it("006 indexes the rows already there for search, keeps the index up to date through the triggers, and goes back cleanly", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await all.migrateTo("005-newsletter-opt-in")).error).toBeUndefined();
  await sql`INSERT INTO newsletter_subscriptions (email, first_name, last_name, is_active, source, consent_at, unsubscribe_token, created_at)
    VALUES ('ada@example.com', 'Ada', 'Lovelace', 1, 'popup', '2026-05-02T10:00:00.000Z', 'tok-ada', '2026-05-01T10:00:00.000Z')`.execute(db);
  await migrate(db);
  const found = async (match: string) =>
    (await sql<{ id: number }>`SELECT rowid AS id FROM newsletter_subscriptions_search WHERE newsletter_subscriptions_search MATCH ${match}`.execute(db!)).rows
      .length;
  expect(await found('"love"*')).toBe(1);
  await sql`UPDATE newsletter_subscriptions SET last_name = 'Byron'`.execute(db);
  expect(await found('"love"*')).toBe(0);
  expect(await found('"byr"*')).toBe(1);
  await sql`DELETE FROM newsletter_subscriptions`.execute(db);
  expect(await found('"ada"*')).toBe(0);
  expect((await all.migrateTo("005-newsletter-opt-in")).error).toBeUndefined();
  const left = await sql<{
    name: string;
  }>`SELECT name FROM sqlite_master WHERE name LIKE '%_search%' OR name IN ('bookings_status_hold', 'inquiries_list')`.execute(db);
  expect(left.rows).toEqual([]);
});

it("008 keeps the item each type was selling active, turns the monetary voucher into its four amounts, and makes a second active item impossible", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await all.migrateTo("006-admin-lists")).error).toBeUndefined();
  const at = "2026-05-01T10:00:00.000Z";
  const add = (name: string, type: string, pence: number, active: number) =>
    sql`INSERT INTO pricing_items (name, item_type, price_pence, is_active, created_at, updated_at) VALUES (${name}, ${type}, ${pence}, ${active}, ${at}, ${at})`.execute(
      db!,
    );
  await add("Traditional Afternoon Tea", "traditional-afternoon-tea", 2995, 1);
  await add("Oops", "traditional-afternoon-tea", 500, 1);
  await add("Old tea", "traditional-afternoon-tea", 2500, 0);
  await add("Monetary Gift Voucher", "gift-voucher-monetary", 5000, 1);
  await add("Odd amount", "gift-voucher-monetary", 1234, 1);
  await add("Champagne Afternoon Tea", "champagne-afternoon-tea", 3995, 0);

  await migrate(db);

  const rows = await sql<{
    name: string;
    item_type: string;
    price_pence: number;
    is_active: number;
  }>`SELECT name, item_type, price_pence, is_active FROM pricing_items ORDER BY id`.execute(db);
  expect(rows.rows.map((r) => [r.name, r.price_pence, r.is_active])).toEqual([
    ["Traditional Afternoon Tea", 2995, 1],
    ["Oops", 500, 0],
    ["Old tea", 2500, 0],
    ["Monetary Gift Voucher", 5000, 1],
    ["Odd amount", 1234, 0],
    ["Champagne Afternoon Tea", 3995, 0],
    ["Monetary Gift Voucher £25", 2500, 1],
    ["Monetary Gift Voucher £75", 7500, 1],
    ["Monetary Gift Voucher £100", 10_000, 1],
  ]);
  await expect(add("Second", "traditional-afternoon-tea", 100, 1)).rejects.toThrow(/UNIQUE/);
  await expect(add("Second fifty", "gift-voucher-monetary", 5000, 1)).rejects.toThrow(/UNIQUE/);
  await add("Another amount", "gift-voucher-monetary", 20_000, 1);

  expect((await all.migrateTo("006-admin-lists")).error).toBeUndefined();
  await add("Second", "traditional-afternoon-tea", 100, 1);
});

it("008 leaves monetary vouchers off sale where they were", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await all.migrateTo("006-admin-lists")).error).toBeUndefined();
  await sql`INSERT INTO pricing_items (name, item_type, price_pence, is_active, created_at, updated_at) VALUES ('Monetary Gift Voucher', 'gift-voucher-monetary', 5000, 0, 'x', 'x')`.execute(
    db,
  );
  await migrate(db);
  const rows = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM pricing_items WHERE is_active = 1`.execute(db);
  expect(rows.rows[0]?.n).toBe(0);
});

it("009: the first staff account becomes the owner, later ones staff; the audit table starts empty", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const upTo006 = Object.fromEntries(Object.entries(migrations).filter(([name]) => name < "009"));
  expect((await new Migrator({ db, provider: { getMigrations: async () => upTo006 } }).migrateToLatest()).error).toBeUndefined();
  await sql`INSERT INTO staff_users (username, password_hash, created_at) VALUES ('first', 'x', '2026-01-01T00:00:00.000Z'), ('second', 'y', '2026-02-01T00:00:00.000Z')`.execute(
    db,
  );
  await migrate(db);
  const rows = await sql<{ username: string; role: string }>`SELECT username, role FROM staff_users ORDER BY id`.execute(db);
  expect(rows.rows).toEqual([
    { username: "first", role: "owner" },
    { username: "second", role: "staff" },
  ]);
  expect((await sql`SELECT * FROM audit_events`.execute(db)).rows).toEqual([]);
  await expect(sql`UPDATE staff_users SET role = 'admin' WHERE username = 'first'`.execute(db)).rejects.toThrow(/CHECK/);
});

it("010 starts each voucher's ledger from what it was: the full value left, or a redeemed one used up with one entry; and goes back cleanly", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const all = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await all.migrateTo("006-admin-lists")).error).toBeUndefined();
  const insert = (type: string, code: string, pence: number, people: number | null, redeemed: number) =>
    sql`INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date)
      VALUES (${type}, ${code}, '£', ${pence}, ${people}, 'R', 'r@example.com', 'S', 's@example.com', '', ${redeemed}, NULL, '2026-05-01T10:00:00.000Z', '2027-05-01')`.execute(
      db!,
    );
  await insert("monetary", "TEA-AAAA-AAAA-AAAA", 5000, null, 0);
  await insert("afternoonTea", "TEA-BBBB-BBBB-BBBB", 5990, 2, 0);
  await insert("monetary", "TEA-CCCC-CCCC-CCCC", 2500, null, 1);
  await migrate(db);
  const rows = await sql<{
    voucher_code: string;
    remaining: number;
    print_token: string;
  }>`SELECT voucher_code, remaining, print_token FROM gift_vouchers ORDER BY id`.execute(db);
  expect(rows.rows.map((r) => [r.voucher_code, r.remaining])).toEqual([
    ["TEA-AAAA-AAAA-AAAA", 5000],
    ["TEA-BBBB-BBBB-BBBB", 2],
    ["TEA-CCCC-CCCC-CCCC", 0],
  ]);
  // Each has a print token of its own, 128 random bits in hex.
  expect(new Set(rows.rows.map((r) => r.print_token)).size).toBe(3);
  for (const r of rows.rows) expect(r.print_token).toMatch(/^[0-9a-f]{32}$/);
  const ledger = await sql<{
    voucher_id: number;
    kind: string;
    amount_pence: number;
    actor: string;
  }>`SELECT voucher_id, kind, amount_pence, actor FROM voucher_ledger`.execute(db);
  expect(ledger.rows).toEqual([{ voucher_id: 3, kind: "redemption", amount_pence: 2500, actor: "system" }]);
  expect((await all.migrateTo("006-admin-lists")).error).toBeUndefined();
  const columns = await sql<{ name: string }>`SELECT name FROM pragma_table_info('gift_vouchers')`.execute(db);
  expect(columns.rows.map((c) => c.name)).not.toContain("remaining");
  expect((await sql<{ n: number }>`SELECT count(*) AS n FROM sqlite_master WHERE name = 'voucher_ledger'`.execute(db)).rows[0]!.n).toBe(0);
});

it("018: the voucher part of a booking is read through an index, not the whole ledger; and goes back cleanly", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  await migrate(db);
  const plan = async () =>
    (await sql<{ detail: string }>`EXPLAIN QUERY PLAN SELECT * FROM voucher_ledger WHERE booking_reference IN ('TR-A', 'TR-B')`.execute(db!)).rows
      .map((r) => r.detail)
      .join("\n");
  expect(await plan()).toMatch(/USING INDEX voucher_ledger_booking/);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("016-manage-links")).error).toBeUndefined();
  expect(await plan()).not.toMatch(/voucher_ledger_booking/);
});
