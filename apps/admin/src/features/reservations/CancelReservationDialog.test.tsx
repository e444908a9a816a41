import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { Booking } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { CancelReservationDialog } from "./CancelReservationDialog";
import { aPaidTea } from "../../test/bookings";

const paid = aPaidTea();

describe("cancelling a paid booking asks: full, part or none (R34)", () => {
  it("full by default, with a reason required; part checks the amount strictly; none refunds nothing", async () => {
    const onConfirm = vi.fn();
    const { rerender } = renderWithTheme(<CancelReservationDialog booking={paid} onKeep={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByLabelText("Everything left (£59.90)")).toHaveProperty("checked", true);
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    expect(await screen.findByText("Please give a reason for the refund")).toBeTruthy();
    expect(onConfirm).not.toHaveBeenCalled();

    fireEvent.click(screen.getByLabelText("Part of it"));
    fireEvent.change(screen.getByLabelText(/Amount to refund/), { target: { value: "1e9" } });
    fireEvent.change(screen.getByLabelText(/Reason for the refund/), { target: { value: "Closed for a storm" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    expect(await screen.findByText("Enter an amount in pounds, like 12.50")).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Amount to refund/), { target: { value: "29.95" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(paid, { notifyGuest: true, refund: { amountPence: 2995, reason: "Closed for a storm" } }));

    onConfirm.mockClear();
    rerender(<CancelReservationDialog booking={{ ...paid, id: 10 }} onKeep={() => {}} onConfirm={onConfirm} />);
    fireEvent.click(screen.getByLabelText("No refund"));
    expect(screen.queryByLabelText(/Reason for the refund/)).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith({ ...paid, id: 10 }, { notifyGuest: true }));
  });

  it("a tea paid by gift voucher offers to give its part back, ticked; unticked keeps the voucher used (R36)", async () => {
    const onConfirm = vi.fn();
    const byVoucher: Booking = { ...paid, payment: null, voucher: { code: "TEA-ABCD-EFGH-JKMN", amountPence: 5990, givenBack: false } };
    const { rerender } = renderWithTheme(<CancelReservationDialog booking={byVoucher} onKeep={() => {}} onConfirm={onConfirm} />);
    // Paid by voucher alone: not shown as unpaid, and no card refund to ask about.
    expect(screen.getByTestId("payment-voucher").textContent).toBe("£59.90 by gift voucher TEA-ABCD-EFGH-JKMN");
    expect(screen.queryByText("Unpaid")).toBeNull();
    expect(screen.queryByText("Refund")).toBeNull();
    const giveBack = screen.getByLabelText("Give £59.90 back to gift voucher TEA-ABCD-EFGH-JKMN") as HTMLInputElement;
    expect(giveBack.checked).toBe(true);
    fireEvent.click(giveBack);
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(byVoucher, { notifyGuest: true, restoreVoucher: false }));

    // Part card, part per-person voucher: both questions, the voucher in people.
    onConfirm.mockClear();
    const both: Booking = {
      ...paid,
      id: 11,
      payment: { ...paid.payment!, paidPence: 2000 },
      voucher: { code: "TEA-PQRS-EFGH-JKMN", people: 2, givenBack: false },
    };
    rerender(<CancelReservationDialog booking={both} onKeep={() => {}} onConfirm={onConfirm} />);
    expect(screen.getByLabelText("Everything left (£20.00)")).toBeTruthy();
    expect(screen.getByTestId("payment-voucher").textContent).toBe("2 people by gift voucher TEA-PQRS-EFGH-JKMN");
    expect((screen.getByLabelText("Give 2 people back to gift voucher TEA-PQRS-EFGH-JKMN") as HTMLInputElement).checked).toBe(true);
    fireEvent.change(screen.getByLabelText(/Reason for the refund/), { target: { value: "Closed" } });
    fireEvent.click(screen.getByRole("button", { name: "Cancel Reservation" }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith(both, { notifyGuest: true, refund: { reason: "Closed" }, restoreVoucher: true }));

    // Already given back: nothing to ask.
    rerender(
      <CancelReservationDialog
        booking={{ ...byVoucher, id: 12, voucher: { ...byVoucher.voucher!, givenBack: true } }}
        onKeep={() => {}}
        onConfirm={onConfirm}
      />,
    );
    expect(screen.queryByLabelText(/back to gift voucher/)).toBeNull();
  });

  it("an unpaid booking is cancelled without any refund question", () => {
    renderWithTheme(<CancelReservationDialog booking={{ ...paid, payment: null }} onKeep={() => {}} onConfirm={() => {}} />);
    expect(screen.queryByText("Refund")).toBeNull();
    expect(screen.getByLabelText("E-mail the guest")).toBeTruthy();
  });
});
