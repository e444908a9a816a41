import { fireEvent, screen, within } from "@testing-library/react";
import type { Booking } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { PaymentSummary } from "./PaymentSummary";
import { amountError } from "./refund-form";
import { RefundDialog } from "./RefundDialog";
import { ReservationTable } from "./ReservationTable";
import { aPaidTea } from "../../test/bookings";

const paid = aPaidTea({
  testPayment: true,
  payment: { status: "partly-refunded", paidPence: 5990, refundedPence: 1000, reference: "pi_demo_42", balancePence: null },
});

function open(onRefund = vi.fn(), booking: Booking = paid) {
  renderWithTheme(<RefundDialog booking={booking} onClose={() => {}} onRefund={onRefund} />);
  return onRefund;
}
const reason = () => screen.getByRole("textbox", { name: /Reason/ });
const submit = () => fireEvent.click(screen.getByRole("button", { name: /^Refund/ }));

describe("RefundDialog (R34)", () => {
  it("refunds everything left by default, sending no amount, once a reason is given", () => {
    const onRefund = open();
    expect(screen.getByText("£49.90 can still be refunded.")).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Everything left (£49.90)" })).toHaveProperty("checked", true);
    submit();
    expect(screen.getByText("Please give a reason for the refund")).toBeTruthy();
    expect(onRefund).not.toHaveBeenCalled();

    fireEvent.change(reason(), { target: { value: "  Cancelled by phone  " } });
    expect(screen.getByRole("button", { name: "Refund £49.90" })).toBeTruthy();
    submit();
    expect(onRefund).toHaveBeenCalledWith(paid, { reason: "Cancelled by phone" });
  });

  it("refunds part in pence, read strictly, never more than is left", () => {
    const onRefund = open();
    fireEvent.click(screen.getByRole("radio", { name: "Part of it" }));
    fireEvent.change(reason(), { target: { value: "One guest fewer" } });
    const amount = screen.getByRole("textbox", { name: /Amount to refund/ });
    for (const [typed, message] of [
      ["1e9", "Enter an amount in pounds, like 12.50"],
      ["-5", "Enter an amount in pounds, like 12.50"],
      ["0.001", "Enter an amount in pounds, like 12.50"],
      ["0", "The amount must be at least £0.01"],
      ["49.91", "At most £49.90 can be refunded"],
    ]) {
      fireEvent.change(amount, { target: { value: typed } });
      submit();
      expect(screen.getByText(message!), typed).toBeTruthy();
    }
    expect(onRefund).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: "29.95" } });
    expect(screen.getByRole("button", { name: "Refund £29.95" })).toBeTruthy();
    submit();
    expect(onRefund).toHaveBeenCalledWith(paid, { amountPence: 2995, reason: "One guest fewer" });
  });

  it("says a demo payment's refund is a test too (R22)", () => {
    open();
    expect(screen.getByText("Paid with a test card: the refund is a test too.")).toBeTruthy();
  });

  it("opens each booking with a fresh form", () => {
    const { rerender } = renderWithTheme(<RefundDialog booking={paid} onClose={() => {}} onRefund={() => {}} />);
    fireEvent.change(reason(), { target: { value: "For the first booking" } });
    const other: Booking = { ...paid, id: 10, reference: "TR-OTHER1", payment: { ...paid.payment!, refundedPence: 0, status: "paid" } };
    rerender(<RefundDialog booking={other} onClose={() => {}} onRefund={() => {}} />);
    expect(reason()).toHaveProperty("value", "");
    expect(screen.getByText("£59.90 can still be refunded.")).toBeTruthy();
  });

  it("checks amounts the way the server does", () => {
    expect(amountError("", 100)).toBe("Please enter the amount to refund");
    expect(amountError("1.00", 100)).toBeNull();
    expect(amountError("£1.01", 100)).toBe("At most £1.00 can be refunded");
  });
});

