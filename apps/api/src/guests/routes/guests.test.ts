import type { Booking, Guest, GuestSummary } from "@tearoom/domain";
import { Migrator } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrations } from "../../db/database.js";
import { startTestServer, type TestServer } from "../../test/helpers.js";
import { applyRetention } from "../../privacy/services/privacy.js";

// R55 over HTTP, on SQLite and PostgreSQL. TEST_NOW is Wednesday 2 June 2027, 09:00 in London.

let s: TestServer;
let cookie: string;

/** Bookings as they were before migration 028: its backfill must find their guests. */
async function bookingsBefore028(): Promise<void> {
  const migrator = new Migrator({ db: s.ctx.db, provider: { getMigrations: async () => migrations } });
  expect((await migrator.migrateTo("027-payment-links")).error).toBeUndefined();
  const at = "2027-04-01T10:00:00.000Z";
  const row = (reference: string, over: Record<string, unknown>) => ({
    reference,
    type: "table",
    status: "confirmed",
    name: "Old Name",
    email: "",
    phone: "",
    date: "2027-05-01",
    time: "12:00",
    guests: 2,
    include_wine: 0,
    source: "admin",
    created_at: at,
    updated_at: at,
    ...over,
  });
  await s.ctx.db
    .insertInto("bookings")
    .values([
      row("TR-OLD001", { name: "Grace Hopper", email: "grace@example.com", arrival: "arrived" }),
      row("TR-OLD002", { name: "Grace Hopper", email: " Grace@Example.COM ", date: "2027-05-08", arrival: "no-show", created_at: "2027-04-02T10:00:00.000Z" }),
      row("TR-OLD003", { name: "Grace M. Hopper", email: "grace@example.com", date: "2027-05-15", created_at: "2027-04-03T10:00:00.000Z" }),
      row("TR-OLD004", { name: "Alan Turing", phone: "07700 900123", date: "2027-05-02" }),
      row("TR-OLD005", { name: "Alan Turing", phone: "07700-900123", date: "2027-06-20", status: "pending" }),
      row("TR-OLD006", { name: "Nobody", date: "2027-05-03" }),
    ] as never)
    .execute();
  expect((await migrator.migrateToLatest()).error).toBeUndefined();
}

beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000" } });
  await bookingsBefore028();
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const search = async (q: string, extra = "") => {
  const res = await staff(`/api/guests?search=${encodeURIComponent(q)}${extra}`);
  expect(res.status).toBe(200);
  return { total: Number(res.headers.get("x-total-count")), guests: (await res.json()) as GuestSummary[] };
};
const guest = async (id: number) => (await (await staff(`/api/guests/${id}`)).json()) as Guest;
const guestBy = async (q: string) => {
  const { guests } = await search(q);
  expect(guests).toHaveLength(1);
  return guest(guests[0]!.id);
};
async function staffBooking(over: Record<string, unknown>): Promise<Booking> {
  const res = await staff("/api/bookings", {
    method: "POST",
    json: {
      type: "table",
      date: "2027-06-10",
      time: "13:00",
      guests: 2,
      diningPreference: "lunch",
      name: "Ada Lovelace",
      phone: "01234 567890",
      acceptWarnings: true,
      sendConfirmation: false,
      ...over,
    },
  });
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json()) as Booking;
}
/** A booking as the reservations list shows it to staff. */
const booking = async (made: Booking) => {
  const list = (await (await staff(`/api/bookings?search=${made.reference}&includeCancelled=true`)).json()) as Booking[];
  return list.find((b) => b.id === made.id)!;
};

