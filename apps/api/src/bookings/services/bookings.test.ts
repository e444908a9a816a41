import {
  AdminBookingCreateSchema,
  AdminBookingUpdateSchema,
  BookingCancelOptionsSchema,
  type AdminBookingCreateInput,
  type BookingRequest,
} from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConflictError, NotFoundError, WarningsError } from "../../errors.js";
import { newVisitor, startTestServer, TEST_NOW, type TestServer } from "../../test/helpers.js";
import { updateSetting } from "./booking-settings.js";
import { cancelBooking } from "./booking-lifecycle.js";
import {
  confirmHeldBooking,
  createAdminBooking as createParsedAdminBooking,
  createBooking,
  getAvailability,
  releaseHold,
  updateAdminBooking,
} from "./bookings.js";

// The staff dialog's body, parsed as the edge (its procedure or REST route) parses it.
const createAdminBooking = (ctx: TestServer["ctx"], input: AdminBookingCreateInput) => createParsedAdminBooking(ctx, AdminBookingCreateSchema.parse(input));

let s: TestServer;
beforeAll(async () => {
  // TRUST_PROXY: the crowds below are many visitors, each with an address of its own (R23).
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" } });
});
afterAll(async () => s.close());

const contact = { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };
const tea = (date: string, guests: number, time = "12:00"): BookingRequest => ({
  type: "afternoonTea",
  date,
  time,
  guests,
  ...contact,
  teaType: "traditional",
});
const remaining = async (date: string, time = "12:00") =>
  (await getAvailability(s.ctx, { type: "afternoonTea", date })).slots.find((x) => x.time === time)!.remaining;
const guestsBooked = (date: string, time = "12:00") =>
  (
    s.ctx.sqlite
      .prepare("SELECT coalesce(sum(guests), 0) AS n FROM bookings WHERE type = 'afternoonTea' AND date = ? AND time = ? AND status != 'cancelled'")
      .get(date, time) as { n: number }
  ).n;

