import { describe, expect, it } from "vitest";
import { AdminBookingUpdateSchema } from "./booking.js";
import { CLOSURE_RANGE_MAX_DAYS, CloseDatesInputSchema, datesBetween } from "./day-sheet.js";

describe("datesBetween (R45)", () => {
  it("lists every date from the first to the last, both included, across months and a leap day", () => {
    expect(datesBetween("2028-02-28", "2028-03-01")).toEqual(["2028-02-28", "2028-02-29", "2028-03-01"]);
    expect(datesBetween("2027-06-10", "2027-06-10")).toEqual(["2027-06-10"]);
    expect(datesBetween("2027-06-10", "2027-06-09")).toEqual([]);
  });

  it("stops one past the longest range, so a longer one is known without listing it all", () => {
    expect(datesBetween("2027-01-01", "2099-12-31")).toHaveLength(CLOSURE_RANGE_MAX_DAYS + 1);
  });
});

describe("CloseDatesInputSchema: one date or a range (R32, R45)", () => {
  it("reads a body naming from or to as a range, any other as one date, with the same defaults", () => {
    expect(CloseDatesInputSchema.parse({ date: "2027-06-10", cancelBookings: false })).toEqual({
      date: "2027-06-10",
      cancelBookings: false,
      notifyGuests: true,
      refund: "full",
      restoreVoucher: true,
    });
    expect(CloseDatesInputSchema.parse({ from: "2027-06-10", to: "2027-06-12", cancelBookings: true, refund: "none" })).toEqual({
      from: "2027-06-10",
      to: "2027-06-12",
      cancelBookings: true,
      notifyGuests: true,
      refund: "none",
      restoreVoucher: true,
    });
  });

  it.each([
    [{ from: "2027-06-10", cancelBookings: true }, ["to"]],
    [{ to: "2027-06-10", cancelBookings: true }, ["from"]],
    [{ from: "2027-06-12", to: "2027-06-10", cancelBookings: true }, ["to"]],
    [{ from: "2027-06-10", to: "2028-06-10", cancelBookings: true }, ["to"]],
    [{ cancelBookings: true }, ["date"]],
    [{ from: "2027-06-31", to: "2027-07-02", cancelBookings: true }, ["from"]],
  ])("refuses %j naming the field", (body, path) => {
    const result = CloseDatesInputSchema.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(path);
  });
});

describe("tableLabel on the staff edit (issue 31)", () => {
  const edit = { date: "2027-06-10", time: "12:00", name: "Ada", email: "ada@example.com", phone: "01234 567890", guests: 2 };
  it("is trimmed, kept out when left out, and refused past 20 characters", () => {
    expect(AdminBookingUpdateSchema.parse({ ...edit, tableLabel: "  T4 " }).tableLabel).toBe("T4");
    expect(AdminBookingUpdateSchema.parse(edit).tableLabel).toBeUndefined();
    expect(AdminBookingUpdateSchema.parse({ ...edit, tableLabel: null }).tableLabel).toBeNull();
    expect(AdminBookingUpdateSchema.safeParse({ ...edit, tableLabel: "x".repeat(21) }).error!.issues[0]!.message).toBe("Table must be at most 20 characters");
  });
});
