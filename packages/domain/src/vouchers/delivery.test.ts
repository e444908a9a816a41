import { describe, expect, it } from "vitest";
import { deliveryDateProblem, voucherDeliveryDue, voucherHolderEmail } from "./delivery.js";

describe("voucher delivery (R50)", () => {
  // 07:59 London on 2 June 2027 (summer time: UTC+1).
  const before = new Date("2027-06-02T06:59:00Z");
  const at = new Date("2027-06-02T07:00:00Z");

  it("a date from today up to a year ahead, London", () => {
    expect(deliveryDateProblem("2027-06-02", at)).toBeNull();
    expect(deliveryDateProblem("2028-06-02", at)).toBeNull();
    expect(deliveryDateProblem("2027-06-01", at)).toMatch(/^deliverOn: .*past/);
    expect(deliveryDateProblem("2028-06-03", at)).toMatch(/^deliverOn: .*no later than Friday, 2 June 2028/);
    // 23:30 UTC on 1 June is already 2 June in London.
    expect(deliveryDateProblem("2027-06-02", new Date("2027-06-01T23:30:00Z"))).toBeNull();
  });

  it("due from 08:00 London on its day, never before; at once without a date", () => {
    expect(voucherDeliveryDue("2027-06-02", before)).toBe(false);
    expect(voucherDeliveryDue("2027-06-02", at)).toBe(true);
    expect(voucherDeliveryDue("2027-06-03", at)).toBe(false);
    expect(voucherDeliveryDue("2027-06-01", before)).toBe(true);
    expect(voucherDeliveryDue(null, before)).toBe(true);
    // Winter: 08:00 London is 08:00 UTC.
    expect(voucherDeliveryDue("2027-12-01", new Date("2027-12-01T07:59:00Z"))).toBe(false);
    expect(voucherDeliveryDue("2027-12-01", new Date("2027-12-01T08:00:00Z"))).toBe(true);
  });

  it("the holder: the recipient, else the buyer, else nobody", () => {
    expect(voucherHolderEmail({ recipientEmail: "r@example.com", senderEmail: "b@example.com" })).toBe("r@example.com");
    expect(voucherHolderEmail({ recipientEmail: "", senderEmail: "b@example.com" })).toBe("b@example.com");
    expect(voucherHolderEmail({ recipientEmail: "", senderEmail: "" })).toBeNull();
  });
});
