import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { procedureError, renderWithTrpc } from "../test/trpc";
import ReservationsPage from "./reservations";
import { aTableRequest } from "../test/bookings";

const request = aTableRequest({
  id: 7,
  reference: "TR-REQ777",
  dietaryRequirements: "Coeliac: no gluten at all",
  staffNotes: "Regular; likes the window table",
});
const stats = { total: 1, today: 0, upcoming: 1, pending: 1, confirmed: 0, cancelled: 0, upcomingGuests: 4 };
const OVER = { code: "over-capacity", message: "Table at 12:00 PM on Wednesday, 10 June 2099 would have 34 of 30 places taken (4 over)." };

afterEach(() => vi.unstubAllGlobals());

function renderPage(extra: Record<string, (input: unknown) => unknown> = {}) {
  return renderWithTrpc(
    <MemoryRouter initialEntries={["/admin/reservations"]}>
      <ReservationsPage />
    </MemoryRouter>,
    {
      "bookings.list": () => ({ items: [request], total: 1, page: 1, pageSize: 25, stats }),
      "bookingSettings.list": () => [],
      ...extra,
    },
  );
}

describe("the reservations screen (R28–R30)", () => {
  it("shows each note flagged on the row, and confirms a request", async () => {
    const { calls } = renderPage({ "bookings.confirm": () => ({ ...request, status: "confirmed" }) });
    const row = (await screen.findByText("Margaret Thornton")).closest("tr")!;
    expect(within(row).getByText("Dietary")).toBeTruthy();
    expect(within(row).getByText("Coeliac: no gluten at all")).toBeTruthy();
    expect(within(row).getByText("Staff note")).toBeTruthy();
    expect(within(row).getByText("Regular; likes the window table")).toBeTruthy();
    fireEvent.click(within(row).getByRole("button", { name: "Confirm request from Margaret Thornton" }));
    expect(await screen.findByText("Margaret Thornton has been e-mailed the confirmation.")).toBeTruthy();
    expect(calls.find((c) => c.path === "bookings.confirm")?.input).toEqual({ id: 7 });
  });

  it("declines only with a reason", async () => {
    const { calls } = renderPage({ "bookings.decline": () => ({ ...request, status: "declined", declineReason: "Full" }) });
    fireEvent.click(await screen.findByRole("button", { name: "Decline request from Margaret Thornton" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline Request" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline Request" }));
    expect(await within(dialog).findByText("Please give a reason for the guest.")).toBeTruthy();
    expect(calls.some((c) => c.path === "bookings.decline")).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(/^Reason/), { target: { value: "We are fully booked that day." } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Decline Request" }));
    await waitFor(() => expect(calls.find((c) => c.path === "bookings.decline")?.input).toEqual({ id: 7, reason: "We are fully booked that day." }));
  });

  it("stops an edit with the server's warnings until Save anyway, and Go back returns to the form", async () => {
    const { calls } = renderPage({
      "bookings.update": (input) => {
        if (!(input as { acceptWarnings?: boolean }).acceptWarnings) throw procedureError("CONFLICT", 409, "Please check before saving", { warnings: [OVER] });
        return { booking: { ...request, guests: 8 }, overCapacity: true, warnings: [OVER] };
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Edit reservation for Margaret Thornton" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Reservation" });
    fireEvent.change(within(edit).getByLabelText(/^Guests/), { target: { value: "8" } });
    fireEvent.click(within(edit).getByLabelText(/^E-mail the guest/));
    fireEvent.click(within(edit).getByRole("button", { name: "Save Changes" }));

    const warnings = await screen.findByRole("dialog", { name: "Please check before saving" });
    expect(within(warnings).getByText(OVER.message)).toBeTruthy();
    expect(within(warnings).getByText("Nothing has been saved or sent yet.")).toBeTruthy();
    fireEvent.click(within(warnings).getByRole("button", { name: "Go back" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Please check before saving" })).toBeNull());
    expect(screen.getByRole("dialog", { name: "Edit Reservation" })).toBeTruthy();

    fireEvent.click(within(edit).getByRole("button", { name: "Save Changes" }));
    fireEvent.click(within(await screen.findByRole("dialog", { name: "Please check before saving" })).getByRole("button", { name: "Save anyway" }));
    expect(await screen.findByText("The reservation has been successfully updated.")).toBeTruthy();
    const updates = calls.filter((c) => c.path === "bookings.update").map((c) => c.input as Record<string, unknown>);
    expect(updates.map((u) => [u.guests, u.notifyGuest, u.acceptWarnings])).toEqual([
      [8, false, false],
      [8, false, false],
      [8, false, true],
    ]);
    expect(updates[2]).toMatchObject({ id: 7, staffNotes: "Regular; likes the window table" });
  });

  it("shows each booking's table, and sets it from the edit dialog (issue 31)", async () => {
    const labelled = aTableRequest({ id: 8, reference: "TR-TAB888", name: "Sid James", tableLabel: "Window" });
    const { calls } = renderPage({
      "bookings.list": () => ({ items: [request, labelled], total: 2, page: 1, pageSize: 25, stats }),
      "bookings.update": (input) => ({ booking: { ...request, tableLabel: (input as { tableLabel: string }).tableLabel }, overCapacity: false, warnings: [] }),
    });
    const sid = (await screen.findByText("Sid James")).closest("tr")!;
    expect(screen.getByRole("columnheader", { name: "Table" })).toBeTruthy();
    expect(within(sid).getByText("Window")).toBeTruthy();
    const margaret = screen.getByText("Margaret Thornton").closest("tr")!;
    expect(within(margaret).getByLabelText("No table")).toBeTruthy();

    fireEvent.click(within(margaret).getByRole("button", { name: "Edit reservation for Margaret Thornton" }));
    const edit = await screen.findByRole("dialog", { name: "Edit Reservation" });
    const table = within(edit).getByLabelText(/^Table/) as HTMLInputElement;
    expect(table.value).toBe("");
    fireEvent.change(table, { target: { value: "x".repeat(21) } });
    fireEvent.click(within(edit).getByRole("button", { name: "Save Changes" }));
    expect(await within(edit).findByText("Table must be at most 20 characters")).toBeTruthy();
    expect(calls.some((c) => c.path === "bookings.update")).toBe(false);

    fireEvent.change(table, { target: { value: " T4 " } });
    fireEvent.click(within(edit).getByRole("button", { name: "Save Changes" }));
    await waitFor(() =>
      expect(calls.find((c) => c.path === "bookings.update")?.input).toMatchObject({ id: 7, tableLabel: "T4", guests: 4, date: "2099-06-10" }),
    );
  });

  it("creates with Send confirmation ticked unless unticked, and cancels with the guest told unless unticked", async () => {
    const { calls } = renderPage({
      "bookings.create": (input) => ({ booking: { ...request, ...(input as object), id: 8, status: "confirmed" }, overCapacity: false, warnings: [] }),
      "bookings.cancel": () => ({ ...request, status: "cancelled" }),
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add New Reservation" }));
    const add = await screen.findByRole("dialog", { name: "Add New Reservation" });
    expect((within(add).getByLabelText(/^Send confirmation/) as HTMLInputElement).checked).toBe(true);
    fireEvent.change(within(add).getByLabelText(/^Name/), { target: { value: "Ann Other" } });
    fireEvent.change(within(add).getByLabelText(/^Email/), { target: { value: "ann@example.com" } });
    fireEvent.change(within(add).getByLabelText(/^Phone/), { target: { value: "0123" } });
    fireEvent.change(within(add).getByLabelText(/^Date/), { target: { value: "2099-06-10" } });
    fireEvent.change(within(add).getByLabelText(/^Time/), { target: { value: "12:00" } });
    fireEvent.change(within(add).getByLabelText(/^Staff notes/), { target: { value: "Pays on the day" } });
    fireEvent.click(within(add).getByLabelText(/^Send confirmation/));
    fireEvent.click(within(add).getByRole("button", { name: "Create Reservation" }));
    expect(await screen.findByText("The new reservation has been successfully created.")).toBeTruthy();
    expect(calls.find((c) => c.path === "bookings.create")?.input).toMatchObject({
      name: "Ann Other",
      staffNotes: "Pays on the day",
      sendConfirmation: false,
      acceptWarnings: false,
    });

    fireEvent.click(screen.getByRole("button", { name: "Cancel reservation for Margaret Thornton" }));
    const cancel = await screen.findByRole("dialog", { name: "Cancel Reservation" });
    fireEvent.click(within(cancel).getByLabelText(/^E-mail the guest/));
    fireEvent.click(within(cancel).getByRole("button", { name: "Cancel Reservation" }));
    await waitFor(() => expect(calls.find((c) => c.path === "bookings.cancel")?.input).toEqual({ id: 7, notifyGuest: false }));
  });

  it("offers Declined in the status filter", async () => {
    renderPage();
    const status = (await screen.findByLabelText("Status")) as HTMLSelectElement;
    expect([...status.options].map((o) => o.textContent)).toContain("Declined");
  });
});
