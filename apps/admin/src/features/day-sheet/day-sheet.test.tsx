import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { Booking, DaySheet } from "@tearoom/domain";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { procedureError, renderWithTrpc } from "../../test/trpc";
import DaySheetPage from "../../routes/day";
import { dayFromParam, londonToday } from "./day-date";
import { aTableRequest } from "../../test/bookings";

// The bars are recharts in a lazy chunk of their own; here the words beside them are what is checked.
vi.mock("./AreaTimelineChart", () => ({ default: () => <div data-testid="bars" /> }));

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
    await waitFor(() => expect(calls.filter((c) => c.path === "daySheet.get").at(-1)).toEqual({ path: "daySheet.get", input: { date: "2099-06-11" } }));
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

const AREAS = [
  { id: 1, name: "Tearoom", seats: 36, bookingTypes: ["afternoonTea", "table"], position: 0, gardenSpotId: null },
  { id: 2, name: "Terrace", seats: 16, bookingTypes: ["afternoonTea", "table"], position: 1, gardenSpotId: null },
  { id: 5, name: "Rose Arbour", seats: 6, bookingTypes: ["secretGarden"], position: 5, gardenSpotId: "rose-arbour" },
];

/** The room through the day: the Tearoom busy at 15:00, the Terrace with `terrace` seats taken from 14:00. */
const occupancy = (date: string, terrace = 0) => ({
  date,
  areas: [
    {
      id: 1,
      name: "Tearoom",
      seats: 36,
      steps: [
        { time: "14:45", seatsTaken: 10 },
        { time: "15:00", seatsTaken: 36 },
        { time: "15:15", seatsTaken: 12 },
      ],
    },
    {
      id: 2,
      name: "Terrace",
      seats: 16,
      steps: [
        { time: "13:45", seatsTaken: 0 },
        { time: "14:00", seatsTaken: terrace },
      ],
    },
  ],
});

describe("the day at a glance (issue 31)", () => {
  it("lists the bookings first, then the seats through the day, then the slots; each booking names its area", async () => {
    renderDay("/day?date=2099-06-10", {
      "daySheet.get": (input) =>
        sheetFor((input as { date: string }).date, [
          booking({ id: 1, time: "11:00", areaId: 2 }),
          booking({ id: 2, name: "Tom Baker", time: "13:00", areaId: null }),
        ]),
      "areas.list": () => AREAS,
      "areas.occupancy": (input) => occupancy((input as { date: string }).date, 3),
    });
    expect(await screen.findByText("Margaret Thornton")).toBeTruthy();
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["Bookings (2, 8 guests)", "Seats through the day", "Covers by slot", "Waiting list"]);
    // In time order, each with its area; one not yet placed says so.
    const rows = screen.getAllByRole("row").slice(1);
    expect(rows.map((r) => r.querySelector("strong")?.textContent)).toEqual(["Margaret Thornton", "Tom Baker"]);
    await waitFor(() => expect(within(rows[0]!).getByText("Terrace")).toBeTruthy());
    expect(within(rows[1]!).getByLabelText("No area")).toBeTruthy();
    // Each area's chart has its busiest moment in words (its text alternative).
    expect(await screen.findByRole("figure", { name: "Tearoom: busiest 36 of 36 at 15:00" })).toBeTruthy();
    expect(screen.getByRole("figure", { name: "Terrace: busiest 3 of 16 at 14:00" })).toBeTruthy();
    // A day already past offers no walk-in.
    expect(screen.queryByRole("button", { name: "Seat walk-in" })).toBeNull();
  });

  it("seats a walk-in today in the area chosen, tells staff, and redraws the sheet and the room", async () => {
    let terrace = 0;
    const { calls } = renderDay("/day", {
      "daySheet.get": (input) => sheetFor((input as { date: string }).date, []),
      "areas.list": () => AREAS,
      "areas.occupancy": (input) => occupancy((input as { date: string }).date, terrace),
      "walkIns.create": (input) => {
        const w = input as { guests: number; areaId?: number };
        terrace += w.guests;
        return booking({ id: 9, name: "Walk-in", guests: w.guests, areaId: w.areaId ?? 1, time: "14:00", date: londonToday(), arrival: "arrived" });
      },
    });
    expect(await screen.findByRole("figure", { name: "Terrace: no seats taken" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Seat walk-in" }));
    const dialog = await screen.findByRole("dialog", { name: "Seat walk-in" });
    fireEvent.click(within(dialog).getByRole("button", { name: "One guest more" }));
    expect((within(dialog).getByLabelText("Guests") as HTMLInputElement).value).toBe("3");
    const area = within(dialog).getByLabelText("Area") as HTMLSelectElement;
    // The rooms, first with room by default; a garden spot is booked ahead, never walked into.
    expect([...area.options].map((o) => o.textContent)).toEqual(["First with room", "Tearoom (36)", "Terrace (16)"]);
    fireEvent.change(area, { target: { value: "2" } });
    fireEvent.change(within(dialog).getByLabelText("Table"), { target: { value: " T7 " } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Seat 3" }));
    await waitFor(() => expect(calls.find((c) => c.path === "walkIns.create")?.input).toEqual({ guests: 3, areaId: 2, tableLabel: "T7", force: false }));
    expect(await screen.findByText("Walk-in seated")).toBeTruthy();
    expect(await screen.findByRole("figure", { name: "Terrace: busiest 3 of 16 at 14:00" })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Seat walk-in" })).toBeNull());
    expect(calls.filter((c) => c.path === "daySheet.get").length).toBeGreaterThan(1);
  });

  it("shows why a full room refuses a walk-in, and seats them anyway when staff say so (R29)", async () => {
    const { calls } = renderDay("/day", {
      "daySheet.get": (input) => sheetFor((input as { date: string }).date, []),
      "areas.list": () => AREAS,
      "areas.occupancy": (input) => occupancy((input as { date: string }).date),
      "walkIns.create": (input) => {
        if (!(input as { force: boolean }).force)
          throw procedureError("CONFLICT", 409, "Please check before saving", {
            warnings: [{ code: "over-capacity", message: "The Tearoom and Terrace have no seats for 6 at 14:00 (2 free)." }],
          });
        return booking({ id: 9, name: "Walk-in", guests: 6, areaId: 1, time: "14:00", date: londonToday(), arrival: "arrived" });
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Seat walk-in" }));
    const dialog = await screen.findByRole("dialog", { name: "Seat walk-in" });
    fireEvent.change(within(dialog).getByLabelText("Guests"), { target: { value: "6" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Seat 6" }));
    expect(await within(dialog).findByText("The Tearoom and Terrace have no seats for 6 at 14:00 (2 free).")).toBeTruthy();
    expect(calls.filter((c) => c.path === "walkIns.create")).toHaveLength(1);
    fireEvent.click(within(dialog).getByRole("button", { name: "Seat anyway" }));
    await waitFor(() => expect(calls.filter((c) => c.path === "walkIns.create").at(-1)?.input).toEqual({ guests: 6, force: true }));
    expect(await screen.findByText("Walk-in seated")).toBeTruthy();
  });
});

describe("dayFromParam", () => {
  it("takes a real yyyy-MM-dd date, else today in London", () => {
    const now = new Date("2026-06-30T23:30:00Z"); // already 1 July in London
    expect(dayFromParam("2026-06-13", now)).toBe("2026-06-13");
    for (const bad of [null, "", "2026-02-30", "13/06/2026", "tomorrow"]) expect(dayFromParam(bad, now)).toBe("2026-07-01");
  });
});
