import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../robustness/fuzz-kit.js";
import { startTestServer, type TestServer } from "../test/helpers.js";

// R33 on both transports: one active pricing item per type (monetary voucher amounts aside),
// strict prices, known settings only, settings checked together. Every refusal is a 4xx naming
// what is wrong, and writes nothing.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });

async function trpc(path: string, input: unknown) {
  const res = await s.request(`/api/trpc/${path}`, { json: input, cookie });
  const body = (await res.json()) as { result?: { data: any }; error?: { message: string; data: { code: string } } };
  return { status: res.status, data: body.result?.data, error: body.error };
}

/** Runs a refused call and checks nothing in the database changed. */
async function unchanged<T>(call: () => Promise<T>): Promise<T> {
  const before = databaseFingerprint(s.ctx.sqlite);
  const result = await call();
  expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
  return result;
}

const ACTIVE_TEA = '"Traditional Afternoon Tea" (£29.95) is the active Traditional Afternoon Tea. Deactivate it first, or save this item as inactive.';
const cheapTea = { name: "Cheap Tea", itemType: "traditional-afternoon-tea", price: 5, isActive: true };

describe("one active pricing item per type (R33)", () => {
  it("REST: a second active item is 409 naming the active one, and nothing is written", async () => {
    const res = await unchanged(() => staff("/api/pricing", { method: "POST", json: cheapTea }));
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({ message: ACTIVE_TEA });
    expect((await (await s.request("/api/site")).json()).prices.traditional).toBe(2995);
  });

  it("REST: activating an inactive second item is 409 too; after the first is deactivated it may be activated", async () => {
    const created = await (await staff("/api/pricing", { method: "POST", json: { ...cheapTea, isActive: false } })).json();
    expect(created).toMatchObject({ price: 500, isActive: false });
    const res = await unchanged(() => staff(`/api/pricing/${created.id}`, { method: "PATCH", json: { ...cheapTea } }));
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(ACTIVE_TEA);

    expect(
      (
        await staff("/api/pricing/1", {
          method: "PATCH",
          json: { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 29.95, isActive: false },
        })
      ).status,
    ).toBe(200);
    expect((await staff(`/api/pricing/${created.id}`, { method: "PATCH", json: cheapTea })).status).toBe(200);
    expect((await (await s.request("/api/site")).json()).prices.traditional).toBe(500);

    // Back as seeded, for the tests below.
    await staff(`/api/pricing/${created.id}`, { method: "DELETE" });
    await staff("/api/pricing/1", {
      method: "PATCH",
      json: { name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 29.95, isActive: true },
    });
  });

  it("REST: moving an active item to a type that has one is 409; an unknown id is still 404", async () => {
    const res = await unchanged(() =>
      staff("/api/pricing/2", {
        method: "PATCH",
        json: { name: "Champagne Afternoon Tea", itemType: "traditional-afternoon-tea", price: 39.95, isActive: true },
      }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(ACTIVE_TEA);
    expect((await staff("/api/pricing/999", { method: "PATCH", json: cheapTea })).status).toBe(404);
  });

  it("tRPC: create and update answer CONFLICT with the same message, writing nothing", async () => {
    const created = await unchanged(() => trpc("pricing.create", cheapTea));
    expect(created.status).toBe(409);
    expect(created.error).toMatchObject({ message: ACTIVE_TEA, data: { code: "CONFLICT" } });
    const updated = await unchanged(() => trpc("pricing.update", { id: 2, ...cheapTea }));
    expect(updated.status).toBe(409);
    expect(updated.error?.message).toBe(ACTIVE_TEA);
  });
});

describe("monetary voucher amounts are pricing items (R33, R3)", () => {
  it("offers the seeded £25, £50, £75 and £100 at checkout", async () => {
    expect((await (await s.request("/api/site")).json()).monetaryAmounts).toEqual([25, 50, 75, 100]);
  });

  it("sells an amount staff add, and no longer one they deactivate", async () => {
    let res = await staff("/api/pricing", {
      method: "POST",
      json: { name: "Monetary Gift Voucher £200", itemType: "gift-voucher-monetary", price: "200", isActive: true },
    });
    expect(res.status).toBe(201);
    const items = await (await staff("/api/pricing")).json();
    const quarter = items.find((i: { itemType: string; price: number }) => i.itemType === "gift-voucher-monetary" && i.price === 2500);
    res = await staff(`/api/pricing/${quarter.id}`, {
      method: "PATCH",
      json: { name: quarter.name, itemType: "gift-voucher-monetary", price: 25, isActive: false },
    });
    expect(res.status).toBe(200);
    expect((await (await s.request("/api/site")).json()).monetaryAmounts).toEqual([50, 75, 100, 200]);

    const paid = await s.request("/api/create-payment-intent", { json: { voucherType: "monetary", amount: 200 } });
    expect(paid.status).toBe(200);
    const refused = await s.request("/api/create-payment-intent", { json: { voucherType: "monetary", amount: 25 } });
    expect(refused.status).toBe(400);
    expect((await refused.json()).message).toMatch(/Monetary vouchers are £50, £75, £100, £200/);
  });

  it("refuses a second active item of one amount, naming it", async () => {
    const res = await unchanged(() =>
      staff("/api/pricing", { method: "POST", json: { name: "Fifty", itemType: "gift-voucher-monetary", price: 50, isActive: true } }),
    );
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(
      '"Monetary Gift Voucher £50" already offers £50.00 as a monetary voucher amount. Choose another amount, or save this item as inactive.',
    );
  });
});

describe("strict prices of at least £0.01 (R33)", () => {
  it.each([
    ["1e9", "price: Price must be in pounds and pence, e.g. 29.95"],
    ["-5", "price: Price must be a positive number"],
    ["0.001", "price: Price must be in pounds and pence, e.g. 29.95"],
    ["abc", "price: Price must be a positive number"],
    [0, "price: Price must be at least £0.01"],
    ["0.00", "price: Price must be at least £0.01"],
    [1e9, "price: Price must be at most £100,000"],
  ])("refuses %j on REST and tRPC, writing nothing", async (price, message) => {
    const json = { name: "Scone", itemType: "secret-garden-wine", price, isActive: false };
    const rest = await unchanged(() => staff("/api/pricing", { method: "POST", json }));
    expect(rest.status).toBe(400);
    expect((await rest.json()).message).toBe(message);
    const patched = await unchanged(() => staff("/api/pricing/6", { method: "PATCH", json }));
    expect(patched.status).toBe(400);
    const call = await unchanged(() => trpc("pricing.create", json));
    expect(call.status).toBe(400);
    expect(call.error?.message).toBe(message);
  });
});

describe("settings: known keys only, checked together (R33)", () => {
  it("refuses an unknown key on create, update and delete, naming it", async () => {
    let res = await unchanged(() => staff("/api/booking-settings", { method: "POST", json: { settingKey: "max_party_size", settingValue: "12" } }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("settingKey: max_party_size is not a setting the site knows; use one of the listed settings");
    res = await unchanged(() => staff("/api/booking-settings/max_party_size", { method: "PATCH", json: { value: "12" } }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("key: max_party_size is not a setting the site knows; use one of the listed settings");
    res = await unchanged(() => staff("/api/booking-settings/max_party_size", { method: "DELETE" }));
    expect(res.status).toBe(400);
    const call = await unchanged(() => trpc("bookingSettings.create", { settingKey: "parking_note", settingValue: "Free" }));
    expect(call.status).toBe(400);
    expect(call.error?.message).toMatch(/^settingKey: parking_note is not a setting the site knows/);
  });

  it("refuses settings that contradict each other with 400 naming both, on REST and tRPC", async () => {
    let res = await unchanged(() => staff("/api/booking-settings/opening_time", { method: "PATCH", json: { value: "18:00" } }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Opening time (6:00 PM) must be before Closing time (5:00 PM).");
    res = await unchanged(() => staff("/api/booking-settings/afternoon_tea_last_slot", { method: "PATCH", json: { value: "11:30" } }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("First afternoon tea time (12:00 PM) must not be after Last afternoon tea time (11:30 AM).");
    const call = await unchanged(() => trpc("bookingSettings.update", { key: "table_first_slot", value: "10:00" }));
    expect(call.status).toBe(400);
    expect(call.error?.message).toBe("First table booking time (10:00 AM) must not be before Opening time (11:00 AM).");
    const site = await (await s.request("/api/site")).json();
    expect(site.facts.openingHours).toBe("Wednesday to Sunday 11am-5pm");
  });

  it("refuses a delete whose default would contradict another setting; otherwise resets it, the row staying", async () => {
    expect((await staff("/api/booking-settings/closing_time", { method: "PATCH", json: { value: "19:00" } })).status).toBe(200);
    expect((await staff("/api/booking-settings/opening_time", { method: "PATCH", json: { value: "10:30" } })).status).toBe(200);
    expect((await (await s.request("/api/site")).json()).facts.openingHours).toBe("Wednesday to Sunday 10:30am-7pm");
    // food_served_until (16:30) is fine both ways; the opening goes back to 11:00.
    expect((await staff("/api/booking-settings/opening_time", { method: "DELETE" })).status).toBe(200);
    // Closing 19:00 → afternoon tea may now run until 18:00; its default 16:00 is fine, but closing cannot go back below it.
    expect((await staff("/api/booking-settings/afternoon_tea_last_slot", { method: "PATCH", json: { value: "18:00" } })).status).toBe(200);
    const res = await unchanged(() => staff("/api/booking-settings/closing_time", { method: "DELETE" }));
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Last afternoon tea time (6:00 PM) must be before Closing time (5:00 PM).");
    expect((await trpc("bookingSettings.remove", { key: "afternoon_tea_last_slot" })).data).toEqual({ ok: true });
    expect((await staff("/api/booking-settings/closing_time", { method: "DELETE" })).status).toBe(200);
    const list = await (await staff("/api/booking-settings")).json();
    const value = (key: string) => list.find((x: { settingKey: string }) => x.settingKey === key)?.settingValue;
    expect([value("opening_time"), value("closing_time"), value("afternoon_tea_last_slot")]).toEqual(["11:00", "17:00", "16:00"]);
  });

  it("never shows a contradiction stored before these checks, and lets staff remove a key the site does not know", async () => {
    s.ctx.sqlite.prepare("UPDATE booking_settings SET setting_value = '18:00' WHERE setting_key = 'opening_time'").run();
    s.ctx.sqlite
      .prepare(
        "INSERT INTO booking_settings (setting_key, setting_value, description, updated_at) VALUES ('parking_note', 'Free', NULL, '2026-01-01T00:00:00Z')",
      )
      .run();
    s.ctx.cache.clear();
    const site = await (await s.request("/api/site")).json();
    expect(site.facts.openingHours).toBe("Wednesday to Sunday 11am-5pm");
    expect(site.facts.openingTime).toBe("11:00");
    expect((await staff("/api/booking-settings/parking_note", { method: "DELETE" })).status).toBe(200);
    expect((await staff("/api/booking-settings/opening_time", { method: "DELETE" })).status).toBe(200);
    const keys = (await (await staff("/api/booking-settings")).json()).map((x: { settingKey: string }) => x.settingKey);
    expect(keys).not.toContain("parking_note");
    expect(keys).toContain("opening_time");
  });
});
