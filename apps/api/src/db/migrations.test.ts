import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Migrator, sql } from "kysely";
import { afterEach, expect, it } from "vitest";
import { deliverableMail } from "../mail/outbox.js";
import { migrate, openDatabase, type Db } from "./database.js";
import * as m001 from "./migrations/001-initial.js";
import * as m002 from "./migrations/002-payments.js";

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
