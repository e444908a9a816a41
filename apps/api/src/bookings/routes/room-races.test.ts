import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEMO_STAFF, type OccupancyView } from "@tearoom/domain";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app.js";
import { createAppContext } from "../../composition-root.js";
import type { AppContext } from "../../context.js";
import type { Database } from "../../db/schema.js";
import { loadEnv } from "../../env.js";
import { newVisitor, startTestServer, TEST_NOW, type TestServer } from "../../test/helpers.js";
import { onPostgres, testDatabase, type TestDatabase } from "../../test/pg-databases.js";

// R44 under races, over HTTP: tea holds (the public payment flow), visitors' table and picnic
// requests and staff bookings that may not override a warning, all at overlapping times of one
// day, never seat more guests in an area than it has at any 15-minute step, nor start more of a
// type at one time than its pacing. Checked twice: by GET /api/occupancy, and by recounting the
// bookings table's rows here without the domain's room rules.
// TEST_NOW is Wednesday 2 June 2027, 09:00 in London.

type BookingType = "afternoonTea" | "table" | "picnicHamper";
type Answer = { status: number };
/** Sends one request of the race: public from a client of its own, staff with the session cookie. */
type Send = (i: number, url: string, json: unknown, cookie?: string) => Promise<Answer>;

const STEP = 15;
const TYPES: readonly BookingType[] = ["afternoonTea", "table", "picnicHamper"];
const STAY_KEYS: Record<BookingType, [string, number]> = {
  afternoonTea: ["afternoon_tea_minutes", 120],
  table: ["table_minutes", 90],
  picnicHamper: ["picnic_hamper_minutes", 120],
};
const PACING_KEYS: Record<BookingType, [string, number]> = {
  afternoonTea: ["afternoon_tea_covers_per_slot", 24],
  table: ["table_covers_per_slot", 30],
  picnicHamper: ["picnic_hamper_covers_per_slot", 16],
};
const TEA_PENCE = 2995;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const timeOf = (m: number) => `${String(Math.floor(m / 60)).padStart(2, "0")}:${String(m % 60).padStart(2, "0")}`;

let racer = 0;
const who = () => {
  const n = ++racer;
  return { name: `Racer ${n}`, email: `racer${n}@example.com`, phone: `01234 56${String(n).padStart(4, "0")}` };
};

/**
 * The i-th of a race's requests: a quarter tea holds, a quarter table requests, a quarter picnic
 * requests, a quarter staff bookings of the three types (larger parties, no warning accepted).
 */
function request(i: number, date: string, times: Record<BookingType, string[]>): { url: string; json: unknown; staff: boolean } {
  const pick = (type: BookingType) => times[type][(i * 7 + Math.floor(i / 4)) % times[type].length]!;
  switch (i % 4) {
    case 0: {
      const guests = 2 + (i % 5); // 2 to 6
      const time = pick("afternoonTea");
      const metadata = { type: "afternoon-tea", date, time, guests, teaType: "traditional", ...who(), dietaryRequirements: "" };
      return { url: "/api/create-payment-intent", json: { amount: (TEA_PENCE * guests) / 100, metadata }, staff: false };
    }
    case 1:
      return {
        url: "/api/bookings",
        json: { type: "table", date, time: pick("table"), guests: 1 + (i % 6), diningPreference: "lunch", ...who() },
        staff: false,
      };
    case 2:
      return {
        url: "/api/bookings",
        json: { type: "picnicHamper", date, time: pick("picnicHamper"), guests: 2 + (i % 7), hamperType: "standard", ...who() },
        staff: false,
      };
    default: {
      const type = TYPES[Math.floor(i / 4) % 3]!;
      const guests = type === "picnicHamper" ? 4 + (i % 5) : 6 + (i % 15); // staff may book up to 20
      return {
        url: "/api/bookings",
        json: {
          type,
          date,
          time: pick(type),
          guests,
          teaType: "traditional",
          diningPreference: "lunch",
          hamperType: "standard",
          ...who(),
          acceptWarnings: false,
          sendConfirmation: false,
        },
        staff: true,
      };
    }
  }
}

/** Races `count` requests at once; every answer is a success or a 409 (full, or a staff warning). */
async function race(send: Send, cookie: string, date: string, times: Record<BookingType, string[]>, count: number) {
  const requests = Array.from({ length: count }, (_, i) => request(i, date, times));
  const answers = await Promise.all(requests.map((r, i) => send(i, r.url, r.json, r.staff ? cookie : undefined)));
  const statuses = answers.map((a) => a.status);
  expect(statuses.filter((st) => ![200, 201, 409].includes(st))).toEqual([]);
  return { accepted: statuses.filter((st) => st !== 409).length, refused: statuses.filter((st) => st === 409).length };
}

