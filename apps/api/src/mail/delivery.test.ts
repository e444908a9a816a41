import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type SQLite from "better-sqlite3";
import { migrate, openDatabase, type Db } from "../db/database.js";
import { recordMailOutcomePrepared, type MailOutcome } from "../db/repositories/outbox-delivery.js";
import { deliverDueMail, MAX_MAIL_ATTEMPTS, retryDelayMs, startMailDelivery } from "./delivery.js";
import { enqueueMail } from "./outbox.js";
import { createFileTransport, type MailTransport } from "./transports.js";

let db: Db;
let sqlite: SQLite.Database;
let dir: string;
const record = async (outcome: MailOutcome) => recordMailOutcomePrepared(sqlite, outcome);
const FROM = "Heritage Tearoom <hello@heritagetearoom.co.uk>";

async function queue(kind: string, to: string, at = "2026-05-01T10:00:00.000Z", attachments: unknown[] = []) {
  const row = await db
    .insertInto("outbox")
    .values({
      kind,
      to_address: to,
      subject: `Subject ${kind}`,
      text_body: `Text ${kind}`,
      html_body: `<p>Html ${kind}</p>`,
      attachments_json: JSON.stringify(attachments),
      status: "pending",
      next_attempt_at: at,
      created_at: at,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}
const row = (id: number) => db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirstOrThrow();

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-mail-"));
  ({ db, sqlite } = openDatabase(join(dir, "t.sqlite")));
  await migrate(db);
});
afterEach(() => db.destroy());

