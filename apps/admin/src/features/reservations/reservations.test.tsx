import { fireEvent, screen } from "@testing-library/react";
import type { Booking } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { CancelReservationDialog } from "./CancelReservationDialog";
import { EditReservationDialog } from "./EditReservationDialog";
import { filtersFrom, listQueryFrom } from "./filters";
import { NewReservationDialog } from "./NewReservationDialog";
import { ReservationTable } from "./ReservationTable";
import {
  adminGuestsFrom,
  canCreate,
  createBlocker,
  NEW_RESERVATION,
  parseNewReservation,
  PAST_DATE_MESSAGE,
  timeOptions,
  todayInLondon,
} from "./reservation-form";
import { aTableRequest } from "../../test/bookings";

const booking = aTableRequest();

describe("admin guests (spec section 5)", () => {
  it("defaults to 1 and falls back to 1 on bad input", () => {
    expect(NEW_RESERVATION.guests).toBe(1);
    for (const bad of ["", "abc", "0", -3, Number.NaN, null, undefined]) expect(adminGuestsFrom(bad)).toBe(1);
  });
  it("keeps 1 to 20 and brings larger numbers down to 20", () => {
    expect(adminGuestsFrom("7")).toBe(7);
    expect(adminGuestsFrom(20)).toBe(20);
    expect(adminGuestsFrom(25)).toBe(20);
  });
});