/**
 * Seats taken per area and step, and guests starting per type and time, recounted from the rows:
 * a booking holds seats unless declined or cancelled, a hold only until it lapses; it sits in its
 * area_id from its start for its own stay_minutes or its type's.
 */
async function recount(db: Kysely<Database>, date: string, now: Date) {
  const settings = new Map(
    (await db.selectFrom("booking_settings").select(["setting_key", "setting_value"]).execute()).map((r) => [r.setting_key, r.setting_value]),
  );
  const setting = ([key, fallback]: [string, number]) => Number(settings.get(key) ?? fallback);
  const areas = await db.selectFrom("areas").select(["id", "name", "seats"]).execute();
  const rows = await db
    .selectFrom("bookings")
    .select(["area_id", "type", "time", "guests", "stay_minutes", "status", "hold_expires_at"])
    .where("date", "=", date)
    .execute();
  const live = rows.filter(
    (r) => r.status !== "cancelled" && r.status !== "declined" && (r.status !== "held" || (r.hold_expires_at !== null && new Date(r.hold_expires_at) > now)),
  );
  const taken = new Map<number, Map<number, number>>();
  const starting = new Map<string, number>();
  for (const r of live) {
    expect(r.area_id, `a ${r.type} at ${r.time} has no area`).not.toBeNull();
    const stay = r.stay_minutes ?? setting(STAY_KEYS[r.type as BookingType]);
    const steps = taken.get(r.area_id!) ?? new Map<number, number>();
    taken.set(r.area_id!, steps);
    for (let m = minutesOf(r.time); m < minutesOf(r.time) + stay; m += STEP) steps.set(m, (steps.get(m) ?? 0) + r.guests);
    starting.set(`${r.type} ${r.time}`, (starting.get(`${r.type} ${r.time}`) ?? 0) + r.guests);
  }
  const overSeats = areas.flatMap((a) =>
    [...(taken.get(a.id) ?? [])].filter(([, n]) => n > a.seats).map(([m, n]) => `${a.name} ${timeOf(m)}: ${n} of ${a.seats}`),
  );
  const overPacing = [...starting].filter(([key, n]) => n > setting(PACING_KEYS[key.split(" ")[0] as BookingType])).map(([key, n]) => `${key}: ${n}`);
  return { areas, taken, live, overSeats, overPacing };
}

/** The room is never over: the occupancy endpoint and the recount agree, and neither is over any area's seats. */
async function expectRoomHeld(db: Kysely<Database>, occupancy: OccupancyView, date: string, now: Date) {
  const { areas, taken, live, overSeats, overPacing } = await recount(db, date, now);
  expect(overSeats).toEqual([]);
  expect(overPacing).toEqual([]);
  expect(occupancy.date).toBe(date);
  const over = occupancy.areas.flatMap((a) =>
    a.steps.filter((st) => st.seatsTaken > a.seats).map((st) => `${a.name} ${st.time}: ${st.seatsTaken} of ${a.seats}`),
  );
  expect(over).toEqual([]);
  for (const area of occupancy.areas) {
    expect(area.seats).toBe(areas.find((a) => a.id === area.id)!.seats);
    const mine = taken.get(area.id) ?? new Map<number, number>();
    expect(area.steps.map((st) => [st.time, st.seatsTaken])).toEqual(area.steps.map((st) => [st.time, mine.get(minutesOf(st.time)) ?? 0]));
  }
  return { live, busiest: Math.max(...occupancy.areas.flatMap((a) => a.steps.map((st) => st.seatsTaken))) };
}

/** Each type's open start times from 12:00 to 14:00 on `date`, as visitors see them. */
async function raceTimes(get: (url: string) => Promise<unknown>, date: string): Promise<Record<BookingType, string[]>> {
  const times = {} as Record<BookingType, string[]>;
  for (const type of TYPES) {
    const { slots } = (await get(`/api/availability?type=${type}&date=${date}`)) as { slots: { time: string }[] };
    times[type] = slots.map((x) => x.time).filter((t) => t >= "12:00" && t <= "14:00");
    expect(times[type].length, type).toBeGreaterThan(1);
  }
  return times;
}

