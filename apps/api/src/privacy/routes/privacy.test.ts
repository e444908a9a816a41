import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deliverDueMail } from "../../mail/delivery.js";
import { createFileTransport } from "../../mail/transports.js";
import { mailDirectory } from "../../mail/written-messages.js";
import { applyRetention } from "../services/privacy.js";
import { newVisitor, queuedMails, startTestServer, subscribeConfirmed, type TestServer } from "../../test/helpers.js";

// R39: the owner exports and erases what is held about a person; retention erases it on its own.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const SATURDAY = "2027-06-05";
const ada = { name: "Ada Lovelace", email: "ada@example.com", phone: "07700 900001" };
const bob = { name: "Bob Marley", email: "bob@example.com", phone: "07700 900002" };
const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };

async function buyVoucher(buyer: { name: string; email: string }, recipient: { name: string; email: string }): Promise<void> {
  const intent = await (await s.request("/api/create-payment-intent", { json: { voucherType: "monetary", amount: 50 } })).json();
  const details = {
    recipientName: recipient.name,
    recipientEmail: recipient.email,
    senderName: buyer.name,
    senderEmail: buyer.email,
    message: "For tea in the garden",
  };
  expect(
    (await s.request("/api/payments/voucher-details", { json: { clientSecret: intent.clientSecret, voucherType: "monetary", amount: 50, ...details } })).status,
  ).toBe(200);
  expect((await s.request("/api/payments/demo/confirm", { json: { clientSecret: intent.clientSecret, card, returnUrl: "/confirmation" } })).status).toBe(200);
}
const exportOf = async (email: string) => (await s.request(`/api/privacy/export?email=${encodeURIComponent(email)}`, { cookie })).json();

