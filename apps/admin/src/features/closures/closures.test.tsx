import { fireEvent, screen } from "@testing-library/react";
import type { Booking, ClosurePreview, ClosureRangePreview } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { ClosurePanel } from "./ClosurePanel";
import { rangeErrors } from "./closure-range";
import { aTableRequest } from "../../test/bookings";

const booking = (over: Partial<Booking>): Booking =>
  aTableRequest({ id: 1, status: "confirmed", source: "admin", createdAt: "2099-01-01T10:00:00.000Z", ...over });
const preview = (bookings: Booking[], closed = false): ClosurePreview => ({ date: "2099-06-10", closed, bookings });

describe("ClosurePanel (R32)", () => {
  it("lists the bookings on the date and keeps them by default", () => {
    const onClose = vi.fn();
    renderWithTheme(
      <ClosurePanel
        preview={preview([booking({}), booking({ id: 2, name: "Tom Baker", status: "pending" })])}
        onClose={onClose}
        onReopen={vi.fn()}
        busy={false}
      />,
    );
    expect(screen.getByText("2 bookings already on this date")).toBeTruthy();
    expect(screen.getByText("Tom Baker")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Close Wednesday, 10 June 2099" }));
    expect(onClose).toHaveBeenCalledWith({ cancelBookings: false, notifyGuests: true, refund: "full", restoreVoucher: true });
  });

  it("cancels and e-mails each guest, or cancels silently when staff untick the e-mail", () => {
    const onClose = vi.fn();
    renderWithTheme(<ClosurePanel preview={preview([booking({}), booking({ id: 2 })])} onClose={onClose} onReopen={vi.fn()} busy={false} />);
    expect(screen.queryByLabelText(/E-mail each guest/)).toBeNull();
    fireEvent.click(screen.getByLabelText("Cancel all 2"));
    const email = screen.getByLabelText(/E-mail each guest/) as HTMLInputElement;
    expect(email.checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 2 bookings" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: true, notifyGuests: true, refund: "full", restoreVoucher: true });
    fireEvent.click(email);
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 2 bookings" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: true, notifyGuests: false, refund: "full", restoreVoucher: true });
  });

  it("asks whether to refund the paid bookings (in full by default, or none) and whether voucher parts go back (R34, R36)", () => {
    const onClose = vi.fn();
    const paidTea = booking({
      type: "afternoonTea",
      payment: { status: "paid", paidPence: 5990, refundedPence: 0, reference: "pi_1", balancePence: null },
    });
    const byVoucher = booking({ id: 2, name: "Tom Baker", type: "afternoonTea", voucher: { code: "TEA-ABCD-EFGH-JKMN", amountPence: 5990, givenBack: false } });
    renderWithTheme(
      <ClosurePanel preview={preview([paidTea, byVoucher, booking({ id: 3, name: "Jo Grant" })])} onClose={onClose} onReopen={vi.fn()} busy={false} />,
    );
    // Each paid booking says so in the list.
    expect(screen.getByText(/paid £59\.90/)).toBeTruthy();
    expect(screen.getByText(/£59\.90 by gift voucher/)).toBeTruthy();
    expect(screen.queryByText(/refund them\?/)).toBeNull();

    fireEvent.click(screen.getByLabelText("Cancel all 3"));
    expect(screen.getByText("1 booking is paid: refund them?")).toBeTruthy();
    expect((screen.getByLabelText("Refund in full (£59.90 in all)") as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText(/not refund is left as it is, not cancelled/)).toBeTruthy();
    const giveBack = screen.getByLabelText("Give the gift voucher part back (TEA-ABCD-EFGH-JKMN)") as HTMLInputElement;
    expect(giveBack.checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 3 bookings" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: true, notifyGuests: true, refund: "full", restoreVoucher: true });

    fireEvent.click(screen.getByLabelText("No refund"));
    fireEvent.click(giveBack);
    expect(screen.queryByText(/not refund is left as it is/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 3 bookings" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: true, notifyGuests: true, refund: "none", restoreVoucher: false });
  });

  it("offers to reopen a closed date, and closing a date without bookings asks nothing", () => {
    const onReopen = vi.fn();
    const { unmount } = renderWithTheme(<ClosurePanel preview={preview([], true)} onClose={vi.fn()} onReopen={onReopen} busy={false} />);
    expect(screen.getByText("Closed")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Reopen this date" }));
    expect(onReopen).toHaveBeenCalled();
    unmount();
    const onClose = vi.fn();
    renderWithTheme(<ClosurePanel preview={preview([])} onClose={onClose} onReopen={vi.fn()} busy={false} />);
    expect(screen.getByText("No bookings on this date.")).toBeTruthy();
    expect(screen.queryByRole("radiogroup")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Close Wednesday, 10 June 2099" }));
    expect(onClose).toHaveBeenCalledWith({ cancelBookings: false, notifyGuests: true, refund: "full", restoreVoucher: true });
  });
});

describe("ClosurePanel for a range of dates (R45)", () => {
  const range = (bookings: Booking[], closedDates: string[] = []): ClosureRangePreview => ({
    from: "2099-06-10",
    to: "2099-06-14",
    days: 5,
    closedDates,
    bookings,
  });

  it("lists the bookings with their dates, says which dates are closed already, and closes the others", () => {
    const onClose = vi.fn();
    renderWithTheme(
      <ClosurePanel
        preview={range([booking({}), booking({ id: 2, name: "Tom Baker", date: "2099-06-13" })], ["2099-06-11"])}
        onClose={onClose}
        onReopen={vi.fn()}
        busy={false}
      />,
    );
    expect(screen.getByText("Wednesday, 10 June 2099 to Sunday, 14 June 2099")).toBeTruthy();
    expect(screen.getByText("5 days")).toBeTruthy();
    expect(screen.getByText("2 bookings already on these dates")).toBeTruthy();
    expect(screen.getByText(/Closed already, and left as they are: Thu,? 11 Jun 2099\./)).toBeTruthy();
    expect(screen.getByText("Tom Baker").parentElement?.textContent).toMatch(/Sat,? 13 Jun 2099/);
    fireEvent.click(screen.getByRole("button", { name: "Close 4 dates" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: false, notifyGuests: true, refund: "full", restoreVoucher: true });
    fireEvent.click(screen.getByLabelText("Cancel all 2"));
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 2 bookings" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: true, notifyGuests: true, refund: "full", restoreVoucher: true });
  });

  it("offers nothing to close when every date is closed already", () => {
    renderWithTheme(
      <ClosurePanel
        preview={{ ...range([]), closedDates: ["2099-06-10", "2099-06-11", "2099-06-12", "2099-06-13", "2099-06-14"] }}
        onClose={vi.fn()}
        onReopen={vi.fn()}
        busy={false}
      />,
    );
    expect(screen.getByText(/Every date of this range is closed already/)).toBeTruthy();
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("checks a range as the server does: in order, at most 366 days, not before today", () => {
    expect(rangeErrors("2099-06-10", "2099-06-14", "2099-06-01")).toEqual({});
    expect(rangeErrors("2099-06-10", "", "2099-06-01")).toEqual({});
    expect(rangeErrors("2099-06-10", "2099-06-09", "2099-06-01")).toEqual({ to: "The last date must be on or after the first date" });
    expect(rangeErrors("2099-01-01", "2100-01-02", "2098-06-01")).toEqual({ to: "A closure spans at most 366 days" });
    expect(rangeErrors("2099-05-31", "2099-06-02", "2099-06-01").from).toMatch(/has passed/);
  });
});