describe("the room under racing bookings (R44)", () => {
  let s: TestServer;
  let cookie: string;
  beforeAll(async () => {
    // TRUST_PROXY: each racer is a visitor of its own (R23 limits one address).
    s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true", PAYMENT_PROVIDER: "demo" } });
    cookie = await s.login();
  });
  afterAll(async () => s.close());

  const send: Send = async (_i, url, json, staffCookie) => {
    const res = await s.request(url, staffCookie ? { json, cookie: staffCookie } : { json, from: newVisitor() });
    await res.arrayBuffer();
    return { status: res.status };
  };
  const occupancy = async (date: string) => (await (await s.request(`/api/occupancy?date=${date}`, { cookie })).json()) as OccupancyView;

  it("60 bookings of every kind racing for overlapping times never put an area over its seats at any step", async () => {
    const date = "2027-06-26"; // a Saturday
    const times = await raceTimes(async (url) => (await s.request(url)).json(), date);
    const { accepted, refused } = await race(send, cookie, date, times, 60);
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(0);
    const { live, busiest } = await expectRoomHeld(s.ctx.db, await occupancy(date), date, s.clock.now);
    expect(live).toHaveLength(accepted);
    expect(busiest).toBeGreaterThan(20);
  });

  it("once the tea holds lapse, a second wave races for their seats and still never overfills", async () => {
    const date = "2027-06-26";
    const held = await s.ctx.db.selectFrom("bookings").select("id").where("date", "=", date).where("status", "=", "held").execute();
    expect(held.length).toBeGreaterThan(0);
    s.clock.now = new Date(TEST_NOW.getTime() + 60 * 60_000);
    try {
      const times = await raceTimes(async (url) => (await s.request(url)).json(), date);
      const { accepted, refused } = await race(send, cookie, date, times, 60);
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
      await expectRoomHeld(s.ctx.db, await occupancy(date), date, s.clock.now);
    } finally {
      s.clock.now = TEST_NOW;
    }
  });
});

describe.skipIf(!onPostgres())("the room under racing bookings at two instances on one PostgreSQL database (R44, decision 021)", () => {
  let dir: string;
  let database: TestDatabase;
  let instances: { ctx: AppContext; app: FastifyInstance }[] = [];
  let cookie: string;
  let client = 0;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "tearoom-room-races-"));
    database = await testDatabase(dir);
    const env = loadEnv({
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ...database.env,
      PUBLIC_ORIGIN: "http://localhost:4999",
      RATE_LIMIT_MAX: "100000",
      SCRYPT_COST: "10",
      PAYMENT_PROVIDER: "demo",
    });
    const contexts = await Promise.all([0, 1].map(() => createAppContext(env, { now: () => TEST_NOW })));
    instances = await Promise.all(
      contexts.map(async (ctx) => {
        const app = await buildApp({ ctx, spaRoots: { web: dir, admin: dir } });
        await app.ready();
        return { ctx, app };
      }),
    );
    const login = await instances[0]!.app.inject({ method: "POST", url: "/api/admin/login", payload: DEMO_STAFF });
    expect(login.statusCode).toBe(200);
    cookie = String(login.headers["set-cookie"] ?? "").split(";")[0]!;
  });

  afterAll(async () => {
    for (const { app, ctx } of instances) {
      await app.close();
      await ctx.close();
    }
    await database?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Request i goes to instance i % 2, from a client address of its own. */
  const send: Send = async (i, url, json, staffCookie) => {
    const n = ++client;
    const res = await instances[i % 2]!.app.inject({
      method: "POST",
      url,
      payload: json as object,
      headers: staffCookie ? { cookie: staffCookie } : {},
      remoteAddress: `10.6.${(n >> 8) & 255}.${n & 255}`,
    });
    return { status: res.statusCode };
  };
  const get = async (i: number, url: string) => (await instances[i % 2]!.app.inject({ method: "GET", url, headers: { cookie } })).json();

  it("48 bookings of every kind split between the instances never put an area over its seats at any step", async () => {
    const date = "2027-06-27"; // a Sunday
    const times = await raceTimes((url) => get(0, url), date);
    const { accepted, refused } = await race(send, cookie, date, times, 48);
    expect(accepted).toBeGreaterThan(10);
    expect(refused).toBeGreaterThan(0);
    for (const i of [0, 1]) {
      const { live } = await expectRoomHeld(instances[i]!.ctx.db, (await get(i, `/api/occupancy?date=${date}`)) as OccupancyView, date, TEST_NOW);
      expect(live).toHaveLength(accepted);
    }
  });
});
