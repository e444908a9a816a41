import { act, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderAt } from "../test-utils";
import { PaymentConfirmation, referencePreview } from "./PaymentConfirmation";
import Confirmation from "../../../routes/confirmation";

beforeEach(() => {
  window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const VOUCHER = {
  code: "TEA-ABCD-EFGH-JKMN",
  voucherType: "monetary",
  price: "£75.00",
  people: null,
  recipientName: "Grace Hopper",
  recipientEmail: "grace@example.com",
  expiryDate: "2027-11-24",
};

describe("confirmation (spec section 4): only what the server confirms", () => {
  it("shows the first 8 characters of the reference, or N/A", () => {
    expect(referencePreview("pi_3NxYzAbCdEfGh")).toBe("pi_3NxYz");
    expect(referencePreview(null)).toBe("N/A");
  });

  it("a paid voucher: the spec's texts, its code, value and recipient, and that it was e-mailed", async () => {
    const calls = mockApi({
      "GET /api/payments/pi_12345678abc/status": () => ({
        status: 200,
        body: { status: "succeeded", kind: "voucher", bookingReference: null, voucher: VOUCHER },
      }),
    });
    renderAt("/confirmation?payment_intent=pi_12345678abc&payment_intent_client_secret=pi_12345678abc_secret_xyz&redirect_status=succeeded", {
      "/confirmation": <Confirmation />,
    });
    expect(await screen.findByRole("heading", { name: "Payment Successful" })).toBeTruthy();
    expect(screen.getByText("Your gift voucher has been purchased successfully!")).toBeTruthy();
    expect(screen.getByTestId("voucher-code").textContent).toBe("TEA-ABCD-EFGH-JKMN");
    expect(screen.getByText("£75.00")).toBeTruthy();
    expect(screen.getByTestId("voucher-emailed").textContent).toMatch(
      /We have e-mailed the voucher to Grace Hopper at grace@example\.com, and a receipt to you\. It is valid until 24 November 2027\./,
    );
    expect(screen.getByTestId("payment-reference").textContent).toBe("pi_12345");
    expect(screen.getByRole("link", { name: "Gift Vouchers" }).getAttribute("href")).toBe("/gift-vouchers");
    expect(screen.getByRole("link", { name: "Return Home" }).getAttribute("href")).toBe("/");
    // The secret from the return address goes to the server, which decides what to show.
    expect(calls[0]!.key).toBe("GET /api/payments/pi_12345678abc/status");
    expect(vi.mocked(fetch).mock.calls[0]![0]).toContain("client_secret=pi_12345678abc_secret_xyz");
  });

  it("claims nothing while the server has not answered, even with redirect_status=succeeded", () => {
    mockApi({ "GET /api/payments/pi_slow/status": () => new Promise(() => undefined) });
    renderAt("/confirmation?payment_intent=pi_slow&redirect_status=succeeded", { "/confirmation": <Confirmation /> });
    expect(screen.getByRole("heading", { name: "Processing Payment" })).toBeTruthy();
    expect(screen.queryByText("Your gift voucher has been purchased successfully!")).toBeNull();
  });

  it("a payment the server does not know (404) is not a success, whatever the address says", async () => {
    mockApi({});
    renderAt("/confirmation?payment_intent=pi_fake&redirect_status=succeeded", { "/confirmation": <Confirmation /> });
    expect(await screen.findByRole("heading", { name: "Payment Not Found" })).toBeTruthy();
    expect(screen.queryByRole("heading", { name: "Payment Successful" })).toBeNull();
    expect(screen.queryByText("Your gift voucher has been purchased successfully!")).toBeNull();
    expect(screen.getByTestId("payment-reference").textContent).toBe("pi_fake");
  });

  it("the server's failure wins over redirect_status=succeeded; afternoon tea offers a way back to the form", async () => {
    mockApi({
      "GET /api/payments/pi_1/status": () => ({ status: 200, body: { status: "failed", kind: "afternoon-tea", bookingReference: null, voucher: null } }),
    });
    renderAt("/confirmation?payment_intent=pi_1&redirect_status=succeeded&type=afternoon-tea", { "/confirmation": <Confirmation /> });
    expect(await screen.findByRole("heading", { name: "Payment Failed" })).toBeTruthy();
    expect(screen.getByText("There was an issue processing your payment. Please try again.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Try Again" }).getAttribute("href")).toBe("/afternoon-tea#book");
  });

  it("for a paid afternoon tea shows its own message and the booking reference from the server", async () => {
    mockApi({
      "GET /api/payments/pi_tea/status": () => ({
        status: 200,
        body: { status: "succeeded", kind: "afternoon-tea", bookingReference: "TR-ABC234", voucher: null },
      }),
    });
    renderAt("/confirmation?payment_intent=pi_tea&redirect_status=succeeded&type=afternoon-tea", { "/confirmation": <Confirmation /> });
    expect(await screen.findByText(/Your afternoon tea is booked/)).toBeTruthy();
    expect(screen.getByTestId("booking-reference").textContent).toBe("TR-ABC234");
  });

  it("for a paid afternoon tea shows what was booked, what card and voucher paid, where, and a calendar file (R51)", async () => {
    mockApi({
      "GET /api/payments/pi_tea/status": () => ({
        status: 200,
        body: {
          status: "succeeded",
          kind: "afternoon-tea",
          bookingReference: "TR-ABC234",
          voucher: null,
          booking: {
            reference: "TR-ABC234",
            type: "afternoonTea",
            date: "2027-06-12",
            time: "15:00",
            guests: 3,
            teaType: "traditional",
            status: "confirmed",
            cardPence: 3985,
            voucher: { code: "TEA-ABCD-EFGH-JKMN", amountPence: 5000 },
            address: "1 High Street, Heritage Town",
            calendarUrl: "/api/payments/pi_tea/calendar.ics?client_secret=pi_tea_secret_x",
          },
        },
      }),
    });
    renderAt("/confirmation?payment_intent=pi_tea&payment_intent_client_secret=pi_tea_secret_x&redirect_status=succeeded", {
      "/confirmation": <Confirmation />,
    });
    const booked = await screen.findByTestId("booked-visit");
    const rows = [...booked.querySelectorAll("dl > div")].map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]);
    expect(rows).toEqual([
      ["Date", "Saturday, 12 June 2027"],
      ["Time", "3:00 PM"],
      ["Guests", "3"],
      ["Tea", "3 × Traditional afternoon tea"],
      ["Paid by card", "£39.85"],
      ["Gift voucher TEA-ABCD-EFGH-JKMN", "£50.00"],
      ["Where", "1 High Street, Heritage Town"],
    ]);
    expect(screen.getByRole("link", { name: "Add to calendar" }).getAttribute("href")).toBe("/api/payments/pi_tea/calendar.ics?client_secret=pi_tea_secret_x");
    // R47: the tea's payment and cancellation terms, read again.
    expect((await within(booked).findByTestId("policy-terms")).textContent).toBe("Afternoon tea is paid in full when you book.");
  });

  it("a payment still processing after the last ask says so instead of spinning for ever", async () => {
    vi.useFakeTimers();
    mockApi({
      "GET /api/payments/pi_open/status": () => ({ status: 200, body: { status: "processing", kind: "voucher", bookingReference: null, voucher: null } }),
    });
    const { container } = renderAt("/confirmation?payment_intent=pi_open&redirect_status=succeeded", { "/confirmation": <Confirmation /> });
    expect(container.querySelector('[data-status="processing"]')).not.toBeNull();
    for (let i = 0; i < 12; i++) await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(screen.getByText(/We could not check your payment just now/)).toBeTruthy();
    expect(container.querySelector('[data-status="unknown"]')).not.toBeNull();
  });

  it("without a payment_intent goes to /gift-vouchers after 5 seconds", () => {
    vi.useFakeTimers();
    renderAt("/confirmation", { "/confirmation": <PaymentConfirmation paymentIntent={null} /> });
    expect(screen.getByRole("heading", { name: "Processing Payment" })).toBeTruthy();
    expect(screen.getByTestId("payment-reference").textContent).toBe("N/A");
    act(() => vi.advanceTimersByTime(4_900));
    expect(screen.getByTestId("location").textContent).toBe("/confirmation");
    act(() => vi.advanceTimersByTime(200));
    expect(screen.getByTestId("location").textContent).toBe("/gift-vouchers");
  });

  it("with a payment_intent stays put", () => {
    vi.useFakeTimers();
    mockApi({ "GET /api/payments/pi_x/status": () => new Promise(() => undefined) });
    renderAt("/confirmation", { "/confirmation": <PaymentConfirmation paymentIntent="pi_x" /> });
    act(() => vi.advanceTimersByTime(10_000));
    expect(screen.getByTestId("location").textContent).toBe("/confirmation");
  });
});
