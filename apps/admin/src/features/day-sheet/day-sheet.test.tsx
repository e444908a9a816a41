import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Booking, DaySheet } from "@tearoom/domain";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../../test/trpc";
import DaySheetPage from "../../routes/day";
import { dayFromParam } from "./day-date";
import { aTableRequest } from "../../test/bookings";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const booking = (over: Partial<Booking>): Booking =>
  aTableRequest({
    id: 1,
    type: "afternoonTea",
    status: "confirmed",
    date: "2020-01-08",
    teaType: "traditional",
    diningPreference: null,
    createdAt: "2020-01-01T10:00:00.000Z",
    ...over,
  });

function sheetFor(date: string, bookings: Booking[]): DaySheet {
  return {
    date,
    open: true,
    slots: [
      { type: "afternoonTea", time: "12:00", covers: 6, capacity: 24 },
      { type: "afternoonTea", time: "12:30", covers: 0, capacity: 24 },
      { type: "table", time: "13:00", covers: 32, capacity: 30 },
    ],
    bookings: bookings.map((b) => ({ ...b, date })),
  };
}

function renderDay(path: string, procedures: Parameters<typeof renderWithTrpc>[1]) {
  return renderWithTrpc(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/day" element={<DaySheetPage />} />
      </Routes>
    </MemoryRouter>,
    procedures,
  );
}

describe("the day sheet (R31)", () => {
  it("shows covers against capacity per type, flags an over-full slot, and lists the bookings with their notes", async () => {
    const { calls } = renderDay("/day?date=2099-06-10", {
      "daySheet.get": (input) =>
        sheetFor((input as { date: string }).date, [
          booking({
            id: 1,
            dietaryRequirements: "Coeliac",
            staffNotes: "Regulars, table 4",
            payment: { status: "paid", paidPence: 5990, refundedPence: 0, reference: "pi_1", balancePence: null },
          }),
          booking({ id: 2, name: "Tom Baker", type: "table", status: "pending", teaType: null, diningPreference: "lunch", time: "13:00" }),
        ]),
    });
    expect(await screen.findByText("Margaret Thornton")).toBeTruthy();
    // R34: what each booking paid, on the sheet too.
    expect(within(screen.getByText("Margaret Thornton").closest("tr")!).getByText("Paid £59.90")).toBeTruthy();
    expect(within(screen.getByText("Tom Baker").closest("tr")!).getByText("Unpaid")).toBeTruthy();
    expect(calls.find((c) => c.path === "daySheet.get")).toEqual({ path: "daySheet.get", input: { date: "2099-06-10" } });
    const tea = screen.getByRole("region", { name: /Afternoon Tea/ });
    expect(within(tea).getByText("6 covers")).toBeTruthy();
    expect(within(tea).getAllByText("/ 24")).toHaveLength(2);
    expect(within(screen.getByRole("region", { name: /Table/ })).getByText("Over capacity")).toBeTruthy();
    // Notes are flagged by kind; a booking without any says so.
    expect(screen.getByText("Dietary").closest("li")?.textContent).toBe("Dietary Coeliac");
    expect(screen.getByText("Staff").closest("li")?.textContent).toBe("Staff Regulars, table 4");
    expect(screen.getByText("Coeliac", { exact: false }).closest("tr")?.hasAttribute("data-notes")).toBe(true);
    expect(screen.getByText("None")).toBeTruthy();
    // A visit still to come cannot be marked yet.
    expect(screen.queryByRole("button", { name: /arrived/ })).toBeNull();
  });

  it("shows the table noted for each booking beside it (issue 31)", async () => {
    renderDay("/day?date=2099-06-10", {
      "daySheet.get": (input) =>
        sheetFor((input as { date: string }).date, [booking({ id: 1, tableLabel: "T4" }), booking({ id: 2, name: "Tom Baker", time: "13:00" })]),
    });
    const margaret = (await screen.findByText("Margaret Thornton")).closest("tr")!;
    expect(screen.getByRole("columnheader", { name: "Table" })).toBeTruthy();
    expect(within(margaret).getByText("T4")).toBeTruthy();
    const tom = screen.getByText("Tom Baker").closest("tr")!;
    expect(within(tom).getByLabelText("No table").closest("td")?.hasAttribute("data-empty")).toBe(true);
  });

  it("moves to the next day and back, asking the server for each", async () => {
    const { calls } = renderDay("/day?date=2099-06-10", { "daySheet.get": (input) => sheetFor((input as { date: string }).date, []) });
    expect(await screen.findByText("No bookings on this day.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^Next day/ }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ path: "daySheet.get", input: { date: "2099-06-11" } }));
    expect(await screen.findByText("Thursday, 11 June 2099")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: /^Previous day/ }));
    await waitFor(() => expect(screen.getByText("Wednesday, 10 June 2099")).toBeTruthy());
  });

  it("marks a confirmed booking arrived on its day, and takes the mark back", async () => {
    let arrival: Booking["arrival"] = null;
    const { calls } = renderDay("/day?date=2020-01-08", {
      "daySheet.get": (input) =>
        sheetFor((input as { date: string }).date, [booking({ arrival }), booking({ id: 2, name: "Pending Guest", status: "pending" })]),
      "daySheet.arrival": (input) => {
        arrival = (input as { status: Booking["arrival"] }).status;
        return booking({ arrival });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Mark Margaret Thornton arrived" }));
    expect(await screen.findByRole("button", { name: "Undo arrived for Margaret Thornton" })).toBeTruthy();
    expect(calls.find((c) => c.path === "daySheet.arrival")?.input).toEqual({ id: 1, status: "arrived" });
    // Only confirmed bookings can be marked (R28).
    expect(screen.queryByRole("button", { name: "Mark Pending Guest arrived" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Undo arrived for Margaret Thornton" }));
    expect(await screen.findByRole("button", { name: "Mark Margaret Thornton as a no-show" })).toBeTruthy();
    expect(calls.filter((c) => c.path === "daySheet.arrival").at(-1)?.input).toEqual({ id: 1, status: null });
  });
});

describe("dayFromParam", () => {
  it("takes a real yyyy-MM-dd date, else today in London", () => {
    const now = new Date("2026-06-30T23:30:00Z"); // already 1 July in London
    expect(dayFromParam("2026-06-13", now)).toBe("2026-06-13");
    for (const bad of [null, "", "2026-02-30", "13/06/2026", "tomorrow"]) expect(dayFromParam(bad, now)).toBe("2026-07-01");
  });
});
