import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, subscribeConfirmed, type TestServer } from "../test/helpers.js";

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });

describe("every admin path answers 401 without a session (R1)", () => {
  it.each([
    ["GET", "/api/inquiries"],
    ["GET", "/api/inquiries/stats"],
    ["POST", "/api/inquiries/resolve/1"],
    ["GET", "/api/pricing"],
    ["POST", "/api/pricing"],
    ["PATCH", "/api/pricing/1"],
    ["DELETE", "/api/pricing/1"],
    ["GET", "/api/newsletters"],
    ["GET", "/api/newsletters/stats"],
    ["PATCH", "/api/newsletters/1/status"],
    ["DELETE", "/api/newsletters/1"],
    ["GET", "/api/booking-settings"],
    ["POST", "/api/booking-settings"],
    ["PATCH", "/api/booking-settings/open_days"],
    ["DELETE", "/api/booking-settings/open_days"],
    ["GET", "/api/bookings"],
    ["PATCH", "/api/bookings/1"],
    ["DELETE", "/api/bookings/1"],
    ["POST", "/api/bookings/1/confirm"],
    ["POST", "/api/bookings/1/decline"],
    ["POST", "/api/bookings/1/refunds"],
    ["GET", "/api/vouchers"],
    ["GET", "/api/vouchers/stats"],
    ["GET", "/api/admin/session"],
  ])("%s %s", async (method, path) => {
    const body = method === "POST" || method === "PATCH" ? { json: {} } : {};
    const res = await s.request(path, { method, ...body });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Please sign in to continue." });
  });

  it("a body that is not JSON is still 401, not a parse error: the session is checked before the body is read", async () => {
    for (const body of ['{"__proto__": {"x": 1}}', "{not json", '[{"restoreVoucher":']) {
      const res = await s.request("/api/bookings/1", { method: "DELETE", headers: { "content-type": "application/json" }, body });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "Please sign in to continue." });
    }
  });

  it("a made-up cookie is no session", async () => {
    const res = await s.request("/api/pricing", { cookie: "tearoom_session=forged-token" });
    expect(res.status).toBe(401);
  });
});

