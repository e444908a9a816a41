import { fireEvent, screen } from "@testing-library/react";
import type { Booking, ClosurePreview } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { ClosurePanel } from "./ClosurePanel";
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