describe("export and erase (R39)", () => {
  beforeAll(async () => {
    for (const who of [ada, bob]) {
      const garden = {
        type: "secretGarden",
        date: SATURDAY,
        time: who === ada ? "12:00" : "14:00",
        guests: 2,
        ...who,
        gardenSpotId: "pond-pavilion",
        specialRequests: "A quiet corner",
      };
      expect((await s.request("/api/bookings", { from: newVisitor(), json: garden })).status).toBe(201);
    }
    expect(
      (
        await s.request("/api/bookings", {
          from: newVisitor(),
          json: { type: "table", date: SATURDAY, time: "12:00", guests: 2, ...ada, email: "ADA@example.com", diningPreference: "lunch" },
        })
      ).status,
    ).toBe(201);
    expect((await s.request("/api/contact", { json: { ...ada, enquiryType: "general-enquiry", message: "Do you have gluten-free scones?" } })).status).toBe(
      201,
    );
    await subscribeConfirmed(s, ada.email, { firstName: "Ada" });
    await buyVoucher(ada, bob);
    await buyVoucher(bob, ada);
  });

  it("is the owner's: a staff account gets 403 and nothing is exported or erased", async () => {
    expect((await s.request("/api/staff-users", { cookie, json: { username: "sam", password: "long-enough-1", role: "staff" } })).status).toBe(201);
    const login = await s.request("/api/admin/login", { json: { username: "sam", password: "long-enough-1" } });
    const staff = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
    const before = s.ctx.sqlite.prepare("SELECT count(*) AS n FROM bookings WHERE name = 'Erased'").get();
    for (const res of [
      await s.request("/api/privacy/export?email=ada@example.com", { cookie: staff }),
      await s.request("/api/privacy/erase", { cookie: staff, json: { email: "ada@example.com" } }),
    ]) {
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe("Only the owner can export or erase a person's data.");
    }
    expect(s.ctx.sqlite.prepare("SELECT count(*) AS n FROM bookings WHERE name = 'Erased'").get()).toEqual(before);
  });

  it("needs a staff session and a valid address", async () => {
    expect((await s.request("/api/privacy/export?email=ada@example.com")).status).toBe(401);
    expect((await s.request("/api/privacy/erase", { json: { email: "ada@example.com" } })).status).toBe(401);
    const bad = await s.request("/api/privacy/export?email=not-an-address", { cookie });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toMatch(/valid email/);
    expect((await s.request("/api/privacy/erase", { cookie, json: {} })).status).toBe(400);
  });

  it("exports everything held about an address, whatever its case, as a file", async () => {
    const res = await s.request("/api/privacy/export?email=Ada@Example.com", { cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="personal-data.json"');
    expect(res.headers.get("cache-control")).toBe("no-store");
    const data = await res.json();
    expect(data.bookings.map((b: { type: string }) => b.type).sort()).toEqual(["secretGarden", "table"]);
    expect(data.bookings[0]).toMatchObject({ name: "Ada Lovelace", specialRequests: "A quiet corner" });
    expect(data.vouchers).toHaveLength(2);
    expect(data.enquiries).toMatchObject([{ message: "Do you have gluten-free scones?" }]);
    expect(data.subscriptions).toMatchObject([{ email: "ada@example.com", firstName: "Ada", isActive: true }]);
  });

  it("erases the person everywhere and keeps amounts, dates, references and everyone else", async () => {
    const before = await exportOf(ada.email);
    // The messages are written as .eml files (no SMTP), as the server's delivery does.
    const mailDir = mailDirectory(s.ctx.env);
    const delivery = { db: s.ctx.db, record: (o: Parameters<typeof s.ctx.writer.recordMailOutcome>[0]) => s.ctx.writer.recordMailOutcome(o) };
    while ((await deliverDueMail({ ...delivery, transport: createFileTransport(mailDir), from: "Tearoom <hello@example.com>", now: () => s.clock.now })).sent);
    // And one written by an older version, whose outbox row is already gone.
    writeFileSync(join(mailDir, "000999-booking-request.eml"), "To: ada@example.com\r\nSubject: Hello\r\n\r\nDear Ada Lovelace");
    const written = () => readdirSync(mailDir).map((name) => readFileSync(join(mailDir, name), "utf8"));
    expect(written().filter((eml) => eml.includes("ada@example.com")).length).toBeGreaterThan(3);
    expect(written().some((eml) => eml.includes("/booking/"))).toBe(true);
    const mentionsAda = (eml: string) => /ada@example\.com|Lovelace/i.test(eml.replace(/=\r?\n/g, ""));
    const bobsFiles = written().filter((eml) => eml.includes("bob@example.com") && !mentionsAda(eml)).length;
    expect(bobsFiles).toBeGreaterThan(0);

    const res = await s.request("/api/privacy/erase", { cookie, json: { email: "ada@example.com" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ bookings: 2, vouchers: 2, enquiries: 1, subscriptions: 1, waitlist: 0 });

    expect(await exportOf(ada.email)).toMatchObject({ bookings: [], vouchers: [], enquiries: [], subscriptions: [] });
    const rows = s.ctx.sqlite
      .prepare("SELECT * FROM bookings WHERE reference IN (?, ?)")
      .all(...before.bookings.map((b: { reference: string }) => b.reference)) as Record<string, unknown>[];
    for (const row of rows)
      expect(row).toMatchObject({ name: "Erased", email: "erased@erased.invalid", phone: "", special_requests: null, date: SATURDAY, guests: 2 });
    // The vouchers stay valid; only Ada's side of each is gone.
    const vouchers = s.ctx.sqlite.prepare("SELECT * FROM gift_vouchers ORDER BY id").all() as Record<string, unknown>[];
    expect(vouchers).toMatchObject([
      { sender_name: "Erased", recipient_name: "Bob Marley", recipient_email: "bob@example.com", price_pence: 5000, message: "[erased]" },
      { sender_name: "Bob Marley", sender_email: "bob@example.com", recipient_name: "Erased", price_pence: 5000 },
    ]);
    expect(queuedMails(s, { to: ada.email })).toEqual([]);
    expect(queuedMails(s).some((m) => m.all.includes("ada@example.com"))).toBe(false);
    // R42: the written messages went with their rows (her name, address and manage links); Bob's stay.
    expect(written().filter(mentionsAda)).toEqual([]);
    expect(written().filter((eml) => eml.includes("bob@example.com")).length).toBe(bobsFiles);
    // And the bytes are gone from the database file and its WAL too (secure_delete, the WAL truncated).
    const file = s.ctx.env.databaseFile;
    for (const part of [file, `${file}-wal`].filter((f) => existsSync(f)))
      expect(readFileSync(part).toString("latin1").toLowerCase().includes("lovelace"), `"lovelace" is still readable in ${part.slice(file.length - 15)}`).toBe(
        false,
      );
    // Bob keeps everything.
    expect((await exportOf(bob.email)).bookings).toMatchObject([{ name: "Bob Marley", specialRequests: "A quiet corner" }]);
    // R40: the record says who erased how much, never whose address.
    const [event] = await (await s.request("/api/audit-events?action=privacy.erase", { cookie })).json();
    expect(event).toMatchObject({
      actor: "admin",
      action: "privacy.erase",
      subject: "A person's data",
      before: { bookings: 2, vouchers: 2, enquiries: 1, subscriptions: 1 },
      after: null,
    });
    expect(JSON.stringify(event)).not.toContain("ada");
    // Nothing left: erasing again erases nothing.
    expect(await (await s.request("/api/privacy/erase", { cookie, json: { email: "ada@example.com" } })).json()).toEqual({
      bookings: 0,
      vouchers: 0,
      enquiries: 0,
      subscriptions: 0,
      waitlist: 0,
    });
  });
});

describe("retention (R39)", () => {
  it("erases bookings retention_months after the visit and enquiries that long after they were resolved, once", async () => {
    const insert = (reference: string, date: string) =>
      s.ctx.sqlite
        .prepare(
          `INSERT INTO bookings (reference, type, status, name, email, phone, date, time, guests, include_wine, source, created_at, updated_at, dietary_requirements)
           VALUES (?, 'afternoonTea', 'confirmed', 'Old Guest', 'old@example.com', '01234', ?, '12:00', 2, 0, 'admin', ?, ?, 'No nuts')`,
        )
        .run(reference, date, `${date}T09:00:00.000Z`, `${date}T09:00:00.000Z`);
    insert("TR-OLD001", "2025-05-31"); // more than 24 months before 2 June 2027
    insert("TR-OLD002", "2025-06-02"); // exactly 24 months: kept until tomorrow
    const enquiry = (resolvedAt: string) =>
      s.ctx.sqlite
        .prepare(
          "INSERT INTO inquiries (name, email, phone, enquiry_type, message, is_resolved, created_at, resolved_at) VALUES ('Old Asker', 'asker@example.com', NULL, 'general-enquiry', 'Hello', 1, ?, ?)",
        )
        .run(resolvedAt, resolvedAt);
    enquiry("2025-05-01T10:00:00.000Z");
    enquiry("2026-01-01T10:00:00.000Z");
    // E-mails about them: the old sent one goes with its written file; one still to send stays.
    const message = (status: string, createdAt: string) =>
      (
        s.ctx.sqlite
          .prepare(
            `INSERT INTO outbox (kind, to_address, subject, content_json, attachments_json, status, next_attempt_at, created_at)
             VALUES ('booking-request', 'old@example.com', 'Hello', '{"title":"Old Guest"}', '[]', ?, ?, ?) RETURNING id`,
          )
          .get(status, createdAt, createdAt) as { id: number }
      ).id;
    const sent = message("sent", "2025-05-30T10:00:00.000Z");
    const pending = message("pending", "2025-05-30T10:00:00.000Z");
    const recent = message("sent", "2025-06-03T10:00:00.000Z");
    const mailDir = mailDirectory(s.ctx.env);
    const fileOf = (id: number) => join(mailDir, `${String(id).padStart(6, "0")}-booking-request.eml`);
    for (const id of [sent, recent]) writeFileSync(fileOf(id), "To: old@example.com\r\n\r\nDear Old Guest");

    expect(await applyRetention(s.ctx)).toEqual({ bookings: 1, enquiries: 1, waitlist: 0, messages: 1 });
    const left = s.ctx.sqlite.prepare("SELECT id FROM outbox WHERE id IN (?, ?, ?) ORDER BY id").all(sent, pending, recent) as { id: number }[];
    expect(left.map((row) => row.id)).toEqual([pending, recent]);
    expect([existsSync(fileOf(sent)), existsSync(fileOf(recent))]).toEqual([false, true]);
    const booking = (reference: string) =>
      s.ctx.sqlite.prepare("SELECT name, email, dietary_requirements, erased_at, guests FROM bookings WHERE reference = ?").get(reference);
    expect(booking("TR-OLD001")).toEqual({
      name: "Erased",
      email: "erased@erased.invalid",
      dietary_requirements: null,
      erased_at: s.clock.now.toISOString(),
      guests: 2,
    });
    expect(booking("TR-OLD002")).toMatchObject({ name: "Old Guest" });
    expect(s.ctx.sqlite.prepare("SELECT name, message FROM inquiries WHERE name != 'Old Asker' AND resolved_at < '2025-06-01'").all()).toEqual([
      { name: "Erased", message: "[erased]" },
    ]);
    expect(await applyRetention(s.ctx)).toEqual({ bookings: 0, enquiries: 0, waitlist: 0, messages: 0 });
  });
});