describe("add-new reservation", () => {
  const filled = { ...NEW_RESERVATION, name: "Ann", email: "ann@example.com", phone: "0123", date: "2099-06-10", time: "12:00" };

  it("needs name, phone, date and time before Create is enabled, and says which are missing", () => {
    expect(canCreate(NEW_RESERVATION)).toBe(false);
    expect(createBlocker(NEW_RESERVATION)).toBe("Fill in the name, the phone number, the date and the time to create the reservation.");
    expect(canCreate({ ...filled, phone: "  " })).toBe(false);
    expect(createBlocker({ ...filled, phone: "  " })).toBe("Fill in the phone number to create the reservation.");
    expect(canCreate(filled)).toBe(true);
  });

  it("takes a phone booking without an e-mail address (R49)", () => {
    expect(canCreate({ ...filled, email: "" })).toBe(true);
    const result = parseNewReservation({ ...filled, email: "" }, "2026-06-01");
    expect(result.ok && result.data.email).toBe("");
    const bad = parseNewReservation({ ...filled, email: "ann@" }, "2026-06-01");
    expect(!bad.ok && bad.errors.email).toBe("Please enter a valid email.");
  });

  it("refuses a date before today in London", () => {
    const result = parseNewReservation({ ...filled, date: "2026-01-01" }, "2026-06-01");
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors.date).toBe(PAST_DATE_MESSAGE);
  });

  it("sends the type's own choice and the guests fallback", () => {
    const result = parseNewReservation({ ...filled, type: "table", diningPreference: "breakfast", guests: "lots" }, "2026-06-01");
    expect(result).toEqual({
      ok: true,
      data: {
        type: "table",
        name: "Ann",
        email: "ann@example.com",
        phone: "0123",
        date: "2099-06-10",
        time: "12:00",
        guests: 1,
        diningPreference: "breakfast",
        sendConfirmation: true,
        acceptWarnings: false,
      },
    });
  });

  it("asks for a garden location for a Secret Garden booking", () => {
    const result = parseNewReservation({ ...filled, type: "secretGarden" }, "2026-06-01");
    expect(!result.ok && result.errors.gardenSpotId).toBeTruthy();
  });

  it("offers the slots of the booking settings (R11)", () => {
    expect(timeOptions({}, "secretGarden")).toEqual(["12:00", "14:00", "16:00", "18:00"]);
    expect(timeOptions({ table_first_slot: "11:00", table_last_slot: "12:00" }, "table")).toEqual(["11:00", "11:30", "12:00"]);
    expect(timeOptions({}, "secretGarden", "13:15")).toContain("13:15");
    // R45: with a date, that day's times: a Sunday (6 June 2027) closing at 4pm ends its tea an hour early.
    const shortSunday = { weekly_hours: JSON.stringify({ sun: { open: "11:00", close: "16:00" } }) };
    expect(timeOptions(shortSunday, "afternoonTea", undefined, "2027-06-06").at(-1)).toBe("15:00");
    expect(timeOptions(shortSunday, "afternoonTea", undefined, "2027-06-09").at(-1)).toBe("16:00");
    expect(timeOptions(shortSunday, "afternoonTea", undefined, "2027-06-07").at(-1)).toBe("16:00"); // a closed Monday: the usual times
  });

  it("keeps Create disabled until the required fields are filled, with the date not before today", () => {
    renderWithTheme(<NewReservationDialog opened onClose={() => {}} onCreate={vi.fn()} settings={{}} gardenSpots={[]} />);
    const create = screen.getByRole("button", { name: "Create Reservation" }) as HTMLButtonElement;
    expect(create.disabled).toBe(true);
    expect((screen.getByLabelText(/^Guests/) as HTMLInputElement).value).toBe("1");
    expect((screen.getByLabelText(/^Date/) as HTMLInputElement).min).toBe(todayInLondon());
    fireEvent.change(screen.getByLabelText(/^Name/), { target: { value: "Ann" } });
    fireEvent.change(screen.getByLabelText(/^Email/), { target: { value: "ann@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "0123" } });
    fireEvent.change(screen.getByLabelText(/^Date/), { target: { value: "2099-06-10" } });
    expect(create.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/^Time/), { target: { value: "12:00" } });
    expect(create.disabled).toBe(false);
  });
});

describe("edit and cancel dialogs", () => {
  it("refuses more than 20 guests", () => {
    const onSave = vi.fn();
    renderWithTheme(<EditReservationDialog booking={booking} onClose={() => {}} onSave={onSave} settings={{}} />);
    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: "21" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(screen.getByText("Maximum 20 guests")).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("saves the edited fields", () => {
    const onSave = vi.fn();
    renderWithTheme(<EditReservationDialog booking={booking} onClose={() => {}} onSave={onSave} settings={{}} />);
    fireEvent.change(screen.getByLabelText(/^Guests/), { target: { value: "12" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(onSave).toHaveBeenCalledWith(booking, {
      name: booking.name,
      email: booking.email,
      phone: booking.phone,
      date: booking.date,
      time: "12:00",
      guests: 12,
      staffNotes: "",
      // Issue 31: the table field as it stands (empty: none).
      tableLabel: "",
      notifyGuest: true,
      acceptWarnings: false,
    });
  });

  it("asks with the spec's words and can keep the reservation", () => {
    const onKeep = vi.fn();
    const onConfirm = vi.fn();
    renderWithTheme(<CancelReservationDialog booking={booking} onKeep={onKeep} onConfirm={onConfirm} />);
    expect(screen.getByText("Are you sure you want to cancel this reservation for Margaret Thornton? This action cannot be undone.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Keep Reservation" }));
    expect(onKeep).toHaveBeenCalled();
    expect(onConfirm).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    expect(onConfirm).toHaveBeenCalledWith(booking, { notifyGuest: true });
  });
});

describe("a reservation paid with a test card (R22)", () => {
  const paid: Booking = {
    ...booking,
    id: 4,
    reference: "TR-TEST42",
    type: "afternoonTea",
    status: "confirmed",
    teaType: "traditional",
    diningPreference: null,
    amountPence: 5990,
    paymentReference: "pi_demo_1",
    testPayment: true,
  };

  it("is marked Test in the list, and only it", () => {
    renderWithTheme(
      <ReservationTable bookings={[booking, paid]} gardenSpots={[]} onEdit={() => {}} onCancel={() => {}} onConfirm={() => {}} onDecline={() => {}} />,
    );
    const marks = screen.getAllByTestId("test-payment");
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest("tr")!.textContent).toContain("TR-TEST42");
    expect(marks[0]!.textContent).toBe("Test payment, no real charge");
  });

  it("is marked Test in the edit dialog", () => {
    const { unmount } = renderWithTheme(<EditReservationDialog booking={paid} onClose={() => {}} onSave={() => {}} settings={{}} />);
    expect(screen.getByTestId("test-payment")).toBeTruthy();
    unmount();
    renderWithTheme(<EditReservationDialog booking={booking} onClose={() => {}} onSave={() => {}} settings={{}} />);
    expect(screen.queryByTestId("test-payment")).toBeNull();
  });
});

describe("the room in the list (issue 31)", () => {
  it("names each booking's area beside its table, and says when it has none", () => {
    const areas = [
      { id: 1, name: "Tearoom", seats: 36, bookingTypes: ["afternoonTea" as const], position: 0, gardenSpotId: null },
      { id: 2, name: "Terrace", seats: 16, bookingTypes: ["table" as const], position: 1, gardenSpotId: null },
    ];
    const seated = { ...booking, id: 7, name: "Terrace Guest", areaId: 2, tableLabel: "T7" };
    const unplaced = { ...booking, id: 8, name: "Unplaced Guest", areaId: null, tableLabel: null };
    renderWithTheme(
      <ReservationTable
        bookings={[seated, unplaced]}
        gardenSpots={[]}
        areas={areas}
        onEdit={() => {}}
        onCancel={() => {}}
        onConfirm={() => {}}
        onDecline={() => {}}
      />,
    );
    const headers = screen.getAllByRole("columnheader").map((h) => h.textContent);
    expect(headers.slice(headers.indexOf("Area"), headers.indexOf("Area") + 2)).toEqual(["Area", "Table"]);
    const row = screen.getByText("Terrace Guest").closest("tr")!;
    expect(row.querySelector('[data-label="Area"]')?.textContent).toBe("Terrace");
    expect(row.querySelector('[data-label="Table"]')?.textContent).toBe("T7");
    // Nothing to say takes no line on a phone's card.
    const none = screen.getByText("Unplaced Guest").closest("tr")!.querySelector('[data-label="Area"]')!;
    expect(none.hasAttribute("data-empty")).toBe(true);
    expect(none.querySelector('[aria-label="No area"]')).toBeTruthy();
  });
});

describe("request actions and notes in the list (R28, R30)", () => {
  it("offers Confirm and Decline on pending requests only, and no actions on declined ones", () => {
    const confirmed = { ...booking, id: 5, name: "Confirmed Guest", status: "confirmed" as const };
    const declined = { ...booking, id: 6, name: "Declined Guest", status: "declined" as const, declineReason: "Full" };
    const onConfirm = vi.fn();
    renderWithTheme(
      <ReservationTable
        bookings={[booking, confirmed, declined]}
        gardenSpots={[]}
        onEdit={() => {}}
        onCancel={() => {}}
        onConfirm={onConfirm}
        onDecline={() => {}}
      />,
    );
    expect(screen.getAllByRole("button", { name: /^Confirm request/ })).toHaveLength(1);
    expect(screen.getAllByRole("button", { name: /^Decline request/ })).toHaveLength(1);
    expect(screen.queryByRole("button", { name: "Edit reservation for Declined Guest" })).toBeNull();
    expect(screen.getByText("Declined")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirm request from Margaret Thornton" }));
    expect(onConfirm).toHaveBeenCalledWith(booking);
  });

  it("shows the guest's notes in the edit dialog and lets staff write their own", () => {
    const onSave = vi.fn();
    const noted = { ...booking, specialRequests: "A quiet corner, please", staffNotes: "Called twice" };
    renderWithTheme(<EditReservationDialog booking={noted} onClose={() => {}} onSave={onSave} settings={{}} />);
    expect(screen.getByText("A quiet corner, please")).toBeTruthy();
    expect((screen.getByLabelText(/^Staff notes/) as HTMLTextAreaElement).value).toBe("Called twice");
    fireEvent.change(screen.getByLabelText(/^Staff notes/), { target: { value: "Called three times" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    expect(onSave).toHaveBeenCalledWith(noted, expect.objectContaining({ staffNotes: "Called three times", notifyGuest: true }));
  });
});

describe("notes in the cancel dialog (R30)", () => {
  it("shows the booking's notes and can leave the guest untold (R28)", () => {
    const onConfirm = vi.fn();
    renderWithTheme(
      <CancelReservationDialog
        booking={{ ...booking, dietaryRequirements: "No dairy", staffNotes: "Prepaid by phone" }}
        onKeep={() => {}}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.getByText("No dairy")).toBeTruthy();
    expect(screen.getByText("Prepaid by phone")).toBeTruthy();
    fireEvent.click(screen.getByLabelText(/^E-mail the guest/));
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    expect(onConfirm).toHaveBeenCalledWith(expect.objectContaining({ id: booking.id }), { notifyGuest: false });
  });
});

describe("reservation filters", () => {
  it("hide cancelled reservations unless asked (R14)", () => {
    expect(listQueryFrom(filtersFrom(new URLSearchParams("")))).toEqual({ page: 1, pageSize: 25 });
    expect(listQueryFrom(filtersFrom(new URLSearchParams("status=all")))).toMatchObject({ includeCancelled: true });
    expect(listQueryFrom(filtersFrom(new URLSearchParams("status=cancelled")))).toMatchObject({ status: "cancelled" });
  });

  it("pass type, date, search and page to the server and ignore nonsense", () => {
    expect(listQueryFrom(filtersFrom(new URLSearchParams("type=secretGarden&date=2026-06-10&search=%20ann%20&page=3")))).toEqual({
      page: 3,
      pageSize: 25,
      type: "secretGarden",
      date: "2026-06-10",
      search: "ann",
    });
    expect(filtersFrom(new URLSearchParams("type=spa&date=tomorrow&status=gone&page=-2"))).toEqual({ search: "", type: "", date: "", status: "", page: 1 });
  });
});
