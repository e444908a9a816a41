import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import Checkout from "../../../routes/checkout";
import { SITE } from "../../../test/render";
import { mockApi, renderAt } from "../test-utils";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const intent = (amountPence: number, unitPence: number | null = null) => ({
  status: 200,
  body: { clientSecret: "pi_abc_secret_xyz", paymentIntentId: "pi_abc", amountPence, unitPence },
});

function fillDetails() {
  fireEvent.change(screen.getByLabelText(/Recipient's name/), { target: { value: "Grace Hopper" } });
  fireEvent.change(screen.getByLabelText(/Recipient's email/), { target: { value: "grace@example.com" } });
  fireEvent.change(screen.getByLabelText(/Your name/), { target: { value: "Ada Lovelace" } });
  fireEvent.change(screen.getByLabelText(/Your email/), { target: { value: "ada@example.com" } });
  fireEvent.change(screen.getByLabelText("Card number"), { target: { value: "4242424242424242" } });
  fireEvent.change(screen.getByLabelText("Expiry date"), { target: { value: "1234" } });
  fireEvent.change(screen.getByLabelText("Security code"), { target: { value: "123" } });
}

describe("gift-voucher checkout (spec Checkout, R10)", () => {
  it("keeps the spinner and only logs when the payment intent cannot be created", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const calls = mockApi({ "POST /api/create-payment-intent": () => ({ status: 500, body: { message: "boom" } }) });
    renderAt("/checkout?type=monetary&amount=75", { "/checkout": <Checkout /> });
    await waitFor(() => expect(error).toHaveBeenCalled());
    expect(screen.getByLabelText("Preparing secure payment")).toBeTruthy();
    expect(screen.queryByRole("form")).toBeNull();
    expect(calls[0]).toEqual({ key: "POST /api/create-payment-intent", body: { voucherType: "monetary", amount: 75 } });
  });

  it("defaults to a £50 monetary voucher when type and amount are missing or invalid", async () => {
    const calls = mockApi({
      "POST /api/create-payment-intent": () => intent(5000),
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
    });
    renderAt("/checkout?type=spa&amount=abc", { "/checkout": <Checkout /> });
    expect(await screen.findByTestId("checkout-total")).toBeTruthy();
    expect(screen.getByTestId("checkout-total").textContent).toBe("£50.00");
    expect(calls[0]!.body).toEqual({ voucherType: "monetary", amount: 50 });
    expect(await screen.findByTestId("test-mode-label")).toBeTruthy();
  });

  it("offers the monetary amounts on sale, from the site data (R33)", async () => {
    const calls = mockApi({
      "GET /api/site": () => ({ status: 200, body: { ...SITE, monetaryAmounts: [20, 40, 200] } }),
      "POST /api/create-payment-intent": () => intent(2000),
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
    });
    renderAt("/checkout?type=monetary&amount=75", { "/checkout": <Checkout /> });
    expect(await screen.findByTestId("checkout-total")).toBeTruthy();
    // £75 is not on sale and £50 is not offered: the smallest amount is chosen.
    expect(calls.filter((c) => c.key === "POST /api/create-payment-intent").map((c) => c.body)).toEqual([{ voucherType: "monetary", amount: 20 }]);
    expect(screen.getByTestId("checkout-total").textContent).toBe("£20.00");
    for (const label of ["£20", "£40", "£200"]) expect(screen.getByText(label)).toBeTruthy();
    expect(screen.queryByText("£75")).toBeNull();
  });

  it("when the link's amount no longer matches the price (R3 refuses it), shows the current price and lets the visitor go on", async () => {
    const calls = mockApi({
      "POST /api/create-payment-intent": (body) =>
        (body as { amount?: number }).amount === undefined
          ? intent(3195, 3195)
          : { status: 400, body: { message: "amount: £29.95 does not match the price of £31.95; please review your voucher" } },
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
    });
    renderAt("/checkout?type=afternoonTea&amount=29.95", { "/checkout": <Checkout /> });
    expect((await screen.findByTestId("price-notice")).textContent).toBe("The price has changed since you chose this voucher: it is now £31.95 per person.");
    expect(screen.getByTestId("checkout-total").textContent).toBe("£31.95");
    expect(screen.getByRole("button", { name: "Pay £31.95" })).toBeTruthy();
    // The second request leaves the pricing to the server.
    expect(calls.filter((c) => c.key === "POST /api/create-payment-intent").map((c) => c.body)).toEqual([
      { voucherType: "afternoonTea", amount: 29.95, people: 1 },
      { voucherType: "afternoonTea", people: 1 },
    ]);
  });

  it("asks for the number of people for a per-person voucher and totals it", async () => {
    const calls = mockApi({
      "POST /api/create-payment-intent": () => intent(2995, 2995),
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
    });
    renderAt("/checkout?type=afternoonTea&amount=29.95", { "/checkout": <Checkout /> });
    const people = await screen.findByLabelText("Number of people");
    expect(calls[0]!.body).toEqual({ voucherType: "afternoonTea", amount: 29.95, people: 1 });
    fireEvent.change(people, { target: { value: "4" } });
    expect(screen.getByTestId("checkout-total").textContent).toBe("£119.80");
    expect(screen.getByRole("button", { name: "Pay £119.80" })).toBeTruthy();
  });

  it("shows the field messages and sends nothing when details are missing", async () => {
    const calls = mockApi({
      "POST /api/create-payment-intent": () => intent(5000),
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
    });
    renderAt("/checkout", { "/checkout": <Checkout /> });
    fireEvent.click(await screen.findByRole("button", { name: "Pay £50.00" }));
    expect(await screen.findByText("Please enter the recipient's name")).toBeTruthy();
    expect(calls.map((c) => c.key)).not.toContain("POST /api/payments/voucher-details");
  });

  it("a declined card shows Payment Failed with the provider's message and stays on the form", async () => {
    mockApi({
      "POST /api/create-payment-intent": () => intent(5000),
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
      "POST /api/payments/voucher-details": () => ({ status: 200, body: { amountPence: 5000 } }),
      "POST /api/payments/demo/confirm": () => ({ status: 402, body: { message: "Your card was declined." } }),
    });
    renderAt("/checkout", { "/checkout": <Checkout /> });
    await screen.findByLabelText("Card number");
    fillDetails();
    fireEvent.click(screen.getByRole("button", { name: "Pay £50.00" }));
    expect(await screen.findByText("Payment Failed")).toBeTruthy();
    expect(screen.getByText("Your card was declined.")).toBeTruthy();
    expect(screen.getByTestId("location").textContent).toBe("/checkout");
    expect(screen.getByRole("button", { name: "Pay £50.00" })).toBeTruthy();
  });

  it("reads Processing... while paying, then thanks the buyer and goes to the confirmation", async () => {
    let release: () => void = () => undefined;
    const calls = mockApi({
      "POST /api/create-payment-intent": () => intent(5000),
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
      "POST /api/payments/voucher-details": () => ({ status: 200, body: { amountPence: 10000 } }),
      "POST /api/payments/demo/confirm": () =>
        new Promise((resolve) => {
          release = () => resolve({ status: 200, body: { status: "succeeded", paymentIntentId: "pi_abc", clientSecret: "pi_abc_secret_xyz" } });
        }),
    });
    renderAt("/checkout?type=monetary&amount=100", { "/checkout": <Checkout />, "/confirmation": <p>confirmation page</p> });
    await screen.findByLabelText("Card number");
    fillDetails();
    fireEvent.click(screen.getByRole("button", { name: "Pay £100.00" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeTruthy();
    await waitFor(() => expect(calls.map((c) => c.key)).toContain("POST /api/payments/demo/confirm"));
    release();
    expect(await screen.findByText("Thank you for your purchase!")).toBeTruthy();
    expect(screen.getByText("Payment Successful")).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByTestId("location").textContent).toBe(
        "/confirmation?payment_intent=pi_abc&payment_intent_client_secret=pi_abc_secret_xyz&redirect_status=succeeded",
      ),
    );
    const details = calls.find((c) => c.key === "POST /api/payments/voucher-details")!.body;
    expect(details).toMatchObject({ clientSecret: "pi_abc_secret_xyz", voucherType: "monetary", amount: 100, recipientEmail: "grace@example.com" });
    // R50: sent now, to the recipient, unless the buyer chooses otherwise.
    expect(details).toMatchObject({ sendTo: "recipient" });
    expect(details).not.toHaveProperty("deliverOn");
  });

  it("R50: the buyer may choose a delivery date and to have it sent to them to print", async () => {
    const calls = mockApi({
      "POST /api/create-payment-intent": () => intent(5000),
      "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }),
      "POST /api/payments/voucher-details": () => ({ status: 200, body: { amountPence: 5000 } }),
      "POST /api/payments/demo/confirm": () => ({ status: 200, body: { status: "succeeded", paymentIntentId: "pi_abc", clientSecret: "pi_abc_secret_xyz" } }),
    });
    renderAt("/checkout?type=monetary&amount=50", { "/checkout": <Checkout />, "/confirmation": <p>confirmation page</p> });
    await screen.findByLabelText("Card number");
    fillDetails();
    fireEvent.click(screen.getByRole("radio", { name: "Me, to print" }));
    const date = screen.getByLabelText("Delivery date") as HTMLInputElement;
    expect(date.type).toBe("date");
    fireEvent.change(date, { target: { value: "2099-12-24" } });
    expect(screen.getByText(/e-mailed to you to print at 8 am on the day you chose/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Pay £50.00" }));
    await waitFor(() => expect(calls.map((c) => c.key)).toContain("POST /api/payments/voucher-details"));
    const details = calls.find((c) => c.key === "POST /api/payments/voucher-details")!.body;
    expect(details).toMatchObject({ sendTo: "buyer", deliverOn: "2099-12-24" });
  });

  it("an empty Pay brings the first field to fix into view and focuses it", async () => {
    mockApi({ "POST /api/create-payment-intent": () => intent(5000), "GET /api/payments/config": () => ({ status: 200, body: { provider: "demo" } }) });
    renderAt("/checkout", { "/checkout": <Checkout /> });
    fireEvent.change(await screen.findByLabelText(/Recipient's name/), { target: { value: "Grace Hopper" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay £50.00" }));
    expect(await screen.findByText("Please enter a valid email")).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/Recipient's email/)));
  });
});
