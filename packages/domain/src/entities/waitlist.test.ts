import { describe, expect, it } from "vitest";
import {
  canMove,
  firstFitting,
  firstForTickets,
  hasEnded,
  positionOf,
  WaitlistAnyJoinSchema,
  WaitlistJoinSchema,
  waitlistLimitProblem,
  type Queued,
} from "./waitlist.js";

const entry = (id: number, createdAt: string, over: Partial<Queued> = {}): Queued => ({
  id,
  createdAt,
  status: "waiting",
  type: "afternoonTea",
  guests: 2,
  times: null,
  ...over,
});
const OPEN = ["12:00", "14:00", "16:00"];

describe("waiting list (R52)", () => {
  it("offers freed seats to the first entry by join time whose party fits at one of its times", () => {
    const entries = [
      entry(3, "2027-06-01T10:02:00Z", { guests: 2 }),
      entry(1, "2027-06-01T10:00:00Z", { guests: 6 }),
      entry(2, "2027-06-01T10:01:00Z", { guests: 2, times: ["16:00"] }),
    ];
    // Four seats free at 14:00 only: the party of six does not fit, the 16:00-only entry does not want 14:00.
    const fits = (e: Queued, t: string) => t === "14:00" && e.guests <= 4;
    expect(firstFitting(entries, () => OPEN, fits)).toEqual({ entry: entries[0], time: "14:00" });
    // At 16:00 the earlier entry that asked for it comes first.
    const at16 = (e: Queued, t: string) => t === "16:00" && e.guests <= 4;
    expect(firstFitting(entries, () => OPEN, at16)?.entry.id).toBe(2);
    expect(
      firstFitting(
        entries,
        () => OPEN,
        () => false,
      ),
    ).toBeNull();
  });

  it("skips entries no longer waiting and counts positions among the waiting of the type", () => {
    const entries = [entry(1, "a", { status: "offered" }), entry(2, "b"), entry(3, "c", { type: "table" }), entry(4, "d")];
    expect(
      firstFitting(
        entries,
        () => OPEN,
        () => true,
      )?.entry.id,
    ).toBe(2);
    expect(positionOf(entries, 4)).toBe(2);
    expect(positionOf(entries, 3)).toBe(1);
    expect(positionOf(entries, 1)).toBeNull();
  });

  it("moves waiting → offered → claimed or lapsed, never back from claimed, left or ended", () => {
    expect(canMove("waiting", "offered")).toBe(true);
    expect(canMove("offered", "claimed")).toBe(true);
    expect(canMove("offered", "lapsed")).toBe(true);
    expect(canMove("lapsed", "offered")).toBe(true);
    expect(canMove("claimed", "offered")).toBe(false);
    expect(canMove("left", "offered")).toBe(false);
    expect(canMove("waiting", "claimed")).toBe(false);
    expect(hasEnded({ date: "2027-06-01", status: "waiting" }, "2027-06-02")).toBe(true);
    expect(hasEnded({ date: "2027-06-02", status: "waiting" }, "2027-06-02")).toBe(false);
    expect(hasEnded({ date: "2027-06-01", status: "claimed" }, "2027-06-02")).toBe(false);
  });

  it("allows three entries per address per day (R23)", () => {
    expect(waitlistLimitProblem(2, "01234 567890")).toBeNull();
    expect(waitlistLimitProblem(3, "01234 567890")).toMatch(/3 times for this day.*01234 567890/);
  });

  it("parses a join with acceptable times or any time, naming the bad field", () => {
    const base = { type: "table", date: "2027-06-03", guests: 2, name: "Ann", email: "ann@example.com", phone: "0770" };
    expect(WaitlistJoinSchema.parse({ ...base, times: ["14:00", "12:00", "14:00"] }).times).toEqual(["12:00", "14:00"]);
    expect(WaitlistJoinSchema.parse({ ...base, times: null }).times).toBeNull();
    const bad = WaitlistJoinSchema.safeParse({ ...base, times: ["2pm"] });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toMatch(/^times:/);
  });
});

describe("firstForTickets (R52 with R53)", () => {
  it("offers freed tickets to the first waiting entry they fit, in join order; a bigger party does not block a smaller one", () => {
    const entries = [
      entry(1, "2027-06-01T10:00:00Z", { guests: 3 }),
      entry(2, "2027-06-01T09:00:00Z", { guests: 2, status: "offered" }),
      entry(3, "2027-06-01T11:00:00Z", { guests: 2 }),
      entry(4, "2027-06-01T10:30:00Z", { guests: 2 }),
    ];
    expect(firstForTickets(entries, 2)?.id).toBe(4);
    expect(firstForTickets(entries, 3)?.id).toBe(1);
    expect(firstForTickets(entries, 1)).toBeNull();
  });

  it("an event entry's join takes a sitting and tickets, with null times", () => {
    expect(
      WaitlistAnyJoinSchema.safeParse({ type: "event", sittingId: 4, times: null, guests: 2, name: "A", email: "a@example.com", phone: "1" }).success,
    ).toBe(true);
    const bad = WaitlistAnyJoinSchema.safeParse({ type: "event", sittingId: 4, times: ["15:00"], guests: 2, name: "A", email: "a@example.com", phone: "1" });
    expect(bad.error?.issues[0]?.message).toMatch(/^times: /);
  });
});
