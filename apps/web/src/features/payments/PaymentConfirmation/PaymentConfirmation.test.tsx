import { act, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderAt } from "../test-utils";
import { confirmationStatus, PaymentConfirmation, referencePreview } from "./PaymentConfirmation";
import Confirmation from "../../../routes/confirmation";

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("confirmation states (spec section 4)", () => {
  it("is processing by default, success on succeeded, failed on failed", () => {
    expect(confirmationStatus(null)).toBe("processing");
    expect(confirmationStatus("requires_action")).toBe("processing");
    expect(confirmationStatus("succeeded")).toBe("success");
    expect(confirmationStatus("failed")).toBe("failed");
  });

  it("shows the first 8 characters of the reference, or N/A", () => {
    expect(referencePreview("pi_3NxYzAbCdEfGh")).toBe("pi_3NxYz");
    expect(referencePreview(null)).toBe("N/A");
  });

  it("shows the spec's texts for a voucher", () => {
    renderAt("/confirmation?payment_intent=pi_12345678abc&redirect_status=succeeded", { "/confirmation": <Confirmation /> });
    expect(screen.getByRole("heading", { name: "Payment Successful" })).toBeTruthy();
    expect(screen.getByText("Your gift voucher has been purchased successfully!")).toBeTruthy();
    expect(screen.getByTestId("payment-reference").textContent).toBe("pi_12345");
    expect(screen.getByRole("link", { name: "Gift Vouchers" }).getAttribute("href")).toBe("/gift-vouchers");
    expect(screen.getByRole("link", { name: "Return Home" }).getAttribute("href")).toBe("/");
  });

  it("shows the failure text and, for afternoon tea, a way back to the form", () => {
    renderAt("/confirmation?payment_intent=pi_1&redirect_status=failed&type=afternoon-tea", { "/confirmation": <Confirmation /> });
    expect(screen.getByRole("heading", { name: "Payment Failed" })).toBeTruthy();
    expect(screen.getByText("There was an issue processing your payment. Please try again.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/afternoon-tea#book");
  });

  it("for a paid afternoon tea shows its own message and the booking reference from the server", async () => {
    mockApi({ "GET /api/payments/pi_tea/status": () => ({ status: 200, body: { status: "succeeded", kind: "afternoon-tea", bookingReference: "TR-ABC234" } }) });
    renderAt("/confirmation?payment_intent=pi_tea&redirect_status=succeeded&type=afternoon-tea", { "/confirmation": <Confirmation /> });
    expect(screen.getByText(/Your afternoon tea is booked/)).toBeTruthy();
    expect((await screen.findByTestId("booking-reference")).textContent).toBe("TR-ABC234");
  });

  it("without a payment_intent goes to /gift-vouchers after 5 seconds", () => {
    vi.useFakeTimers();
    renderAt("/confirmation", { "/confirmation": <PaymentConfirmation paymentIntent={null} redirectStatus={null} type={null} /> });
    expect(screen.getByRole("heading", { name: "Processing Payment" })).toBeTruthy();
    expect(screen.getByTestId("payment-reference").textContent).toBe("N/A");
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByTestId("location").textContent).toBe("/confirmation");
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId("location").textContent).toBe("/gift-vouchers");
  });

  it("with a payment_intent stays put", () => {
    vi.useFakeTimers();
    renderAt("/confirmation", { "/confirmation": <PaymentConfirmation paymentIntent="pi_x" redirectStatus="succeeded" type={null} /> });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId("location").textContent).toBe("/confirmation");
  });
});