describe("e-mail delivery (R17)", () => {
  it("writes each due message as a complete .eml file with its attachment and marks it sent", async () => {
    const id = await queue("voucher-recipient", "ada@example.com", undefined, [
      { filename: "afternoon-tea.ics", contentType: "text/calendar", content: "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n" },
    ]);
    const outboxDir = join(dir, "outbox");
    const result = await deliverDueMail({ db, record, transport: createFileTransport(outboxDir), from: FROM, now: () => new Date("2026-05-01T10:00:05Z") });
    expect(result).toEqual({ sent: 1, failed: 0 });
    const files = readdirSync(outboxDir);
    expect(files).toEqual([`${String(id).padStart(6, "0")}-voucher-recipient.eml`]);
    const eml = readFileSync(join(outboxDir, files[0]!), "utf8");
    expect(eml).toMatch(/^To: ada@example.com$/m);
    expect(eml).toMatch(/^Subject: Subject voucher-recipient$/m);
    expect(eml).toContain("Text voucher-recipient");
    expect(eml).toContain("filename=afternoon-tea.ics");
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 1, sent_at: "2026-05-01T10:00:05.000Z" });
  });

  it("renders a message queued as content into its text and HTML bodies when it is sent", async () => {
    await enqueueMail(db, {
      kind: "booking-request-received",
      to: "ada@example.com",
      subject: "We have your booking request (TR-ABCDEF)",
      title: "We have your booking request (TR-ABCDEF)",
      content: { greeting: "Dear Ada <Lovelace>,", intro: ["Thank you for your booking request."], details: [["Reference", "TR-ABCDEF"]] },
    });
    const stored = await db.selectFrom("outbox").selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ text_body: null, html_body: null });
    const sent: { text: string; html: string }[] = [];
    const transport: MailTransport = { name: "files", send: async (m) => void sent.push(m) };
    expect(await deliverDueMail({ db, record, transport, from: FROM, now: () => new Date(Date.now() + 1000) })).toEqual({ sent: 1, failed: 0 });
    expect(sent[0]!.text).toContain("Dear Ada <Lovelace>,\n\nThank you for your booking request.");
    expect(sent[0]!.text).toMatch(/Reference: +TR-ABCDEF/);
    expect(sent[0]!.html).toContain("<title>We have your booking request (TR-ABCDEF)</title>");
    expect(sent[0]!.html).toContain("Dear Ada &lt;Lovelace&gt;,");
  });

  it("writes a message's Reply-To and its own header fields (RFC 8058) into the sent message, and keeps ours", async () => {
    await enqueueMail(db, {
      kind: "newsletter-welcome",
      to: "ada@example.com",
      subject: "Welcome",
      title: "Welcome",
      content: { intro: ["Welcome."] },
      replyTo: "guest@example.com",
      headers: {
        "List-Unsubscribe": "<https://tearoom.example/newsletter/unsubscribe?token=abc>",
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
        "X-Tearoom-Kind": "forged",
      },
    });
    const outboxDir = join(dir, "outbox");
    expect(await deliverDueMail({ db, record, transport: createFileTransport(outboxDir), from: FROM, now: () => new Date(Date.now() + 1000) })).toEqual({
      sent: 1,
      failed: 0,
    });
    // Header fields unfolded (RFC 5322 §2.2.3): long ones are written over two lines.
    const eml = readFileSync(join(outboxDir, readdirSync(outboxDir)[0]!), "utf8").replace(/\r\n[ \t]+/g, " ");
    expect(eml).toMatch(/^Reply-To: guest@example.com$/m);
    expect(eml).toMatch(/^List-Unsubscribe: <https:\/\/tearoom.example\/newsletter\/unsubscribe\?token=abc>$/m);
    expect(eml).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(eml).toMatch(/^X-Tearoom-Kind: newsletter-welcome$/m);
    expect(eml).not.toContain("forged");
  });

  it("marks a message whose stored content cannot be read as failed and still sends the others", async () => {
    const broken = await queue("broken", "a@example.com");
    await db.updateTable("outbox").set({ content_json: "{not json", text_body: null, html_body: null }).where("id", "=", broken).execute();
    const fine = await queue("fine", "b@example.com");
    const sent: string[] = [];
    const transport: MailTransport = { name: "files", send: async (m) => void sent.push(m.kind) };
    expect(await deliverDueMail({ db, record, transport, from: FROM, now: () => new Date("2026-05-01T10:00:05Z") })).toEqual({ sent: 1, failed: 1 });
    expect(sent).toEqual(["fine"]);
    expect(await row(broken)).toMatchObject({ status: "pending", attempts: 1 });
    expect(await row(fine)).toMatchObject({ status: "sent" });
  });

  it("leaves messages that are not yet due", async () => {
    await queue("later", "b@example.com", "2026-05-01T11:00:00.000Z");
    const sent: string[] = [];
    const transport: MailTransport = { name: "files", send: async (m) => void sent.push(m.kind) };
    await deliverDueMail({ db, record, transport, from: FROM, now: () => new Date("2026-05-01T10:30:00Z") });
    expect(sent).toEqual([]);
  });

  it("retries a failed delivery with growing back-off and gives up only after many attempts, keeping the row", async () => {
    const id = await queue("staff-voucher", "staff@example.com");
    let clock = new Date("2026-05-01T10:00:00Z");
    let failuresLeft = 2;
    const transport: MailTransport = {
      name: "smtp",
      send: async () => {
        if (failuresLeft-- > 0) throw new Error("421 try again later");
      },
    };
    const deps = { db, record, transport, from: FROM, now: () => clock };

    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 1 });
    let r = await row(id);
    expect(r).toMatchObject({ status: "pending", attempts: 1, last_error: "421 try again later" });
    expect(new Date(r.next_attempt_at).getTime() - clock.getTime()).toBe(retryDelayMs(1));

    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 0 }); // not due yet
    clock = new Date(r.next_attempt_at);
    expect(await deliverDueMail(deps)).toEqual({ sent: 0, failed: 1 });
    r = await row(id);
    expect(new Date(r.next_attempt_at).getTime() - clock.getTime()).toBe(retryDelayMs(2));
    expect(retryDelayMs(2)).toBeGreaterThan(retryDelayMs(1));

    clock = new Date(r.next_attempt_at);
    expect(await deliverDueMail(deps)).toEqual({ sent: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ status: "sent", attempts: 3 });
  });

  it("marks a message failed after the last attempt without deleting it", async () => {
    const id = await queue("x", "x@example.com");
    await db
      .updateTable("outbox")
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where("id", "=", id)
      .execute();
    const transport: MailTransport = { name: "smtp", send: async () => Promise.reject(new Error("mailbox unavailable")) };
    await deliverDueMail({ db, record, transport, from: FROM, now: () => new Date("2026-05-01T10:00:00Z") });
    expect(await row(id)).toMatchObject({ status: "failed", attempts: MAX_MAIL_ATTEMPTS, last_error: "mailbox unavailable" });
  });

  it("drains a backlog pass after pass, without waiting for the timer", async () => {
    const sent: string[] = [];
    const transport: MailTransport = { name: "files", send: async (m) => void sent.push(m.to) };
    const due = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 60; i++) await queue("closure", `guest${i}@example.com`, due);
    const worker = startMailDelivery({ db, record, transport, from: FROM }, 60_000);
    await worker.idle();
    expect(sent).toHaveLength(60);
    await worker.stop();
  });

  it("gives way to requests: a backlog waits for the timer (or a kick) while requests come in, and drains at once when none do", async () => {
    let requests = 0;
    let rush = true;
    const sent: string[] = [];
    // Each message sent while the rush lasts sees a request come in meanwhile.
    const transport: MailTransport = { name: "files", send: async (m) => void (sent.push(m.to), rush && requests++) };
    const due = new Date(Date.now() - 1000).toISOString();
    for (let i = 0; i < 60; i++) await queue("closure", `guest${i}@example.com`, due);
    const worker = startMailDelivery({ db, record, transport, from: FROM, requestsReceived: () => requests }, 60_000);
    await worker.idle();
    expect(sent).toHaveLength(25);
    rush = false;
    worker.kick();
    await worker.idle();
    expect(sent).toHaveLength(60);
    await worker.stop();
  });

  it("runs in the background and delivers on a kick", async () => {
    const sent: string[] = [];
    const transport: MailTransport = { name: "files", send: async (m) => void sent.push(m.to) };
    const worker = startMailDelivery({ db, record, transport, from: FROM }, 60_000);
    await worker.idle();
    await queue("a", "first@example.com", new Date(Date.now() - 1000).toISOString());
    worker.kick();
    await worker.idle();
    expect(sent).toEqual(["first@example.com"]);
    await worker.stop();
  });
});
