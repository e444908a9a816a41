import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ClosurePreview, ClosureRangePreview } from "@tearoom/domain";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithTrpc } from "../test/trpc";
import ClosuresPage from "./closures";
import { aPaidTea } from "../test/bookings";

const paidTea = aPaidTea({
  id: 4,
  reference: "TR-PAID44",
  phone: "01234 111222",
  date: "2099-06-10",
  paymentReference: "pi_44",
  payment: { status: "paid", paidPence: 5990, refundedPence: 0, reference: "pi_44", balancePence: null },
});

afterEach(() => vi.unstubAllGlobals());

describe("/admin/closures (R32, R34)", () => {
  it("sends the refund choice, and lists the paid bookings the provider would not refund", async () => {
    let closed = false;
    const preview = (): ClosurePreview => ({ date: "2099-06-10", closed, bookings: [paidTea] });
    const message = "The payment provider did not make the refund (the card issuer refused). Nothing was refunded; please try again.";
    const { calls } = renderWithTrpc(
      <MemoryRouter initialEntries={["/admin/closures?date=2099-06-10"]}>
        <ClosuresPage />
      </MemoryRouter>,
      {
        "closures.list": () => ({ dates: closed ? ["2099-06-10"] : [] }),
        "closures.preview": preview,
        "closures.close": () => {
          closed = true;
          return { ...preview(), cancelled: [], notRefunded: [{ booking: paidTea, message }] };
        },
      },
    );
    fireEvent.click(await screen.findByLabelText("Cancel it"));
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 1 booking" }));
    await waitFor(() => expect(calls.find((c) => c.path === "closures.close")).toBeTruthy());
    expect(calls.find((c) => c.path === "closures.close")!.input).toEqual({
      date: "2099-06-10",
      cancelBookings: true,
      notifyGuests: true,
      refund: "full",
      restoreVoucher: true,
    });
    const alert = await screen.findByRole("alert", { name: /Not refunded, so not cancelled/ });
    expect(alert.textContent).toContain(`Margaret Thornton (TR-PAID44): ${message}`);
  });

  it("closes a range of dates: the bookings on them first, then the choice sent with from and to (R45)", async () => {
    const onFriday = { ...paidTea, id: 5, reference: "TR-FRI555", name: "Hattie Jacques", date: "2099-06-12", payment: null };
    const rangePreview = (input: unknown): ClosureRangePreview => {
      const { from, to } = input as { from: string; to: string };
      return { from, to, days: 3, closedDates: [], bookings: [onFriday] };
    };
    const { calls } = renderWithTrpc(
      <MemoryRouter initialEntries={["/admin/closures"]}>
        <ClosuresPage />
      </MemoryRouter>,
      {
        "closures.list": () => ({ dates: [] }),
        "closures.previewRange": rangePreview,
        "closures.close": (input) => {
          const { from, to } = input as { from: string; to: string };
          return {
            date: from,
            closed: true,
            bookings: [],
            cancelled: [{ ...onFriday, status: "cancelled" }],
            notRefunded: [],
            range: { from, to, closedDates: ["2099-06-10", "2099-06-11", "2099-06-12"] },
          };
        },
      },
    );
    fireEvent.click(await screen.findByRole("radio", { name: "Close a range of dates" }));
    expect(screen.getByText(/Choose the first and last dates/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/^From/), { target: { value: "2099-06-10" } });
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: "2099-06-09" } });
    expect(await screen.findByText("The last date must be on or after the first date")).toBeTruthy();
    expect(calls.some((c) => c.path === "closures.previewRange")).toBe(false);
    fireEvent.change(screen.getByLabelText(/^To/), { target: { value: "2099-06-12" } });
    expect(await screen.findByText("Hattie Jacques")).toBeTruthy();
    expect(calls.find((c) => c.path === "closures.previewRange")!.input).toEqual({ from: "2099-06-10", to: "2099-06-12" });
    fireEvent.click(screen.getByLabelText("Cancel it"));
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 1 booking" }));
    await waitFor(() => expect(calls.find((c) => c.path === "closures.close")).toBeTruthy());
    expect(calls.find((c) => c.path === "closures.close")!.input).toEqual({
      from: "2099-06-10",
      to: "2099-06-12",
      cancelBookings: true,
      notifyGuests: true,
      refund: "full",
      restoreVoucher: true,
    });
    expect(await screen.findByText("3 dates from Wednesday, 10 June 2099 to Friday, 12 June 2099 closed")).toBeTruthy();
  });

  it("closes an area for part of a day: the bookings there first, then the window sent with the choice, and opens it again (R45)", async () => {
    const onTerrace = { ...paidTea, id: 6, reference: "TR-TER666", name: "Joan Sims", date: "2099-06-13", time: "13:00", payment: null, areaId: 2 };
    const terrace = { id: 2, name: "Terrace", seats: 16, bookingTypes: ["afternoonTea", "table"], position: 2, gardenSpotId: null };
    let parts: { id: number; date: string; startTime: string; endTime: string; areaId: number; areaName: string; reason: string | null }[] = [];
    const { calls } = renderWithTrpc(
      <MemoryRouter initialEntries={["/admin/closures"]}>
        <ClosuresPage />
      </MemoryRouter>,
      {
        "closures.list": () => ({ dates: [], areas: parts }),
        "areas.list": () => [{ ...terrace, id: 1, name: "Tearoom", seats: 36 }, terrace],
        "closures.areaPreview": (input) => ({ closure: input, areaName: "Terrace", bookings: [onTerrace] }),
        "closures.close": (input) => {
          const q = input as { date: string; startTime: string; endTime: string; areaId: number; reason?: string };
          parts = [{ id: 9, date: q.date, startTime: q.startTime, endTime: q.endTime, areaId: q.areaId, areaName: "Terrace", reason: q.reason ?? null }];
          return { date: q.date, closed: false, bookings: [], cancelled: [{ ...onTerrace, status: "cancelled" }], notRefunded: [], areaClosure: parts[0] };
        },
        "closures.reopenArea": () => {
          parts = [];
          return null;
        },
      },
    );
    fireEvent.click(await screen.findByRole("radio", { name: "Close an area for part of a day" }));
    expect(screen.getByText(/Choose the area, the date and the times/)).toBeTruthy();
    await screen.findByRole("option", { name: "Terrace (16 seats)" });
    fireEvent.change(screen.getByLabelText("Area"), { target: { value: "2" } });
    fireEvent.change(screen.getByLabelText("Date"), { target: { value: "2099-06-13" } });
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "17:00" } });
    fireEvent.change(screen.getByLabelText("Until"), { target: { value: "14:00" } });
    expect(await screen.findByText("The end must be after the start")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("From"), { target: { value: "14:00" } });
    fireEvent.change(screen.getByLabelText("Until"), { target: { value: "17:00" } });
    fireEvent.change(screen.getByLabelText("Reason (for staff)"), { target: { value: "Private party" } });
    expect(await screen.findByText("Joan Sims")).toBeTruthy();
    expect(screen.getByText("1 booking in that area and time")).toBeTruthy();
    expect(calls.find((c) => c.path === "closures.areaPreview")!.input).toEqual({ date: "2099-06-13", startTime: "14:00", endTime: "17:00", areaId: 2 });
    fireEvent.click(screen.getByLabelText("Cancel it"));
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 1 booking" }));
    await waitFor(() => expect(calls.find((c) => c.path === "closures.close")).toBeTruthy());
    expect(calls.find((c) => c.path === "closures.close")!.input).toEqual({
      date: "2099-06-13",
      startTime: "14:00",
      endTime: "17:00",
      areaId: 2,
      reason: "Private party",
      cancelBookings: true,
      notifyGuests: true,
      refund: "full",
      restoreVoucher: true,
    });
    expect(await screen.findByText("Terrace on Saturday, 13 June 2099, 2:00 PM–5:00 PM, closed")).toBeTruthy();
    const again = await screen.findByRole("button", { name: "Open again: Terrace, Saturday, 13 June 2099, 2:00 PM–5:00 PM" });
    fireEvent.click(again);
    await waitFor(() => expect(calls.find((c) => c.path === "closures.reopenArea")!.input).toEqual({ id: 9 }));
    expect(await screen.findByText("No areas closed ahead.")).toBeTruthy();
  });
});
