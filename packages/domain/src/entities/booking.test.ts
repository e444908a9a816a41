import { describe, expect, it } from "vitest";
import { errorsOf } from "../test-helpers.js";
import { AdminBookingCreateSchema, AdminBookingUpdateSchema, BookingListQuerySchema, BookingRequestSchema } from "./booking.js";

const person = { date: "2026-06-17", time: "12:00", guests: 2, name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890" };
const tea = { ...person, type: "afternoonTea", teaType: "traditional" };
const table = { ...person, type: "table", diningPreference: "lunch" };
const hamper = { ...person, type: "picnicHamper", hamperType: "standard" };
const garden = { ...person, type: "secretGarden", gardenSpotId: "pond-pavilion" };

describe("generic booking request (spec sections 3 and 5, R13, R15)", () => {
  it("accepts each booking type with its own extra field", () => {
    expect(BookingRequestSchema.parse(tea)).toMatchObject({ type: "afternoonTea", teaType: "traditional", guests: 2 });
    expect(BookingRequestSchema.parse({ ...tea, teaType: "champagne" })).toMatchObject({ teaType: "champagne" });
    for (const diningPreference of ["breakfast", "lunch", "lightsnack"]) {
      expect(BookingRequestSchema.parse({ ...table, diningPreference })).toMatchObject({ type: "table", diningPreference });
    }
    for (const hamperType of ["standard", "champagne"]) {
      expect(BookingRequestSchema.parse({ ...hamper, hamperType })).toMatchObject({ type: "picnicHamper", hamperType });
    }
  });

  it("gives the spec's messages for an empty form", () => {
    expect(errorsOf(BookingRequestSchema, { type: "table" })).toEqual({
      date: "Please select a date.",
      time: "Please select a time.",
      guests: "Please select number of guests.",
      name: "Please enter your name.",
      email: "Please enter a valid email.",
      phone: "Please enter your phone number.",
      diningPreference: "Please select a dining preference.",
    });
  });

  it("asks for the tea type, dining preference or hamper type of its type", () => {
    const { teaType: _t, ...noTea } = tea;
    const { diningPreference: _d, ...noDining } = table;
    const { hamperType: _h, ...noHamper } = hamper;
    expect(errorsOf(BookingRequestSchema, noTea)).toEqual({ teaType: "Please select a tea type." });
    expect(errorsOf(BookingRequestSchema, noDining)).toEqual({ diningPreference: "Please select a dining preference." });
    expect(errorsOf(BookingRequestSchema, noHamper)).toEqual({ hamperType: "Please select a hamper type." });
    expect(errorsOf(BookingRequestSchema, { ...tea, teaType: "green" })).toEqual({ teaType: "Please select a tea type." });
    expect(errorsOf(BookingRequestSchema, { ...table, diningPreference: "dinner" })).toEqual({ diningPreference: "Please select a dining preference." });
    expect(errorsOf(BookingRequestSchema, { ...hamper, hamperType: "deluxe" })).toEqual({ hamperType: "Please select a hamper type." });
  });

  it("does not let another type's field stand in for the right one", () => {
    expect(errorsOf(BookingRequestSchema, { ...person, type: "table", teaType: "traditional" })).toEqual({
      diningPreference: "Please select a dining preference.",
    });
    expect(BookingRequestSchema.parse({ ...table, teaType: "traditional" })).not.toHaveProperty("teaType");
  });

  it("refuses a missing or unknown booking type", () => {
    const message = "Please choose a booking type: afternoonTea, table, picnicHamper or secretGarden.";
    expect(errorsOf(BookingRequestSchema, person)).toEqual({ type: message });
    expect(errorsOf(BookingRequestSchema, { ...person, type: "dinner" })).toEqual({ type: message });
  });

  it("limits guests per type: afternoon tea 1–6, table 1–6, hamper 1–8, Secret Garden 1–6 (R13)", () => {
    const guestsError = (body: object, guests: unknown) => errorsOf(BookingRequestSchema, { ...body, guests }).guests;
    expect(BookingRequestSchema.parse({ ...tea, guests: 6 }).guests).toBe(6);
    expect(guestsError(tea, 7)).toBe("Please select number of guests.");
    expect(BookingRequestSchema.parse({ ...table, guests: 6 }).guests).toBe(6);
    expect(guestsError(table, 7)).toBe("Table reservations are for up to 6 people. For larger groups please contact us directly.");
    expect(BookingRequestSchema.parse({ ...hamper, guests: 8 }).guests).toBe(8);
    expect(guestsError(hamper, 9)).toBe("Please select number of guests.");
    expect(BookingRequestSchema.parse({ ...garden, guests: 6 }).guests).toBe(6);
    expect(guestsError(garden, 7)).toBe("Please select number of guests.");
    for (const body of [tea, table, hamper, garden]) {
      expect(guestsError(body, 0)).toBe("Please select number of guests.");
      expect(guestsError(body, 1.5)).toBe("Please select number of guests.");
      expect(guestsError(body, "two")).toBe("Please select number of guests.");
      expect(guestsError(body, undefined)).toBe("Please select number of guests.");
    }
    expect(BookingRequestSchema.parse({ ...hamper, guests: "8" }).guests).toBe(8);
  });

  it("trims names and e-mails and refuses blank ones", () => {
    expect(BookingRequestSchema.parse({ ...table, name: "  Ada ", email: " ada@example.com " })).toMatchObject({ name: "Ada", email: "ada@example.com" });
    expect(errorsOf(BookingRequestSchema, { ...table, name: "   " }).name).toBe("Please enter your name.");
    expect(errorsOf(BookingRequestSchema, { ...table, phone: " " }).phone).toBe("Please enter your phone number.");
    expect(errorsOf(BookingRequestSchema, { ...table, email: "ada.example.com" }).email).toBe("Please enter a valid email.");
    expect(errorsOf(BookingRequestSchema, { ...table, date: "2026-02-29" }).date).toBe("Please select a date.");
    expect(errorsOf(BookingRequestSchema, { ...table, time: "4pm" }).time).toBe("Please select a time.");
  });

  it("takes a Secret Garden booking with spot, wine and requests (R15)", () => {
    expect(BookingRequestSchema.parse(garden)).toMatchObject({ type: "secretGarden", gardenSpotId: "pond-pavilion", includeWine: false });
    expect(BookingRequestSchema.parse({ ...garden, includeWine: true, specialRequests: " Anniversary " })).toMatchObject({
      includeWine: true,
      specialRequests: "Anniversary",
    });
    const { gardenSpotId: _g, ...noSpot } = garden;
    expect(errorsOf(BookingRequestSchema, noSpot)).toEqual({ gardenSpotId: "Please select a date, time, and garden location." });
    expect(errorsOf(BookingRequestSchema, { ...garden, gardenSpotId: "" })).toEqual({ gardenSpotId: "Please select a date, time, and garden location." });
    expect(BookingRequestSchema.safeParse({ ...garden, includeWine: "yes" }).success).toBe(false);
  });

  it("accepts an empty honeypot and caps its length (R5)", () => {
    expect(BookingRequestSchema.safeParse({ ...tea, website: "" }).success).toBe(true);
    expect(BookingRequestSchema.safeParse({ ...tea, website: "x".repeat(201) }).success).toBe(false);
  });
});

describe("admin reservations (spec section 5: guests 1 to 20)", () => {
  it("creates a staff booking of any type with guests 1–20", () => {
    expect(AdminBookingCreateSchema.parse({ ...person, type: "table", guests: 20 }).guests).toBe(20);
    expect(AdminBookingCreateSchema.parse({ ...person, type: "afternoonTea", guests: 1 }).guests).toBe(1);
    expect(errorsOf(AdminBookingCreateSchema, { ...person, type: "table", guests: 21 }).guests).toBe("Maximum 20 guests");
    expect(errorsOf(AdminBookingCreateSchema, { ...person, type: "table", guests: 0 }).guests).toBe("Please select number of guests.");
  });

  it("needs name, email, phone, date, time and type", () => {
    expect(errorsOf(AdminBookingCreateSchema, { guests: 1 })).toMatchObject({
      name: "Please enter your name.",
      email: "Please enter a valid email.",
      phone: "Please enter your phone number.",
      date: "Please select a date.",
      time: "Please select a time.",
    });
    expect(errorsOf(AdminBookingCreateSchema, { ...person, type: "dinner" }).type).toBeDefined();
  });

  it("edits name, email, phone, date, time and guests 1–20", () => {
    expect(AdminBookingUpdateSchema.parse({ ...person, guests: "12" })).toEqual({ ...person, guests: 12, notifyGuest: true, acceptWarnings: false });
    expect(errorsOf(AdminBookingUpdateSchema, { ...person, guests: 21 }).guests).toBe("Maximum 20 guests");
    expect(errorsOf(AdminBookingUpdateSchema, { ...person, guests: 0 }).guests).toBe("Please select number of guests.");
    expect(errorsOf(AdminBookingUpdateSchema, { ...person, email: "nope" }).email).toBe("Please enter a valid email.");
  });
});

describe("admin reservations list query", () => {
  it("reads query-string values, including includeCancelled=false", () => {
    expect(BookingListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(BookingListQuerySchema.parse({ includeCancelled: "false" }).includeCancelled).toBe(false);
    expect(BookingListQuerySchema.parse({ includeCancelled: "true" }).includeCancelled).toBe(true);
    expect(BookingListQuerySchema.parse({ includeCancelled: true }).includeCancelled).toBe(true);
    expect(BookingListQuerySchema.parse({ includeCancelled: false }).includeCancelled).toBe(false);
    expect(BookingListQuerySchema.parse({ page: "3", pageSize: "20", type: "table", date: "2026-06-17" })).toEqual({
      page: 3,
      pageSize: 20,
      type: "table",
      date: "2026-06-17",
    });
  });

  it("refuses bad pages, sizes, types and dates", () => {
    for (const bad of [{ page: 0 }, { pageSize: 201 }, { type: "dinner" }, { date: "2026-02-30" }, { status: "lost" }, { includeCancelled: "maybe" }]) {
      expect(BookingListQuerySchema.safeParse(bad).success).toBe(false);
    }
  });
});
