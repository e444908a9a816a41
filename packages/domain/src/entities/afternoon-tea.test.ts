import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { AfternoonTeaFormSchema, AfternoonTeaPaymentIntentRequestSchema } from "./afternoon-tea.js";
import { clampTeaGuests } from "./afternoon-tea-constants.js";

const valid = {
  date: "2026-06-17",
  time: "12:00",
  guests: 2,
  teaType: "traditional",
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "01234 567890",
  dietaryRequirements: "",
};

describe("afternoon tea form (spec section 5)", () => {
  it("accepts a complete booking, dietary requirements optional", () => {
    expect(AfternoonTeaFormSchema.parse(valid)).toEqual(valid);
    const { dietaryRequirements: _omitted, ...withoutDietary } = valid;
    expect(AfternoonTeaFormSchema.safeParse(withoutDietary).success).toBe(true);
    expect(AfternoonTeaFormSchema.parse({ ...valid, teaType: "champagne", dietaryRequirements: "  No nuts " }).dietaryRequirements).toBe("No nuts");
  });

  it("gives every required field its exact message on an empty form", () => {
    expect(errorsOf(AfternoonTeaFormSchema, {})).toEqual({
      date: "Please select a date",
      time: "Please select a time",
      guests: "At least 1 guest required",
      teaType: "Please select tea type",
      name: "Name must be at least 2 characters",
      email: "Please enter a valid email",
      phone: "Please enter a valid phone number",
    });
  });

  it("allows 1 to 6 guests", () => {
    expect(AfternoonTeaFormSchema.parse({ ...valid, guests: 1 }).guests).toBe(1);
    expect(AfternoonTeaFormSchema.parse({ ...valid, guests: 6 }).guests).toBe(6);
    expect(AfternoonTeaFormSchema.parse({ ...valid, guests: "4" }).guests).toBe(4);
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, guests: 0 }).guests).toBe("At least 1 guest required");
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, guests: "" }).guests).toBe("At least 1 guest required");
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, guests: 7 }).guests).toBe("Maximum 6 guests");
    expect(AfternoonTeaFormSchema.safeParse({ ...valid, guests: 2.5 }).success).toBe(false);
  });

  it("refuses unreal dates and badly formed times", () => {
    for (const date of ["", "2026-02-30", "2026-13-01", "17/06/2026", "2026-6-17"]) {
      expect(errorsOf(AfternoonTeaFormSchema, { ...valid, date }).date).toBe("Please select a date");
    }
    expect(AfternoonTeaFormSchema.safeParse({ ...valid, date: "2028-02-29" }).success).toBe(true);
    for (const time of ["", "24:00", "12:60", "noon", "9:00"]) {
      expect(errorsOf(AfternoonTeaFormSchema, { ...valid, time }).time).toBe("Please select a time");
    }
  });

  it("accepts only the two tea types", () => {
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, teaType: "earl-grey" }).teaType).toBe("Please select tea type");
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, teaType: "" }).teaType).toBe("Please select tea type");
  });

  it("needs a name of at least 2 characters after trimming", () => {
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, name: "A" }).name).toBe("Name must be at least 2 characters");
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, name: "  A  " }).name).toBe("Name must be at least 2 characters");
    expect(AfternoonTeaFormSchema.parse({ ...valid, name: " Al " }).name).toBe("Al");
  });

  it("needs a valid email and a phone of at least 10 characters", () => {
    for (const email of ["", "ada", "ada@", "@example.com", "ada example@example.com"]) {
      expect(errorsOf(AfternoonTeaFormSchema, { ...valid, email }).email).toBe("Please enter a valid email");
    }
    expect(AfternoonTeaFormSchema.parse({ ...valid, email: "  ada@example.com " }).email).toBe("ada@example.com");
    expect(errorsOf(AfternoonTeaFormSchema, { ...valid, phone: "123456789" }).phone).toBe("Please enter a valid phone number");
    expect(AfternoonTeaFormSchema.parse({ ...valid, phone: "0123456789" }).phone).toBe("0123456789");
  });

  it("clamps the guest stepper to 1..6, default 2", () => {
    expect(clampTeaGuests(0)).toBe(1);
    expect(clampTeaGuests(-3)).toBe(1);
    expect(clampTeaGuests(7)).toBe(6);
    expect(clampTeaGuests(4)).toBe(4);
    expect(clampTeaGuests(Number.NaN)).toBe(2);
  });
});

describe("afternoon tea payment-intent request (spec section 3)", () => {
  it("carries type afternoon-tea and dietaryRequirements as an empty string when none", () => {
    const { dietaryRequirements: _omitted, ...metadata } = valid;
    const parsed = AfternoonTeaPaymentIntentRequestSchema.parse({ amount: 59.9, metadata: { ...metadata, type: "afternoon-tea" } });
    expect(parsed.metadata.dietaryRequirements).toBe("");
    expect(parsed.metadata.type).toBe("afternoon-tea");
    expect(AfternoonTeaPaymentIntentRequestSchema.safeParse({ amount: 59.9, metadata: { ...valid, type: "voucher" } }).success).toBe(false);
  });

  it("refuses a negative or non-numeric amount and keeps the form's messages", () => {
    const metadata = { ...valid, type: "afternoon-tea" };
    expect(errorsOf(AfternoonTeaPaymentIntentRequestSchema, { amount: -1, metadata }).amount).toBeDefined();
    expect(errorsOf(AfternoonTeaPaymentIntentRequestSchema, { amount: "59.90", metadata }).amount).toBe("amount must be a number of pounds");
    expect(errorsOf(AfternoonTeaPaymentIntentRequestSchema, { metadata: { ...metadata, guests: 9 } })["metadata.guests"]).toBe("Maximum 6 guests");
  });

  it("takes the date as yyyy-MM-dd or as the spec's client sends it, toISOString() of the day picked, read in London (R12)", () => {
    const request = (date: string) => ({ amount: 59.9, metadata: { ...valid, date, type: "afternoon-tea" } });
    expect(AfternoonTeaPaymentIntentRequestSchema.parse(request("2026-12-02")).metadata.date).toBe("2026-12-02");
    expect(AfternoonTeaPaymentIntentRequestSchema.parse(request("2026-12-02T00:00:00.000Z")).metadata.date).toBe("2026-12-02");
    expect(AfternoonTeaPaymentIntentRequestSchema.parse(request("2027-06-09T23:00:00.000Z")).metadata.date).toBe("2027-06-10");
    for (const date of ["2026-12-02T00:00:00", "2026-02-30T00:00:00.000Z", "soon"]) {
      expect(errorsOf(AfternoonTeaPaymentIntentRequestSchema, request(date))["metadata.date"], date).toBe("Please select a date");
    }
  });
});
