import { fireEvent, screen } from "@testing-library/react";
import type { Booking, ClosurePreview } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { ClosurePanel } from "./ClosurePanel";

const booking = (over: Partial<Booking>): Booking => ({
  id: 1,
  reference: "TR-ABC234",
  type: "table",
  status: "confirmed",
  name: "Margaret Thornton",
  email: "margaret@example.com",
  phone: "01234 111222",
  date: "2099-06-10",
  time: "12:00",
  guests: 4,
  teaType: null,
  diningPreference: "lunch",
  hamperType: null,
  dietaryRequirements: null,
  gardenSpotId: null,
  includeWine: false,
  specialRequests: null,
  staffNotes: null,
  declineReason: null,
  arrival: null,
  amountPence: null,
  paymentReference: null,
  testPayment: false,
  source: "admin",
  createdAt: "2099-01-01T10:00:00.000Z",
  payment: null,
  ...over,
});
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
    expect(onClose).toHaveBeenCalledWith({ cancelBookings: false, notifyGuests: true });
  });

  it("cancels and e-mails each guest, or cancels silently when staff untick the e-mail", () => {
    const onClose = vi.fn();
    renderWithTheme(<ClosurePanel preview={preview([booking({}), booking({ id: 2 })])} onClose={onClose} onReopen={vi.fn()} busy={false} />);
    expect(screen.queryByLabelText(/E-mail each guest/)).toBeNull();
    fireEvent.click(screen.getByLabelText("Cancel all 2"));
    const email = screen.getByLabelText(/E-mail each guest/) as HTMLInputElement;
    expect(email.checked).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 2 bookings" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: true, notifyGuests: true });
    fireEvent.click(email);
    fireEvent.click(screen.getByRole("button", { name: "Close and cancel 2 bookings" }));
    expect(onClose).toHaveBeenLastCalledWith({ cancelBookings: true, notifyGuests: false });
  });

  it("says a paid booking is not refunded by cancelling it (R34's choice comes later)", () => {
    renderWithTheme(
      <ClosurePanel preview={preview([booking({ paymentReference: "pi_1", amountPence: 5990 })])} onClose={vi.fn()} onReopen={vi.fn()} busy={false} />,
    );
    expect(screen.queryByText(/does not refund/)).toBeNull();
    fireEvent.click(screen.getByLabelText("Cancel it"));
    expect(screen.getByText(/Cancelling does not refund a payment/)).toBeTruthy();
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
    expect(onClose).toHaveBeenCalledWith({ cancelBookings: false, notifyGuests: true });
  });
});