describe("migration 028 (R55)", () => {
  it("makes one guest per e-mail address (trimmed, any case) from the bookings already there, with the newest name", async () => {
    const g = await guestBy("grace");
    expect(g).toMatchObject({ name: "Grace M. Hopper", email: "grace@example.com", notes: "", tags: [] });
    expect(g.bookings.map((b) => b.reference)).toEqual(["TR-OLD003", "TR-OLD002", "TR-OLD001"]);
    // Arrived, and past and confirmed without a mark, are visits; the no-show is not.
    expect(g).toMatchObject({ visits: 2, noShows: 1, lateCancels: 0, spendPence: 0 });
    expect(g.bookings.every((b) => b.guestId === g.id)).toBe(true);
  });

  it("makes one guest per phone number when the bookings have no e-mail, and none without either", async () => {
    const g = await guestBy("turing");
    expect(g).toMatchObject({ email: "", visits: 1, noShows: 0 });
    expect(g.bookings.map((b) => b.reference).sort()).toEqual(["TR-OLD004", "TR-OLD005"]);
    expect((await search("nobody")).total).toBe(0);
  });
});

describe("new bookings (R55)", () => {
  it("links a staff booking to the guest of its address in any case, and staff see its guestId", async () => {
    const grace = await guestBy("grace");
    const made = await staffBooking({ name: "Grace Hopper", email: "GRACE@example.com " });
    expect((await booking(made)).guestId).toBe(grace.id);
    const after = await guest(grace.id);
    expect(after.bookings).toHaveLength(4);
    expect(after.name).toBe("Grace Hopper");
  });

  it("links a public booking, and a staff booking with only a phone number to that number's guest", async () => {
    const res = await s.request("/api/bookings", {
      json: {
        type: "table",
        date: "2027-06-10",
        time: "12:00",
        guests: 2,
        diningPreference: "lunch",
        name: "Mary Somerville",
        email: "mary@example.com",
        phone: "01234 567890",
      },
    });
    expect(res.status, await res.clone().text()).toBe(201);
    const { reference } = (await res.json()) as { reference: string };
    const mary = await guestBy("somerville");
    expect(mary.bookings.map((b) => b.reference)).toEqual([reference]);

    const turing = await guestBy("turing");
    const byPhone = await staffBooking({ name: "Alan Turing", email: "", phone: "07700 900123" });
    expect((await booking(byPhone)).guestId).toBe(turing.id);
  });
});

describe("counts as bookings change (R55)", () => {
  it("counts an arrival as a visit, a no-show mark as a no-show, and a staff cancel after the cut-off as a late cancel", async () => {
    const today = await staffBooking({ name: "Emmy Noether", email: "emmy@example.com", date: "2027-06-02", time: "12:00" });
    const id = (await guestBy("noether")).id;
    expect(await guest(id)).toMatchObject({ visits: 0, noShows: 0, lateCancels: 0 });

    expect((await staff(`/api/bookings/${today.id}/arrival`, { json: { status: "arrived" } })).status).toBe(200);
    expect(await guest(id)).toMatchObject({ visits: 1, noShows: 0 });
    expect((await staff(`/api/bookings/${today.id}/arrival`, { json: { status: "no-show" } })).status).toBe(200);
    expect(await guest(id)).toMatchObject({ visits: 0, noShows: 1 });

    // Tomorrow is inside the 48-hour cut-off; a month ahead is not.
    const late = await staffBooking({ name: "Emmy Noether", email: "emmy@example.com", date: "2027-06-03", time: "12:00" });
    const early = await staffBooking({ name: "Emmy Noether", email: "emmy@example.com", date: "2027-07-03", time: "12:00" });
    for (const b of [late, early]) expect((await staff(`/api/bookings/${b.id}?notifyGuest=false`, { method: "DELETE" })).status).toBe(200);
    expect(await guest(id)).toMatchObject({ visits: 0, noShows: 1, lateCancels: 1 });
  });
});

