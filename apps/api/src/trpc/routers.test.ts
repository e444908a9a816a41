import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, subscribeConfirmed, type TestServer } from "../test/helpers.js";

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

/** Calls a procedure the way the admin app's httpBatchLink does (GET for queries, POST for mutations). */
async function call(path: string, input?: unknown, opts: { mutation?: boolean; auth?: boolean } = {}) {
  const res = opts.mutation
    ? await s.request(`/api/trpc/${path}`, { json: input ?? {}, cookie: opts.auth === false ? undefined : cookie })
    : await s.request(`/api/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`, {
        cookie: opts.auth === false ? undefined : cookie,
      });
  const body = (await res.json()) as { result?: { data: unknown }; error?: { message: string; data: { code: string } } };
  return { status: res.status, data: body.result?.data as any, error: body.error };
}

describe("every staff procedure answers UNAUTHORIZED without a session (R1)", () => {
  it.each([
    ["dashboard.summary", false],
    ["pricing.list", false],
    ["pricing.create", true],
    ["pricing.update", true],
    ["pricing.remove", true],
    ["inquiries.list", false],
    ["inquiries.stats", false],
    ["inquiries.resolve", true],
    ["newsletters.list", false],
    ["newsletters.stats", false],
    ["newsletters.setStatus", true],
    ["newsletters.remove", true],
    ["bookingSettings.list", false],
    ["bookingSettings.create", true],
    ["bookingSettings.update", true],
    ["bookingSettings.remove", true],
    ["bookings.list", false],
    ["bookings.create", true],
    ["bookings.update", true],
    ["bookings.cancel", true],
    ["bookings.refund", true],
    ["vouchers.list", false],
    ["vouchers.stats", false],
    ["vouchers.get", false],
    ["vouchers.redeem", true],
    ["vouchers.resend", true],
    ["vouchers.extend", true],
  ] as const)("%s", async (path, mutation) => {
    const result = await call(path, undefined, { mutation, auth: false });
    expect(result.status).toBe(401);
    expect(result.error).toMatchObject({ message: "Please sign in to continue.", data: { code: "UNAUTHORIZED" } });
  });
});