describe("capacity under concurrency (R13)", () => {
  it("60 simultaneous requests for one slot fill it exactly and never beyond", async () => {
    const date = "2027-06-12"; // a Saturday; 24 afternoon-tea covers per slot
    const attempts = Array.from({ length: 60 }, (_, i) => ({ ...tea(date, (i % 3) + 1), name: `Guest ${i}` }));
    const answers = await Promise.all(attempts.map((json) => s.request("/api/bookings", { json, from: newVisitor() })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((st) => st === 201 || st === 409)).toBe(true);
    const accepted = attempts.filter((_, i) => statuses[i] === 201).reduce((n, a) => n + a.guests, 0);
    expect(guestsBooked(date)).toBe(accepted);
    expect(accepted).toBeLessThanOrEqual(24);
    // Filled exactly: whatever is left is smaller than every refused party.
    const refusedSizes = attempts.filter((_, i) => statuses[i] === 409).map((a) => a.guests);
    expect(refusedSizes.length).toBeGreaterThan(0);
    expect(24 - accepted).toBeLessThan(Math.min(...refusedSizes));
    expect(await remaining(date)).toBe(24 - accepted);
  });

  it("50 simultaneous one-guest requests for 24 covers: exactly 24 succeed", async () => {
    const date = "2027-06-13";
    const answers = await Promise.all(Array.from({ length: 50 }, () => s.request("/api/bookings", { json: tea(date, 1, "13:00"), from: newVisitor() })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(24);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(26);
    expect(guestsBooked(date, "13:00")).toBe(24);
    const references = await Promise.all(answers.filter((r) => r.status === 201).map(async (r) => ((await r.json()) as { reference: string }).reference));
    expect(new Set(references).size).toBe(24);
  });
});

describe("seat holds while paying (R9)", () => {
  // Eight covers per slot, so a few six-guest parties fill it.
  beforeAll(async () => {
    await updateSetting(s.ctx, "afternoon_tea_covers_per_slot", "8", "test");
  });
  afterAll(async () => {
    await updateSetting(s.ctx, "afternoon_tea_covers_per_slot", "24", "test");
  });

  it("a hold counts until it lapses, then frees its seats", async () => {
    const date = "2027-06-19";
    const holdExpiresAt = new Date(TEST_NOW.getTime() + 15 * 60_000);
    const { booking } = await createBooking(s.ctx, tea(date, 6), {
      status: "held",
      source: "public",
      holdExpiresAt,
      paymentReference: "pi_hold_1",
      amountPence: 17970,
    });
    expect(booking).toMatchObject({ status: "held", paymentReference: "pi_hold_1", amountPence: 17970 });
    expect(await remaining(date)).toBe(2);
    await expect(createBooking(s.ctx, tea(date, 5), { status: "pending", source: "public" })).rejects.toBeInstanceOf(ConflictError);

    s.clock.now = new Date(holdExpiresAt.getTime() + 1);
    try {
      expect(await remaining(date)).toBe(8);
      const { booking: other } = await createBooking(s.ctx, tea(date, 5), { status: "pending", source: "public" });
      expect(other.status).toBe("pending");
    } finally {
      s.clock.now = TEST_NOW;
    }
  });

  it("confirmHeldBooking is idempotent; a payment reference makes one booking (R8)", async () => {
    const date = "2027-06-20";
    const opts = {
      status: "held" as const,
      source: "public" as const,
      holdExpiresAt: new Date(TEST_NOW.getTime() + 15 * 60_000),
      paymentReference: "pi_paid_1",
    };
    const first = await createBooking(s.ctx, tea(date, 2), opts);
    const again = await createBooking(s.ctx, tea(date, 2), opts);
    expect(again.booking.id).toBe(first.booking.id);
    const mails = (s.ctx.sqlite.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n;

    const confirmed = await confirmHeldBooking(s.ctx, "pi_paid_1");
    expect(confirmed).toMatchObject({ id: first.booking.id, status: "confirmed" });
    expect((await confirmHeldBooking(s.ctx, "pi_paid_1")).status).toBe("confirmed");
    expect(s.ctx.sqlite.prepare("SELECT count(*) AS n FROM bookings WHERE payment_reference = 'pi_paid_1'").get()).toEqual({ n: 1 });
    // The payment's own e-mails are sent by the payment flow, not here.
    expect((s.ctx.sqlite.prepare("SELECT count(*) AS n FROM outbox").get() as { n: number }).n).toBe(mails);
    await expect(confirmHeldBooking(s.ctx, "pi_unknown")).rejects.toBeInstanceOf(NotFoundError);
  });

  it("releaseHold frees the seats; a late payment is confirmed only if they are still free", async () => {
    const date = "2027-06-23";
    const opts = { status: "held" as const, source: "public" as const, holdExpiresAt: new Date(TEST_NOW.getTime() + 15 * 60_000) };
    await createBooking(s.ctx, tea(date, 6), { ...opts, paymentReference: "pi_release_1" });
    expect((await releaseHold(s.ctx, "pi_release_1"))?.status).toBe("cancelled");
    expect((await releaseHold(s.ctx, "pi_release_1"))?.status).toBe("cancelled");
    expect(await releaseHold(s.ctx, "pi_nothing")).toBeNull();
    expect(await remaining(date)).toBe(8);

    // Still free: the late success is honoured.
    expect((await confirmHeldBooking(s.ctx, "pi_release_1")).status).toBe("confirmed");

    // Lapsed and taken meanwhile: refused so the payment can be refunded.
    await createBooking(s.ctx, tea(date, 3, "12:30"), { ...opts, paymentReference: "pi_late_2" });
    s.clock.now = new Date(TEST_NOW.getTime() + 20 * 60_000);
    try {
      await createBooking(s.ctx, tea(date, 6, "12:30"), { status: "pending", source: "public" });
      await expect(confirmHeldBooking(s.ctx, "pi_late_2")).rejects.toBeInstanceOf(ConflictError);
      expect(s.ctx.sqlite.prepare("SELECT status FROM bookings WHERE payment_reference = 'pi_late_2'").get()).toEqual({ status: "held" });
    } finally {
      s.clock.now = TEST_NOW;
    }
  });
});

describe("staff bookings (R13, R29)", () => {
  it("count against capacity; over it they are stopped with a warning until staff save anyway", async () => {
    const date = "2027-06-26";
    const result = await createAdminBooking(s.ctx, { type: "afternoonTea", date, time: "12:00", guests: 20, ...contact });
    expect(result).toMatchObject({ overCapacity: false, warnings: [] });
    const refused = await createAdminBooking(s.ctx, { type: "afternoonTea", date, time: "12:00", guests: 10, ...contact }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(WarningsError);
    expect((refused as WarningsError).warnings.map((w) => w.code)).toEqual(["over-capacity"]);
    expect(await remaining(date)).toBe(4);
    const over = await createAdminBooking(s.ctx, { type: "afternoonTea", date, time: "12:00", guests: 10, ...contact, acceptWarnings: true });
    expect(over.overCapacity).toBe(true);
    expect(over.warnings.map((w) => w.code)).toEqual(["over-capacity"]);
    expect(over.booking.status).toBe("confirmed");
    expect(await remaining(date)).toBe(0);
  });

  it("ignore garden fields on other booking types; an unknown spot is a 400, not a server error", async () => {
    const { booking } = await createAdminBooking(s.ctx, {
      type: "table",
      date: "2027-06-26",
      time: "12:00",
      guests: 2,
      ...contact,
      gardenSpotId: "nowhere",
      includeWine: true,
    });
    expect(booking).toMatchObject({ gardenSpotId: null, includeWine: false });
    await expect(
      createAdminBooking(s.ctx, { type: "secretGarden", date: "2027-06-26", time: "12:00", guests: 2, ...contact, gardenSpotId: "nowhere" }),
    ).rejects.toThrow("gardenSpotId: Please select a date, time, and garden location.");
  });

  it("may double-book a private garden spot once the warning is accepted", async () => {
    const date = "2027-06-25";
    await createBooking(
      s.ctx,
      { type: "secretGarden", date, time: "18:00", guests: 2, ...contact, gardenSpotId: "rose-garden", includeWine: false },
      { status: "confirmed", source: "public" },
    );
    const booking = { type: "secretGarden", date, time: "18:00", guests: 2, ...contact, gardenSpotId: "rose-garden" } as const;
    await expect(createAdminBooking(s.ctx, booking)).rejects.toBeInstanceOf(WarningsError);
    const result = await createAdminBooking(s.ctx, { ...booking, acceptWarnings: true });
    expect(result.overCapacity).toBe(true);
    expect(result.warnings.map((w) => w.code)).toEqual(["private-spot-taken"]);
  });
});

describe("availability after every kind of change", () => {
  it("shows each booking, edit, cancellation and released hold at once, though the same answer is read again and again", async () => {
    const date = "2027-07-03"; // a Saturday
    expect(await remaining(date)).toBe(24);
    expect(await remaining(date)).toBe(24); // read twice: the second answer comes from the kept rows

    await s.request("/api/bookings", { json: tea(date, 4), from: newVisitor() });
    expect(await remaining(date)).toBe(20);

    const { booking } = await createAdminBooking(s.ctx, { ...tea(date, 2), teaType: "traditional" });
    expect(await remaining(date)).toBe(18);
    await updateAdminBooking(s.ctx, booking.id, AdminBookingUpdateSchema.parse({ ...contact, date, time: "12:00", guests: 5 }));
    expect(await remaining(date)).toBe(15);
    await cancelBooking(s.ctx, booking.id, BookingCancelOptionsSchema.parse({}));
    expect(await remaining(date)).toBe(20);

    const holdExpiresAt = new Date(TEST_NOW.getTime() + 15 * 60_000);
    // A visitor of its own: the holds above are Ada's, and one e-mail address may hold 2 at a time (R23).
    await createBooking(
      s.ctx,
      { ...tea(date, 3), email: "cache@example.com" },
      { status: "held", source: "public", holdExpiresAt, paymentReference: "pi_cache_1", amountPence: 8985 },
    );
    expect(await remaining(date)).toBe(17);
    await releaseHold(s.ctx, "pi_cache_1");
    expect(await remaining(date)).toBe(20);
  });
});
