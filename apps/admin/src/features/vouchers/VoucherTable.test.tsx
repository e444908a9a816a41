import { screen } from "@testing-library/react";
import type { GiftVoucher } from "@tearoom/domain";
import { describe, expect, it } from "vitest";
import { renderWithTheme } from "../../test/render";
import { VoucherTable, voucherStatus } from "./VoucherTable";

const voucher: GiftVoucher = {
  id: 1,
  voucherType: "monetary",
  voucherCode: "TEA-AAAA-BBBB",
  price: "£50.00",
  recipientName: "Grace Hopper",
  recipientEmail: "grace@example.com",
  senderName: "Ada Lovelace",
  senderEmail: "ada@example.com",
  message: "",
  isRedeemed: false,
  balancePence: 5000,
  status: "active",
  testPayment: false,
  createdAt: "2026-06-01T10:00:00.000Z",
  expiryDate: "2027-06-01",
  source: "website",
  deliverOn: null,
  deliveredAt: "2026-06-01T10:00:00.000Z",
};

describe("the vouchers list", () => {
  it("reads each voucher's state from redemption and expiry", () => {
    expect(voucherStatus(voucher, "2026-06-02")).toBe("Active");
    expect(voucherStatus(voucher, "2027-06-02")).toBe("Expired");
    expect(voucherStatus({ ...voucher, isRedeemed: true }, "2026-06-02")).toBe("Redeemed");
  });

  it("marks a voucher paid with a test card as Test, and only it (R22)", () => {
    const test = { ...voucher, id: 2, voucherCode: "TEA-TEST-0042", price: "£100.00", testPayment: true };
    renderWithTheme(<VoucherTable vouchers={[voucher, test]} today="2026-06-02" />);
    const marks = screen.getAllByTestId("test-payment");
    expect(marks).toHaveLength(1);
    expect(marks[0]!.closest("tr")!.textContent).toContain("TEA-TEST-0042");
    expect(marks[0]!.getAttribute("title")).toBe("Paid with a test card: no real charge was made");
  });
});