describe("procedures", () => {
  it("dashboard.summary: counts, first-three previews, quick stats, system status", async () => {
    await s.request("/api/contact", { json: { name: "Ada", email: "ada@example.com", enquiryType: "general-enquiry", message: "Hello there, tearoom!" } });
    await subscribeConfirmed(s, "a@example.com");
    await s.request("/api/bookings", {
      json: { type: "table", date: "2027-06-02", time: "15:00", guests: 2, name: "Today", email: "t@example.com", phone: "1", diningPreference: "lunch" },
    });
    await s.request("/api/bookings", {
      json: { type: "table", date: "2027-06-05", time: "15:00", guests: 2, name: "Later", email: "l@example.com", phone: "1", diningPreference: "lunch" },
    });
    const { status, data } = await call("dashboard.summary");
    expect(status).toBe(200);
    expect(data.counts).toEqual({
      inquiries: { total: 1, unresolved: 1 },
      pricing: { active: 9, inactive: 0 },
      subscribers: { total: 1, active: 1, inactive: 0 },
      reservations: { today: 1, upcoming: 2, total: 2 },
    });
    expect(data.previews.pricing).toHaveLength(3);
    expect(data.previews.settings).toHaveLength(3);
    expect(data.previews.reservations.map((b: { name: string }) => b.name)).toEqual(["Today", "Later"]);
    expect(data.quickStats).toEqual({ totalReservations: 2, activePricing: 9, subscribers: 1, openInquiries: 1 });
    expect(data.systemStatus).toEqual({ payments: "demo", database: "ok", email: "files" });
  });

  it("pricing: create (pounds) / update / remove, with field messages", async () => {
    const created = await call("pricing.create", { name: "Scone", itemType: "traditional-afternoon-tea", price: 4.5, isActive: false }, { mutation: true });
    expect(created.data).toMatchObject({ name: "Scone", price: 450, isActive: false });
    const updated = await call(
      "pricing.update",
      { id: created.data.id, name: "Scone", itemType: "traditional-afternoon-tea", price: 5, isActive: false },
      { mutation: true },
    );
    expect(updated.data).toMatchObject({ price: 500, isActive: false });
    const bad = await call("pricing.create", { name: "", itemType: "traditional-afternoon-tea", price: 1 }, { mutation: true });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("name: Name is required");
    expect((await call("pricing.remove", { id: created.data.id }, { mutation: true })).data).toEqual({ ok: true });
    const missing = await call("pricing.remove", { id: created.data.id }, { mutation: true });
    expect(missing.status).toBe(404);
    expect(missing.error?.data.code).toBe("NOT_FOUND");
    expect((await call("pricing.list")).data).toHaveLength(9);
  });

  it("inquiries: a page of the list, counts, resolve", async () => {
    const list = await call("inquiries.list");
    expect(list.data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect(list.data.items[0]).toMatchObject({ name: "Ada", isResolved: false });
    expect((await call("inquiries.stats")).data).toEqual({ total: 1, unresolved: 1, resolved: 0 });
    expect((await call("inquiries.resolve", { id: list.data.items[0].id }, { mutation: true })).data.isResolved).toBe(true);
    expect((await call("inquiries.stats")).data).toEqual({ total: 1, unresolved: 0, resolved: 1 });
    expect((await call("inquiries.list", { resolved: false })).data).toMatchObject({ items: [], total: 0 });
    const bad = await call("inquiries.list", { pageSize: 1000 });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("pageSize: pageSize must be a whole number from 1 to 200");
  });

  it("newsletters: a page of the list with search, stats, setStatus, remove", async () => {
    const list = await call("newsletters.list", { search: "a@ex" });
    expect(list.data.items.map((x: { email: string }) => x.email)).toEqual(["a@example.com"]);
    expect((await call("newsletters.list")).data).toMatchObject({ total: 1, page: 1, pageSize: 50 });
    expect((await call("newsletters.stats")).data).toEqual({ total: 1, active: 1, inactive: 0 });
    expect((await call("newsletters.setStatus", { id: list.data.items[0].id, isActive: false }, { mutation: true })).data.isActive).toBe(false);
    expect((await call("newsletters.stats")).data).toEqual({ total: 1, active: 0, inactive: 1 });
    expect((await call("newsletters.remove", { id: list.data.items[0].id }, { mutation: true })).data).toEqual({ ok: true });
  });

  it("bookingSettings: list, create, update, remove", async () => {
    expect((await call("bookingSettings.list")).data.length).toBeGreaterThan(20);
    expect((await call("bookingSettings.update", { key: "contact_phone", value: "01234 999999" }, { mutation: true })).data.settingValue).toBe("01234 999999");
    const bad = await call("bookingSettings.update", { key: "contact_phone", value: "  " }, { mutation: true });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("value: Value is required");
    expect((await call("bookingSettings.remove", { key: "contact_phone" }, { mutation: true })).data).toEqual({ ok: true });
    const phone = (await call("bookingSettings.list")).data.find((x: { settingKey: string }) => x.settingKey === "contact_phone");
    expect(phone.settingValue).toBe("01234 567890");
  });

  it("bookings: list with stats and paging, create, update, cancel", async () => {
    const created = await call(
      "bookings.create",
      {
        type: "picnicHamper",
        date: "2027-06-09",
        time: "12:00",
        guests: 4,
        name: "Phone Booking",
        email: "p@example.com",
        phone: "0123",
        hamperType: "standard",
      },
      { mutation: true },
    );
    expect(created.data.overCapacity).toBe(false);
    expect(created.data.booking).toMatchObject({ status: "confirmed", source: "admin", hamperType: "standard" });
    const page = await call("bookings.list", { pageSize: 2, page: 1 });
    expect(page.data).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page.data.items).toHaveLength(2);
    expect(page.data.stats).toMatchObject({ total: 3, today: 1, upcoming: 3, pending: 2, confirmed: 1, cancelled: 0 });
    const change = { id: created.data.booking.id, name: "Phone Booking", email: "p@example.com", phone: "0123", date: "2027-06-09", time: "12:30", guests: 20 };
    const warned = await call("bookings.update", change, { mutation: true });
    expect(warned.status).toBe(409);
    expect((warned.error?.data as unknown as { warnings: { code: string }[] }).warnings.map((w) => w.code)).toEqual(["over-capacity"]);
    const updated = await call("bookings.update", { ...change, acceptWarnings: true }, { mutation: true });
    expect(updated.data.booking).toMatchObject({ time: "12:30", guests: 20 });
    expect(updated.data.overCapacity).toBe(true);
    expect((await call("bookings.cancel", { id: created.data.booking.id }, { mutation: true })).data.status).toBe("cancelled");
    expect((await call("bookings.list", {})).data.total).toBe(2);
    expect((await call("bookings.list", { includeCancelled: true })).data.total).toBe(3);
    const bad = await call(
      "bookings.create",
      { type: "table", date: "2027-06-09", time: "12:00", guests: 0, name: "X", email: "x@example.com", phone: "1" },
      { mutation: true },
    );
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("guests: Please select number of guests.");
  });

  it("vouchers: a page of the list, and the stats on their own", async () => {
    const { data } = await call("vouchers.list", {});
    expect(data).toEqual({ items: [], total: 0, page: 1, pageSize: 50 });
    expect((await call("vouchers.list")).status).toBe(200);
    expect((await call("vouchers.stats")).data).toEqual({ total: 0, active: 0, redeemed: 0, totalValue: 0, remainingValue: 0 });
    const bad = await call("vouchers.list", { page: 0 });
    expect(bad.status).toBe(400);
    expect(bad.error?.message).toBe("page: page must be a whole number of at least 1");
  });

  it("vouchers: get, redeem, resend and extend by code, the signed-in staff member as the ledger's actor (R35)", async () => {
    s.ctx.sqlite
      .prepare(
        `INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date, remaining, print_token)
         VALUES ('picnicHamper', 'TEA-HAMP-ERAB-CDEF', '£69.90', 6990, 2, 'R', 'r@example.com', 'S', 's@example.com', '', 0, NULL, '2027-01-01T00:00:00Z', '2028-01-01', 2, NULL)`,
      )
      .run();
    expect((await call("vouchers.get", { code: "tea-hamp-erab-cdef" })).data).toMatchObject({ peopleRemaining: 2, ledger: [] });
    const redeemed = await call("vouchers.redeem", { code: "TEA-HAMP-ERAB-CDEF", people: 1, note: "Hamper collected" }, { mutation: true });
    expect(redeemed.data).toMatchObject({ peopleRemaining: 1, ledger: [{ actor: "admin", kind: "redemption", people: 1, note: "Hamper collected" }] });
    const tooMany = await call("vouchers.redeem", { code: "TEA-HAMP-ERAB-CDEF", people: 2 }, { mutation: true });
    expect(tooMany.status).toBe(409);
    expect(tooMany.error?.message).toBe("Only 1 person is left on this voucher.");
    const wrongUnit = await call("vouchers.redeem", { code: "TEA-HAMP-ERAB-CDEF", amountPence: 100 }, { mutation: true });
    expect(wrongUnit.status).toBe(400);
    // A voucher from before the print page gets its link when it is resent.
    const resent = await call("vouchers.resend", { code: "TEA-HAMP-ERAB-CDEF", to: "recipient" }, { mutation: true });
    expect(resent.status).toBe(200);
    expect(s.ctx.sqlite.prepare("SELECT print_token FROM gift_vouchers WHERE voucher_code = 'TEA-HAMP-ERAB-CDEF'").pluck().get()).toMatch(/^[0-9a-f]{32}$/);
    const extended = await call("vouchers.extend", { code: "TEA-HAMP-ERAB-CDEF", expiryDate: "2028-06-30" }, { mutation: true });
    expect(extended.data.expiryDate).toBe("2028-06-30");
    expect((await call("vouchers.get", { code: "TEA-ZZZZ-ZZZZ-ZZZZ" })).status).toBe(404);
    // Nothing left: nothing to resend.
    await call("vouchers.redeem", { code: "TEA-HAMP-ERAB-CDEF", people: 1 }, { mutation: true });
    const nothing = await call("vouchers.resend", { code: "TEA-HAMP-ERAB-CDEF", to: "buyer" }, { mutation: true });
    expect(nothing.status).toBe(409);
    expect(nothing.error?.message).toBe("This voucher has nothing left, so there is nothing to resend.");
  });
});