describe("GET /api/guests", () => {
  it("is staff's only", async () => {
    expect((await s.request("/api/guests")).status).toBe(401);
    expect((await s.request("/api/guests/1")).status).toBe(401);
  });

  it("answers a page with the whole count in X-Total-Count, searched by name, e-mail or phone", async () => {
    const all = await search("", "&pageSize=2");
    expect(all.guests).toHaveLength(2);
    expect(all.total).toBeGreaterThanOrEqual(4);
    expect((await search("grace@exa")).guests.map((g) => g.email)).toEqual(["grace@example.com"]);
    expect((await search("900123")).guests.map((g) => g.name)).toEqual(["Alan Turing"]);
    expect((await search("TR-OLD00")).total).toBe(2);
    const two = all.guests.map((g) => g.id);
    expect((await search("", `&ids=${two.join(",")}`)).guests.map((g) => g.id).sort()).toEqual([...two].sort());
    expect((await (await staff("/api/guests?ids=1;2")).json()).message).toMatch(/ids/);
    expect((await staff("/api/guests?page=0")).status).toBe(400);
    expect((await (await staff("/api/guests?page=0")).json()).message).toMatch(/page/);
  });

  it("answers 404 for a guest there is not, and 400 for an id that is not one", async () => {
    expect((await staff("/api/guests/999999")).status).toBe(404);
    expect((await staff("/api/guests/abc")).status).toBe(400);
  });
});

describe("PATCH /api/guests/{id}", () => {
  it("keeps each tag once, trimmed, saves the notes, and records the change", async () => {
    const { id } = await guestBy("grace");
    const res = await staff(`/api/guests/${id}`, {
      method: "PATCH",
      json: { tags: [" Regular ", "regular", "corner  table"], notes: "Likes the corner table" },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ id, tags: ["Regular", "corner table"], notes: "Likes the corner table" });
    // Either may be left out.
    expect(await (await staff(`/api/guests/${id}`, { method: "PATCH", json: { notes: "Likes the window" } })).json()).toMatchObject({
      tags: ["Regular", "corner table"],
      notes: "Likes the window",
    });
    const audit = (await (await staff("/api/audit-events?action=guest.update")).json()) as { subject: string; after: unknown }[];
    expect(audit[0]).toMatchObject({ subject: `Guest ${id}`, after: { tags: ["Regular", "corner table"], notes: "changed" } });
  });

  it("refuses bad notes and tags with a 400 naming the field, changing nothing", async () => {
    const { id } = await guestBy("grace");
    const before = await guest(id);
    for (const [json, field] of [
      [{ tags: "Regular" }, "tags"],
      [{ tags: ["x".repeat(31)] }, "tags"],
      [{ tags: Array.from({ length: 21 }, (_, i) => `t${i}`) }, "tags"],
      [{ tags: [1] }, "tags"],
      [{ notes: "x".repeat(2001) }, "notes"],
      [{ notes: 5 }, "notes"],
      [{ name: "Someone else" }, "name"],
    ] as const) {
      const res = await staff(`/api/guests/${id}`, { method: "PATCH", json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect((await res.json()).message).toContain(field);
    }
    expect(await guest(id)).toEqual(before);
    expect((await staff("/api/guests/999999", { method: "PATCH", json: { notes: "x" } })).status).toBe(404);
  });
});

describe("privacy (R39)", () => {
  it("exports the guest record with its notes and tags, and erasing the person removes it", async () => {
    const { id } = await guestBy("grace");
    const exported = await (await staff("/api/privacy/export?email=grace@example.com")).json();
    expect(exported.guests).toEqual([
      expect.objectContaining({ id, email: "grace@example.com", notes: "Likes the window", tags: ["Regular", "corner table"] }),
    ]);

    const erase = await staff("/api/privacy/erase", { method: "POST", json: { email: "grace@example.com" } });
    expect(erase.status).toBe(200);
    expect((await staff(`/api/guests/${id}`)).status).toBe(404);
    expect((await search("grace")).total).toBe(0);
    expect((await search("hopper")).total).toBe(0);
  });

  it("retention removes a guest whose last booking it erased", async () => {
    const { id } = await guestBy("turing");
    s.clock.now = new Date("2040-01-01T12:00:00Z");
    try {
      await applyRetention(s.ctx);
    } finally {
      s.clock.now = new Date("2027-06-02T08:00:00Z");
    }
    expect((await staff(`/api/guests/${id}`)).status).toBe(404);
  });
});
