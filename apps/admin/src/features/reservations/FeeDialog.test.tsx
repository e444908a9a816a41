import { fireEvent, screen } from "@testing-library/react";
import type { BookingPolicy } from "@tearoom/domain";
import { describe, expect, it, vi } from "vitest";
import { renderWithTheme } from "../../test/render";
import { aPaidTea } from "../../test/bookings";
import { FeeDialog, type FeeResult } from "./FeeDialog";

const noShow = aPaidTea({ type: "table", guests: 3, status: "confirmed", arrival: "no-show", cardOnFile: true, payment: null, teaType: null });
const policy: BookingPolicy = {
  bookingType: "table",
  kind: "card",
  depositPencePerGuest: 0,
  minGuests: 1,
  weekdays: [],
  noShowFeePencePerGuest: 1500,
  lateCancelFeePencePerGuest: 0,
  text: "",
};

function open(result: FeeResult = null, onCharge = vi.fn()) {
  renderWithTheme(<FeeDialog target={{ booking: noShow, kind: "no-show" }} policy={policy} onClose={() => {}} onCharge={onCharge} result={result} />);
  return onCharge;
}
const amount = () => screen.getByRole("textbox", { name: /Amount/ });

describe("FeeDialog (R48)", () => {
  it("prefills the policy's amount for the party, needs a reason, and sends pence", () => {
    const onCharge = open();
    expect(amount()).toHaveProperty("value", "45.00");
    expect(screen.getByText("Up to £45.00: the policy's £15.00 per guest for 3 guests")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Charge £45.00" }));
    expect(screen.getByText("Please say why the fee is charged")).toBeTruthy();
    expect(onCharge).not.toHaveBeenCalled();
    fireEvent.change(screen.getByRole("textbox", { name: /Reason/ }), { target: { value: " No call, no show " } });
    fireEvent.change(amount(), { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Charge £20.00" }));
    expect(onCharge).toHaveBeenCalledWith(noShow, { kind: "no-show", amountPence: 2000, reason: "No call, no show" });
  });

  it("refuses more than the cap before sending", () => {
    const onCharge = open();
    fireEvent.change(amount(), { target: { value: "45.01" } });
    fireEvent.change(screen.getByRole("textbox", { name: /Reason/ }), { target: { value: "x" } });
    fireEvent.click(screen.getByRole("button", { name: "Charge" }));
    expect(screen.getByText("At most £45.00: the policy's £15.00 per guest")).toBeTruthy();
    expect(onCharge).not.toHaveBeenCalled();
  });

  it("shows a decline in the dialog", () => {
    open({ kind: "failed", message: "Your card was declined." });
    expect(screen.getByRole("alert").textContent).toContain("Your card was declined.");
  });

  it("shows what was charged", () => {
    open({ kind: "charged", pence: 4500 });
    expect(screen.getByTestId("fee-result").textContent).toContain("£45.00 has been charged to");
  });
});
