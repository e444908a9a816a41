import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { deliverableMail, enqueueMail } from "../mail/outbox.js";
import { migrate, openDatabase, type Db } from "./database.js";
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
    VALUES ('booking-confirmed', 'ada@example.com', 'Confirmed', 'Dear Ada', '<p>Dear Ada</p>', '[]', 'pending', 0, '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z')`.execute(db);

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
  await enqueueMail(db, { kind: "staff-new-booking", to: "hello@example.com", subject: "New booking", title: "New booking", content: { intro: ["A booking"] } });
  const all = new Migrator({ db, provider: { getMigrations: async () => ({ "001-initial": m001, "002-payments": m002, "003-outbox-content": m003, "004-client-address": m004 }) } });
  expect((await all.migrateTo("002-payments")).error).toBeUndefined();
  const rows = await sql<{ kind: string; text_body: string; html_body: string; status: string }>`SELECT kind, text_body, html_body, status FROM outbox`.execute(db);
  expect(rows.rows).toEqual([{ kind: "staff-new-booking", text_body: "", html_body: "", status: "pending" }]);
});

it("004 gives bookings made before it no client key, adds the indexes R23's counts read, and goes back cleanly", async () => {
  db = openDatabase(join(mkdtempSync(join(tmpdir(), "tearoom-migrate-")), "t.sqlite")).db;
  const migrations = { "001-initial": m001, "002-payments": m002, "003-outbox-content": m003, "004-client-address": m004 };
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("003-outbox-content")).error).toBeUndefined();
  await sql`INSERT INTO bookings (reference, type, status, name, email, phone, date, time, guests, source, created_at, updated_at)
    VALUES ('TR-OLD001', 'table', 'pending', 'Ada', 'ada@example.com', '0123', '2026-06-03', '12:00', 2, 'public', '2026-05-01T10:00:00.000Z', '2026-05-01T10:00:00.000Z')`.execute(db);

  expect((await migrator.migrateToLatest()).error).toBeUndefined();
  expect((await sql<{ client_key: string | null }>`SELECT client_key FROM bookings`.execute(db)).rows).toEqual([{ client_key: null }]);
  const indexes = async () => (await sql<{ name: string }>`SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'bookings' AND name LIKE 'bookings_%' ORDER BY name`.execute(db!)).rows.map((r) => r.name);
  expect(await indexes()).toEqual(["bookings_client_created", "bookings_date", "bookings_held_client", "bookings_held_email", "bookings_slot"]);

  expect((await migrator.migrateTo("003-outbox-content")).error).toBeUndefined();
  expect(await indexes()).toEqual(["bookings_date", "bookings_slot"]);
  expect((await sql<{ reference: string }>`SELECT reference FROM bookings`.execute(db)).rows).toEqual([{ reference: "TR-OLD001" }]);
});
