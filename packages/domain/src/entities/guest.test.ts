import { describe, expect, it } from "vitest";
import type { Booking } from "./booking.js";
import { GuestUpdateSchema, guestCounts, guestSummaryText, normaliseTags } from "./guest.js";

const booking = (over: Partial<Booking>): Booking =>
  ({
    id: 1,
    reference: "TR-1",
    status: "confirmed",
    arrival: null,
    date: "2027-06-01",
    time: "12:00",
    payment: null,
    voucher: null,
    teaType: null,
    ...over,
  }) as Booking;
const ctx = { today: "2027-06-02", cancellationHours: 48, cancelledAt: new Map<number, string>(), items: [] };

describe("guest records (R55)", () => {
  it("counts arrivals and past confirmed bookings as visits, no-show marks as no-shows, and staff cancels after the cut-off as late cancels", () => {
    const counts = guestCounts(
      [
        booking({ id: 1, arrival: "arrived", date: "2027-06-02" }),
        booking({ id: 2, date: "2027-05-01" }),
        booking({ id: 3, date: "2027-05-02", arrival: "no-show" }),
        booking({ id: 4, date: "2027-07-01" }),
        booking({ id: 5, status: "cancelled", date: "2027-06-03" }),
        booking({ id: 6, status: "cancelled", date: "2027-07-03" }),
        booking({ id: 7, status: "pending", date: "2027-05-01" }),
      ],
      {
        ...ctx,
        cancelledAt: new Map([
          [5, "2027-06-02T08:00:00.000Z"],
          [6, "2027-06-02T08:00:00.000Z"],
        ]),
      },
    );
    expect(counts).toEqual({ visits: 2, noShows: 1, lateCancels: 1, spendPence: 0 });
  });

  it("spends what the card paid less refunds, plus the voucher part still used", () => {
    const payment = { status: "partly-refunded", paidPence: 5000, refundedPence: 1000, reference: "pi", balancePence: null } as const;
    const counts = guestCounts(
      [
        booking({ payment }),
        booking({ id: 2, voucher: { code: "TEA-1", amountPence: 2000, givenBack: false } }),
        booking({ id: 3, voucher: { code: "TEA-2", amountPence: 900, givenBack: true } }),
      ],
      ctx,
    );
    expect(counts.spendPence).toBe(6000);
  });

  it("keeps each tag once, trimmed, in its first spelling, and refuses long ones naming tags", () => {
    expect(normaliseTags([" Regular ", "regular", "", "corner   table"])).toEqual(["Regular", "corner table"]);
    expect(GuestUpdateSchema.safeParse({ tags: ["x".repeat(31)] }).error?.issues[0]?.message).toMatch(/^tags/);
    expect(GuestUpdateSchema.safeParse({ other: 1 }).success).toBe(false);
  });

  it("sums a guest up in a few words", () => {
    expect(guestSummaryText({ visits: 3, noShows: 1, lateCancels: 0 })).toBe("3 visits · 1 no-show");
    expect(guestSummaryText({ visits: 1, noShows: 0, lateCancels: 2 })).toBe("1 visit · 2 late cancels");
    expect(guestSummaryText({ visits: 0, noShows: 0, lateCancels: 0 })).toBe("No visits yet");
  });
});