describe("PaymentSummary (R34)", () => {
  it("shows unpaid, paid, partly refunded and refunded, with the reference and the balance", () => {
    const { rerender } = renderWithTheme(<PaymentSummary booking={{ payment: null, testPayment: false }} />);
    expect(screen.getByText("Unpaid")).toBeTruthy();
    const show = (payment: Booking["payment"]) => rerender(<PaymentSummary booking={{ payment, testPayment: false }} />);
    show({ status: "paid", paidPence: 5990, refundedPence: 0, reference: "pi_1", balancePence: null });
    expect(screen.getByTestId("payment-headline").textContent).toBe("Paid £59.90");
    expect(screen.getByText("pi_1")).toBeTruthy();
    show({ status: "partly-refunded", paidPence: 5990, refundedPence: 2995, reference: "pi_1", balancePence: -2995 });
    expect(screen.getByTestId("payment-headline").textContent).toBe("Paid £59.90, refunded £29.95");
    expect(screen.getByText("Partly refunded")).toBeTruthy();
    expect(screen.getByText("Overpaid £29.95")).toBeTruthy();
    show({ status: "refunded", paidPence: 5990, refundedPence: 5990, reference: "pi_1", balancePence: 8985 });
    expect(screen.getByTestId("payment-headline").textContent).toBe("Refunded £59.90");
    expect(screen.getByText("Balance due £89.85")).toBeTruthy();
  });

  it("a cancelled booking shows what went back to the card and to the gift voucher instead of what was paid (R51)", () => {
    const payment = { status: "partly-refunded" as const, paidPence: 7990, refundedPence: 2990, reference: "pi_9", balancePence: null };
    const voucher = { code: "TEA-ABCD-EFGH", amountPence: 5000, givenBack: true };
    const { rerender } = renderWithTheme(<PaymentSummary booking={{ status: "cancelled", payment, voucher, testPayment: false }} />);
    const lines = () => [...screen.getByTestId("payment-refunded").querySelectorAll("p")].map((p) => p.textContent);
    expect(lines()).toEqual(["Refunded £29.90 to the guest's card", "£50.00 back on gift voucher TEA-ABCD-EFGH", "Payment reference pi_9"]);
    expect(screen.queryByTestId("payment-headline")).toBeNull();
    // Paid by voucher alone, and the voucher part given back.
    rerender(
      <PaymentSummary
        booking={{ status: "cancelled", payment: null, voucher: { code: "TEA-2222-3333", people: 2, givenBack: true }, testPayment: false }}
        compact
      />,
    );
    expect(lines()).toEqual(["2 people back on gift voucher TEA-2222-3333"]);
    // Nothing went back (staff kept it): what was paid, as before.
    rerender(<PaymentSummary booking={{ status: "cancelled", payment: { ...payment, status: "paid", refundedPence: 0 }, testPayment: false }} />);
    expect(screen.getByTestId("payment-headline").textContent).toBe("Paid £79.90");
  });
});

describe("the reservations list (R34)", () => {
  it("shows each booking's payment and offers a refund only while money is left to refund", () => {
    const onRefund = vi.fn();
    const unpaid: Booking = { ...paid, id: 1, reference: "TR-UNPAID", name: "Ann Unpaid", testPayment: false, payment: null };
    const refunded: Booking = {
      ...paid,
      id: 2,
      reference: "TR-REFUND",
      name: "Rita Refunded",
      status: "cancelled",
      payment: { ...paid.payment!, status: "refunded", refundedPence: 5990 },
    };
    const cancelledPaid: Booking = { ...paid, id: 3, reference: "TR-CANCEL", name: "Carl Cancelled", status: "cancelled" };
    renderWithTheme(
      <ReservationTable
        bookings={[unpaid, paid, refunded, cancelledPaid]}
        gardenSpots={[]}
        onEdit={() => {}}
        onCancel={() => {}}
        onConfirm={() => {}}
        onDecline={() => {}}
        onRefund={onRefund}
      />,
    );
    const row = (ref: string) => screen.getByText(ref).closest("tr")!;
    expect(within(row("TR-UNPAID")).getByText("Unpaid")).toBeTruthy();
    expect(within(row("TR-UNPAID")).queryByRole("button", { name: /Refund/ })).toBeNull();
    expect(within(row("TR-REFUND")).queryByRole("button", { name: /Refund/ })).toBeNull();
    // A cancelled booking can still be refunded.
    fireEvent.click(within(row("TR-CANCEL")).getByRole("button", { name: "Refund payment for Carl Cancelled" }));
    expect(onRefund).toHaveBeenCalledWith(cancelledPaid);
    expect(within(row("TR-PAID42")).getByTestId("payment-headline").textContent).toBe("Paid £59.90, refunded £10.00");
  });
});
