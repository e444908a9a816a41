import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { KNOWN_SETTINGS, type BookingPolicy, type BookingSetting } from "@tearoom/domain";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import BookingSettingsPage from "../../routes/booking-settings";
import { procedureError, renderWithTrpc } from "../../test/trpc";

const ALL: BookingSetting[] = Object.entries(KNOWN_SETTINGS).map(([k, v]) => ({
  settingKey: k,
  settingValue: v.value,
  description: null,
  updatedAt: "2026-06-01T10:00:00.000Z",
}));
const usual = { open: "11:00", close: "17:00" };
const HOURS = { weekly: { mon: null, tue: null, wed: usual, thu: usual, fri: usual, sat: usual, sun: usual }, seasons: [] };
const policy = (bookingType: BookingPolicy["bookingType"], kind: BookingPolicy["kind"], text: string): BookingPolicy => ({
  bookingType,
  kind,
  depositPencePerGuest: 0,
  minGuests: 1,
  weekdays: [],
  noShowFeePencePerGuest: 0,
  lateCancelFeePencePerGuest: 0,
  text,
});
const POLICIES = [
  policy("afternoonTea", "prepay", "Afternoon tea is paid in full when you book."),
  policy("table", "none", "Nothing is charged when you book."),
  policy("picnicHamper", "none", "Nothing is charged when you book."),
  policy("secretGarden", "none", "Nothing is charged when you book."),
];

function renderPage(update: (input: unknown) => unknown) {
  return renderWithTrpc(
    <MemoryRouter initialEntries={["/admin/booking-settings"]}>
      <BookingSettingsPage />
    </MemoryRouter>,
    { "bookingSettings.list": () => ALL, "openingHours.get": () => HOURS, "bookingPolicies.list": () => POLICIES, "bookingPolicies.update": update },
  );
}

describe("Payments and policies (R47)", () => {
  it("offers afternoon tea prepay only, and saves a table deposit in pounds as pence with the chosen days, generated words left empty", async () => {
    const sent: unknown[] = [];
    renderPage((input) => {
      sent.push(input);
      return { ...POLICIES[1], ...(input as object), text: "A deposit…" };
    });
    const tea = await screen.findByRole("form", { name: "Afternoon Tea policy" });
    expect(
      within(tea)
        .getAllByRole("radio")
        .map((r) => r.getAttribute("value")),
    ).toEqual(["prepay"]);

    const table = screen.getByRole("form", { name: "Table policy" });
    fireEvent.click(within(table).getByRole("radio", { name: /^Deposit per guest/ }));
    fireEvent.change(within(table).getByRole("textbox", { name: /^Deposit per guest \(£\)/ }), { target: { value: "10.50" } });
    fireEvent.click(within(table).getByRole("checkbox", { name: "Saturday" }));
    fireEvent.click(within(table).getByRole("button", { name: "Save table policy" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      bookingType: "table",
      kind: "deposit",
      depositPencePerGuest: 1050,
      minGuests: 1,
      weekdays: ["sat"],
      noShowFeePencePerGuest: 0,
      lateCancelFeePencePerGuest: 0,
      text: "",
    });
  });

  it("shows the server's refusal on the card, as it is worded", async () => {
    renderPage(() => {
      throw procedureError("BAD_REQUEST", 400, "depositPencePerGuest: a deposit needs an amount per guest");
    });
    const table = await screen.findByRole("form", { name: "Table policy" });
    fireEvent.click(within(table).getByRole("radio", { name: /^Deposit per guest/ }));
    fireEvent.click(within(table).getByRole("button", { name: "Save table policy" }));
    expect((await within(table).findByRole("alert")).textContent).toBe("depositPencePerGuest: a deposit needs an amount per guest");
  });
});
