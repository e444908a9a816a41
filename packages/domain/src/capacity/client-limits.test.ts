import { describe, expect, it } from "vitest";
import { CLIENT_LIMITS, holdLimitProblem, requestDayStart, requestLimitProblem } from "./client-limits.js";

const now = new Date("2027-06-02T08:00:00Z"); // 09:00 in London (summer time)
const inMinutes = (m: number) => new Date(now.getTime() + m * 60_000).toISOString();
const PHONE = "01234 567890";

describe("holdLimitProblem (R23)", () => {
  it("lets a client hold up to 2 bookings and 12 seats", () => {
    expect(CLIENT_LIMITS).toEqual({ liveHolds: 2, heldSeats: 12, requestsPerDay: 3 });
    expect(holdLimitProblem({ holds: 0, seats: 0, firstLapse: null }, 6, now, PHONE)).toBeNull();
    expect(holdLimitProblem({ holds: 1, seats: 6, firstLapse: inMinutes(10) }, 6, now, PHONE)).toBeNull();
  });

  it("refuses a third hold, saying what to do and when to try again", () => {
    const refusal = holdLimitProblem({ holds: 2, seats: 3, firstLapse: inMinutes(9.5) }, 1, now, PHONE);
    expect(refusal).toEqual({
      message:
        "You already have 2 afternoon tea bookings being paid for from this connection or e-mail address, and we can hold at most 2 at a time. " +
        "Please finish paying for them, or wait about 10 minutes for an unpaid one to lapse, then try again. For a larger party, please call us on 01234 567890.",
      retryAfterSeconds: 600,
    });
  });

  it("refuses a hold that would take the client past 12 seats", () => {
    const refusal = holdLimitProblem({ holds: 1, seats: 10, firstLapse: inMinutes(0.2) }, 3, now, PHONE);
    expect(refusal?.message).toMatch(
      /^You already have 10 seats held for afternoon tea being paid for from this connection or e-mail address, and we can hold at most 12 seats at a time\. /,
    );
    expect(refusal?.message).toContain("wait about 1 minute for an unpaid one");
    expect(refusal?.retryAfterSeconds).toBe(60);
    expect(holdLimitProblem({ holds: 1, seats: 10, firstLapse: inMinutes(5) }, 2, now, PHONE)).toBeNull();
  });
});

describe("requestLimitProblem (R23)", () => {
  it("counts from midnight in London, not in UTC", () => {
    expect(requestDayStart(now).toISOString()).toBe("2027-06-01T23:00:00.000Z");
    expect(requestDayStart(new Date("2027-06-01T23:30:00Z")).toISOString()).toBe("2027-06-01T23:00:00.000Z");
    expect(requestDayStart(new Date("2027-01-10T23:30:00Z")).toISOString()).toBe("2027-01-10T00:00:00.000Z");
  });

  it("takes 3 requests a day from one address and refuses the fourth until London's midnight", () => {
    expect(requestLimitProblem(0, now, PHONE)).toBeNull();
    expect(requestLimitProblem(2, now, PHONE)).toBeNull();
    expect(requestLimitProblem(3, now, PHONE)).toEqual({
      message:
        "You have already sent 3 booking requests today, which is as many as we can take online from one connection in a day. " +
        "We will reply to them soon. To book anything else, please call us on 01234 567890, or send your request tomorrow.",
      retryAfterSeconds: 15 * 3600, // 09:00 to midnight, London time
    });
  });
});
