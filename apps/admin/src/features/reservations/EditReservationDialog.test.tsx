import { fireEvent, screen } from "@testing-library/react";
import type { Booking, PricingItem } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { EditReservationDialog } from "./EditReservationDialog";
import { aPaidTea } from "../../test/bookings";

const pricing: PricingItem[] = [
  { id: 1, name: "Traditional Afternoon Tea", itemType: "traditional-afternoon-tea", price: 2995, isActive: true },
  { id: 2, name: "Champagne Afternoon Tea", itemType: "champagne-afternoon-tea", price: 3995, isActive: true },
];

const tea = aPaidTea();

const settings = { afternoon_tea_slots: "12:00,14:00,16:00" };
const open = (booking: Booking) =>
  renderWithTheme(<EditReservationDialog booking={booking} onClose={() => {}} onSave={vi.fn()} settings={settings} pricing={pricing} />);
const guests = () => screen.getByLabelText(/^Guests/);
const balance = () => screen.getByTestId("guests-balance").textContent;

describe("the edit dialog shows what a change of guests means for a paid tea (R34)", () => {
  it("says nothing while the guests are as paid for; due when added, overpaid when removed", () => {
    open(tea);
    expect(balance()).toBe("");
    fireEvent.change(guests(), { target: { value: "3" } });
    expect(balance()).toBe("Balance due from the guest: £29.95");
    fireEvent.change(guests(), { target: { value: "1" } });
    expect(balance()).toBe("Overpaid: £29.95 — refund it from the booking");
    fireEvent.change(guests(), { target: { value: "2" } });
    expect(balance()).toBe("");
  });

  it("counts what was refunded, and what a gift voucher paid", () => {
    open({
      ...tea,
      payment: { ...tea.payment!, paidPence: 990, refundedPence: 990, status: "refunded" },
      voucher: { code: "TEA-ABCD-EFGH-JKMN", amountPence: 5000, givenBack: false },
    });
    fireEvent.change(guests(), { target: { value: "3" } });
    // £89.85 for 3, less the £50.00 the voucher paid (the card's £9.90 went back).
    expect(balance()).toBe("Balance due from the guest: £39.85");
  });

  it("prices a per-person voucher's people as the server does, and an unpaid tea shows nothing", () => {
    const { unmount } = open({ ...tea, payment: null, voucher: { code: "TEA-ABCD-EFGH-JKMN", people: 2, givenBack: false } });
    fireEvent.change(guests(), { target: { value: "4" } });
    expect(balance()).toBe("Balance due from the guest: £59.90");
    unmount();
    open({ ...tea, payment: null });
    fireEvent.change(guests(), { target: { value: "4" } });
    expect(balance()).toBe("");
  });
});