describe("pricing", () => {
  it("lists the seeded items in pence (R6)", async () => {
    const items = await (await staff("/api/pricing")).json();
    expect(items.map((i: { itemType: string; price: number }) => [i.itemType, i.price])).toEqual([
      ["traditional-afternoon-tea", 2995],
      ["champagne-afternoon-tea", 3995],
      ["gift-voucher-afternoon-tea", 2995],
      ["gift-voucher-picnic-hamper", 3495],
      ["gift-voucher-monetary", 2500],
      ["gift-voucher-monetary", 5000],
      ["gift-voucher-monetary", 7500],
      ["gift-voucher-monetary", 10_000],
      ["secret-garden-wine", 1500],
    ]);
  });

  it("creates, updates (pounds in, pence out) and deletes; the public prices follow (R6)", async () => {
    let res = await staff("/api/pricing", { method: "POST", json: { name: "Cream Tea", itemType: "traditional-afternoon-tea", price: 12.5, isActive: false } });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ name: "Cream Tea", price: 1250, isActive: false });

    res = await staff("/api/pricing/1", {
      method: "PATCH",
      json: { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: "31.95", isActive: true },
    });
    expect(res.status).toBe(200);
    expect((await res.json()).price).toBe(3195);
    expect((await (await s.request("/api/site")).json()).prices.traditional).toBe(3195);

    res = await staff(`/api/pricing/${created.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await staff(`/api/pricing/${created.id}`, { method: "DELETE" })).status).toBe(404);
  });

  it.each([
    [{ name: "", itemType: "traditional-afternoon-tea", price: 1 }, "name: Name is required"],
    [{ name: "X", itemType: "breakfast", price: 1 }, "itemType: Item type is required"],
    [{ name: "X", itemType: "traditional-afternoon-tea", price: -1 }, "price: Price must be a positive number"],
    [{ name: "X", itemType: "traditional-afternoon-tea", price: "abc" }, "price: Price must be a positive number"],
  ])("refuses bad fields with the spec's text: %#", async (json, text) => {
    const res = await staff("/api/pricing", { method: "POST", json });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(text);
  });

  it("refuses a bad id and an unknown id", async () => {
    let res = await staff("/api/pricing/abc", { method: "PATCH", json: { name: "X", itemType: "traditional-afternoon-tea", price: 1 } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("id: id must be a positive whole number");
    res = await staff("/api/pricing/999", { method: "PATCH", json: { name: "X", itemType: "traditional-afternoon-tea", price: 1 } });
    expect(res.status).toBe(404);
  });
});

describe("inquiries", () => {
  it("lists with the spec's fields and resolves one way", async () => {
    await s.request("/api/contact", {
      json: { name: "Ada", email: "ada@example.com", phone: "0123", enquiryType: "general-enquiry", message: "Do you do gluten-free scones?" },
    });
    const list = await (await staff("/api/inquiries")).json();
    expect(list[0]).toMatchObject({ name: "Ada", email: "ada@example.com", phone: "0123", enquiryType: "general-enquiry", isResolved: false });
    expect(typeof list[0].createdAt).toBe("string");
    const res = await staff(`/api/inquiries/resolve/${list[0].id}`, { method: "POST" });
    expect(res.status).toBe(200);
    expect((await res.json()).isResolved).toBe(true);
    expect((await staff("/api/inquiries/resolve/999", { method: "POST" })).status).toBe(404);
  });
});

describe("newsletters", () => {
  it("lists, searches, switches and deletes subscriptions", async () => {
    await subscribeConfirmed(s, "first@example.com", { firstName: "Grace", lastName: "Hopper", source: "footer" });
    await s.request("/api/newsletter/subscribe", { json: { email: "second@example.com", source: "popup" } });
    const all = await (await staff("/api/newsletters")).json();
    expect(all.length).toBe(2);
    // Double opt-in (R16 as amended): listed, but inactive until its owner confirms.
    expect(all.find((x: { email: string }) => x.email === "second@example.com")).toMatchObject({ isActive: false, source: "popup" });
    const found = await (await staff("/api/newsletters?search=hopp")).json();
    expect(found.map((x: { email: string }) => x.email)).toEqual(["first@example.com"]);
    expect(found[0]).toMatchObject({ firstName: "Grace", lastName: "Hopper", isActive: true, source: "footer" });

    let res = await staff(`/api/newsletters/${found[0].id}/status`, { method: "PATCH", json: { isActive: false } });
    expect(res.status).toBe(200);
    expect((await res.json()).isActive).toBe(false);
    res = await staff(`/api/newsletters/${found[0].id}/status`, { method: "PATCH", json: { isActive: "no" } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("isActive: isActive must be true or false");
    expect((await staff(`/api/newsletters/${found[0].id}`, { method: "DELETE" })).status).toBe(200);
    expect((await (await staff("/api/newsletters")).json()).length).toBe(1);
  });
});

describe("booking settings", () => {
  it("lists every known setting (seeded), updates one and deletes it back to its default, the row staying (R33)", async () => {
    const list = await (await staff("/api/booking-settings")).json();
    expect(list.find((x: { settingKey: string }) => x.settingKey === "open_days")).toMatchObject({ settingValue: "wed,thu,fri,sat,sun" });

    let res = await staff("/api/booking-settings", { method: "POST", json: { settingKey: "hold_minutes", settingValue: "14" } });
    expect(res.status).toBe(409);

    res = await staff("/api/booking-settings/hold_minutes", { method: "PATCH", json: { value: " 20 " } });
    expect(res.status).toBe(200);
    expect((await res.json()).settingValue).toBe("20");
    expect((await staff("/api/booking-settings/hold_minutes", { method: "DELETE" })).status).toBe(200);
    const after = (await (await staff("/api/booking-settings")).json()).find((x: { settingKey: string }) => x.settingKey === "hold_minutes");
    expect(after).toMatchObject({ settingValue: "15", description: "Minutes seats are held while a visitor pays" });
    expect((await staff("/api/booking-settings/hold_minutes", { method: "DELETE" })).status).toBe(200);
  });

  it("refuses blank values, bad keys and bad values for known keys", async () => {
    let res = await staff("/api/booking-settings/open_days", { method: "PATCH", json: { value: "   " } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("value: Value is required");
    res = await staff("/api/booking-settings", { method: "POST", json: { settingKey: "Max Party", settingValue: "1" } });
    expect(res.status).toBe(400);
    expect(await message(res)).toMatch(/^settingKey: Use snake_case/);
    res = await staff("/api/booking-settings/opening_time", { method: "PATCH", json: { value: "noon" } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("Opening time: Use a 24-hour time such as 12:00");
  });

  it("a changed setting changes availability at once (R11)", async () => {
    await staff("/api/booking-settings/table_covers_per_slot", { method: "PATCH", json: { value: "4" } });
    const body = await (await s.request("/api/availability?type=table&date=2027-06-05")).json();
    expect(body.slots[0].remaining).toBe(4);
    await staff("/api/booking-settings/table_covers_per_slot", { method: "PATCH", json: { value: "30" } });
  });
});

describe("bookings", () => {
  const guest = { name: "Staff Booked", email: "guest@example.com", phone: "01234 000000" };

  it("staff create with the spec's fields: confirmed, counted, over capacity only once the warning is accepted (R13, R29)", async () => {
    await staff("/api/booking-settings/table_covers_per_slot", { method: "PATCH", json: { value: "10" } });
    let res = await staff("/api/bookings", { method: "POST", json: { ...guest, date: "2027-06-09", time: "12:00", guests: 8, type: "table" } });
    expect(res.status).toBe(201);
    const first = await res.json();
    expect(first).toMatchObject({ status: "confirmed", overCapacity: false });
    expect(first.booking).toMatchObject({ source: "admin", guests: 8 });

    res = await staff("/api/bookings", { method: "POST", json: { ...guest, date: "2027-06-09", time: "12:00", guests: 20, type: "table" } });
    expect(res.status).toBe(409);
    expect((await res.json()).warnings.map((w: { code: string }) => w.code)).toEqual(["over-capacity"]);
    res = await staff("/api/bookings", {
      method: "POST",
      json: { ...guest, date: "2027-06-09", time: "12:00", guests: 20, type: "table", acceptWarnings: true },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).overCapacity).toBe(true);

    // Visitors are refused for that full slot.
    res = await s.request("/api/bookings", { json: { ...guest, type: "table", date: "2027-06-09", time: "12:00", guests: 1, diningPreference: "lunch" } });
    expect(res.status).toBe(409);
    await staff("/api/booking-settings/table_covers_per_slot", { method: "PATCH", json: { value: "30" } });
  });

  it.each([
    [{ ...guest, date: "2027-06-09", time: "12:00", guests: 21, type: "table" }, "guests: Maximum 20 guests"],
    [{ ...guest, name: "", date: "2027-06-09", time: "12:00", guests: 2, type: "table" }, "name: Please enter your name."],
    [
      { ...guest, date: "2027-06-01", time: "12:00", guests: 2, type: "table" },
      "date: Tuesday, 1 June 2027 has passed. Please choose a date from today onwards.",
    ],
  ])("refuses bad staff bookings: %#", async (json, text) => {
    const res = await staff("/api/bookings", { method: "POST", json });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe(text);
  });

  it("lists, edits and cancels (the record stays, R14)", async () => {
    const created = await (
      await staff("/api/bookings", {
        method: "POST",
        json: { ...guest, date: "2027-06-16", time: "14:00", guests: 2, type: "afternoonTea", teaType: "champagne" },
      })
    ).json();
    let list = await (await staff("/api/bookings?date=2027-06-16")).json();
    expect(list.map((b: { id: number }) => b.id)).toEqual([created.id]);
    expect(list[0]).toMatchObject({
      name: "Staff Booked",
      email: "guest@example.com",
      phone: "01234 000000",
      date: "2027-06-16",
      time: "14:00",
      guests: 2,
      type: "afternoonTea",
    });

    let res = await staff(`/api/bookings/${created.id}`, {
      method: "PATCH",
      json: { ...guest, name: "Renamed", date: "2027-06-17", time: "14:30", guests: 4 },
    });
    expect(res.status).toBe(200);
    const updated = await res.json();
    expect(updated.booking).toMatchObject({ name: "Renamed", date: "2027-06-17", time: "14:30", guests: 4 });
    expect(updated.overCapacity).toBe(false);

    res = await staff(`/api/bookings/${created.id}`, { method: "PATCH", json: { ...guest, date: "2027-06-17", time: "14:30", guests: 0 } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("guests: Please select number of guests.");

    res = await staff(`/api/bookings/${created.id}`, { method: "DELETE" });
    expect(res.status).toBe(200);
    expect((await res.json()).status).toBe("cancelled");
    list = await (await staff("/api/bookings?date=2027-06-17")).json();
    expect(list).toEqual([]);
    list = await (await staff("/api/bookings?date=2027-06-17&includeCancelled=true")).json();
    expect(list.map((b: { status: string }) => b.status)).toEqual(["cancelled"]);
    expect(s.ctx.sqlite.prepare("SELECT status FROM bookings WHERE id = ?").get(created.id)).toEqual({ status: "cancelled" });

    res = await staff(`/api/bookings/${created.id}`, { method: "PATCH", json: { ...guest, date: "2027-06-17", time: "14:30", guests: 2 } });
    expect(res.status).toBe(409);
    expect((await staff("/api/bookings/99999", { method: "DELETE" })).status).toBe(404);
  });

  it("filters by search and type, with the total in a header", async () => {
    const res = await staff("/api/bookings?search=staff%20booked&type=table");
    expect(res.status).toBe(200);
    const list = await res.json();
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((b: { type: string }) => b.type === "table")).toBe(true);
    expect(res.headers.get("x-total-count")).toBe(String(list.length));
    // A reference, whole or its start, in any case, is a range of the reference index.
    const reference: string = list[0].reference;
    for (const search of [reference, reference.slice(0, 6).toLowerCase()]) {
      const found = await staff(`/api/bookings?includeCancelled=true&search=${encodeURIComponent(search)}`);
      expect((await found.json()).map((b: { reference: string }) => b.reference)).toContain(reference);
    }
    expect(await (await staff("/api/bookings?search=TR-ZZZZZZZ")).json()).toEqual([]);
    const bad = await staff("/api/bookings?type=brunch");
    expect(bad.status).toBe(400);
  });

  it("finds a guest by their name with or without its accents, in any case", async () => {
    for (const [name, time] of [
      ["José Núñez", "12:30"],
      ["Zoë ÅSTRÖM", "13:00"],
      ["Jose Plain", "13:30"],
    ])
      expect((await staff("/api/bookings", { method: "POST", json: { ...guest, name, date: "2027-06-23", time, guests: 2, type: "table" } })).status).toBe(201);
    const names = async (search: string) =>
      ((await (await staff(`/api/bookings?search=${encodeURIComponent(search)}`)).json()) as { name: string }[]).map((b) => b.name).sort();
    expect(await names("jose")).toEqual(["Jose Plain", "José Núñez"]);
    expect(await names("NÚÑEZ")).toEqual(["José Núñez"]);
    expect(await names("nunez")).toEqual(["José Núñez"]);
    expect(await names("zoe astr")).toEqual(["Zoë ÅSTRÖM"]);
    expect(await names("PLAIN")).toEqual(["Jose Plain"]);
  });
});

describe("vouchers", () => {
  it("answers a page of the list (an array, X-Total-Count) and the stats on their own; total value is the sum of the numbers in the price texts", async () => {
    const insert = s.ctx.sqlite.prepare(
      `INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date, remaining)
       VALUES (?, ?, ?, ?, NULL, 'Rita', 'rita@example.com', 'Sam', 'sam@example.com', '', ?, NULL, ?, ?, ?)`,
    );
    insert.run("monetary", "TEA-AAAA-BBBB-CCCC", "£50.00", 5000, 0, "2027-05-01T10:00:00Z", "2028-05-01", 5000);
    insert.run("afternoonTea", "TEA-DDDD-EEEE-FFFF", "£59.90", 5990, 1, "2027-05-02T10:00:00Z", "2028-05-02", 0);
    insert.run("picnicHamper", "TEA-GGGG-HHHH-JJJJ", "£1,034.95", 103495, 0, "2026-01-01T10:00:00Z", "2027-01-01", 1);
    let res = await staff("/api/vouchers");
    let list = await res.json();
    expect(list.map((v: { voucherCode: string }) => v.voucherCode)).toEqual(["TEA-DDDD-EEEE-FFFF", "TEA-AAAA-BBBB-CCCC", "TEA-GGGG-HHHH-JJJJ"]);
    expect(list[0]).toMatchObject({ voucherType: "afternoonTea", price: "£59.90", isRedeemed: true, recipientName: "Rita", expiryDate: "2028-05-02" });
    expect(res.headers.get("x-total-count")).toBe("3");
    expect(await (await staff("/api/vouchers/stats")).json()).toEqual({ total: 3, active: 1, redeemed: 1, totalValue: 1144.85, remainingValue: 50 });
    list = await (await staff("/api/vouchers?status=active")).json();
    expect(list.map((v: { voucherCode: string }) => v.voucherCode)).toEqual(["TEA-AAAA-BBBB-CCCC"]);
    list = await (await staff("/api/vouchers?type=picnicHamper&search=rita")).json();
    expect(list.map((v: { voucherCode: string }) => v.voucherCode)).toEqual(["TEA-GGGG-HHHH-JJJJ"]);
    // The code is searched by the start of its parts, the e-mails by the start of their words.
    list = await (await staff("/api/vouchers?search=TEA-DDDD")).json();
    expect(list.map((v: { voucherCode: string }) => v.voucherCode)).toEqual(["TEA-DDDD-EEEE-FFFF"]);
    expect((await (await staff("/api/vouchers?search=sam@exa")).json()).length).toBe(3);
    expect(await (await staff("/api/vouchers?search=nobody")).json()).toEqual([]);
    res = await staff("/api/vouchers?page=2&pageSize=2");
    expect((await res.json()).map((v: { voucherCode: string }) => v.voucherCode)).toEqual(["TEA-GGGG-HHHH-JJJJ"]);
    expect(res.headers.get("x-total-count")).toBe("3");
    const bad = await staff("/api/vouchers?status=lost");
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("status: status must be active, redeemed or expired");
  });
});

describe("paging every admin list", () => {
  it.each(["/api/bookings", "/api/vouchers", "/api/newsletters", "/api/inquiries"])("%s refuses bad paging with a readable 400", async (path) => {
    for (const [query, expected] of [
      ["page=0", "page: page must be a whole number of at least 1"],
      ["page=abc", "page: page must be a whole number of at least 1"],
      ["page=1.5", "page: page must be a whole number of at least 1"],
      ["pageSize=1000", "pageSize: pageSize must be a whole number from 1 to 200"],
      ["pageSize=0", "pageSize: pageSize must be a whole number from 1 to 200"],
    ]) {
      const res = await staff(`${path}?${query}`);
      expect(res.status, `${path}?${query}`).toBe(400);
      expect(await message(res)).toBe(expected);
    }
    const res = await staff(`${path}?pageSize=200&page=9999`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
    expect(Number(res.headers.get("x-total-count"))).toBeGreaterThanOrEqual(0);
  });

  it("pages newsletters and enquiries, newest first, with counts of their own", async () => {
    const now = "2027-01-01T10:00:00.000Z";
    const addSubscriber = s.ctx.sqlite.prepare(
      `INSERT INTO newsletter_subscriptions (email, first_name, last_name, is_active, source, consent_at, unsubscribe_token, created_at) VALUES (?, ?, 'Páge', ?, 'api', ?, ?, ?)`,
    );
    const addInquiry = s.ctx.sqlite.prepare(
      `INSERT INTO inquiries (name, email, phone, enquiry_type, message, is_resolved, created_at) VALUES (?, 'pager@example.com', NULL, 'general-enquiry', 'A question about paging', ?, ?)`,
    );
    const before = await (await staff("/api/newsletters/stats")).json();
    for (let i = 0; i < 7; i++) {
      const at = `2027-01-0${i + 1}T10:00:00.000Z`;
      addSubscriber.run(`pager${i}@example.com`, `Pager${i}`, i % 2, now, `tok-pager-${i}`, at);
      addInquiry.run(`Pager ${i}`, i < 3 ? 1 : 0, at);
    }
    let res = await staff("/api/newsletters?search=page&pageSize=3");
    expect(res.headers.get("x-total-count")).toBe("7");
    expect((await res.json()).map((x: { email: string }) => x.email)).toEqual(["pager6@example.com", "pager5@example.com", "pager4@example.com"]);
    res = await staff("/api/newsletters?search=page&pageSize=3&page=3");
    expect((await res.json()).map((x: { email: string }) => x.email)).toEqual(["pager0@example.com"]);
    // Diacritics and case do not matter; every word must start a word.
    expect((await (await staff("/api/newsletters?search=PAGE%20pager3")).json()).map((x: { email: string }) => x.email)).toEqual(["pager3@example.com"]);
    expect(await (await staff("/api/newsletters?search=ager3")).json()).toEqual([]);
    const stats = await (await staff("/api/newsletters/stats")).json();
    expect(stats).toEqual({ total: before.total + 7, active: before.active + 3, inactive: before.inactive + 4 });

    const counts = await (await staff("/api/inquiries/stats")).json();
    expect(counts.total).toBe(counts.resolved + counts.unresolved);
    res = await staff("/api/inquiries?resolved=false&pageSize=2");
    const open = await res.json();
    expect(res.headers.get("x-total-count")).toBe(String(counts.unresolved));
    expect(open.map((x: { name: string }) => x.name)).toEqual(["Pager 6", "Pager 5"]);
    res = await staff("/api/inquiries?resolved=true&pageSize=200");
    expect(res.headers.get("x-total-count")).toBe(String(counts.resolved));
    expect((await res.json()).every((x: { isResolved: boolean }) => x.isResolved)).toBe(true);
    // Without the filter: unresolved first, then resolved, each newest first.
    const all = await (await staff("/api/inquiries?pageSize=200")).json();
    const firstResolved = all.findIndex((x: { isResolved: boolean }) => x.isResolved);
    expect(all.slice(firstResolved).every((x: { isResolved: boolean }) => x.isResolved)).toBe(true);
    expect((await staff("/api/inquiries?resolved=maybe")).status).toBe(400);
  });
});
