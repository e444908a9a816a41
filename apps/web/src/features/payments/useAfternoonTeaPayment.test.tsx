import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { AfternoonTeaForm } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderAt } from "./test-utils";
import { useAfternoonTeaPayment } from "./useAfternoonTeaPayment";

const values: AfternoonTeaForm = {
  date: "2026-12-02",
  time: "14:00",
  guests: 3,
  teaType: "champagne",
  name: "Ada Lovelace",
  email: "ada@example.com",
  phone: "01234 567890",
};

/** Stands in for the afternoon-tea form: the payment slot plus a submit that passes fixed values (and a voucher, if given). */
function Harness({ voucher = null }: { voucher?: { code: string; amountPence: number } | null }) {
  const { onSubmit, paymentSlot, booked } = useAfternoonTeaPayment();
  return (
    <div>
      {paymentSlot}
      <button type="button" onClick={() => void onSubmit(values, voucher)}>
        Submit
      </button>
      {booked ? <p data-testid="booked">{`${booked.bookingReference} ${booked.voucherAppliedPence}`}</p> : null}
    </div>
  );
}

const site = {
  status: 200,
  body: { prices: { traditional: 2995, champagne: 3995, voucherAfternoonTea: 2995, voucherPicnicHamper: 3495, voucherMonetary: 5000, wine: 1500 } },
};
const config = { status: 200, body: { provider: "demo" } };

async function fillCard(number: string) {
  fireEvent.change(await screen.findByLabelText("Card number"), { target: { value: number } });
  fireEvent.change(screen.getByLabelText("Expiry date"), { target: { value: "1234" } });
  fireEvent.change(screen.getByLabelText("Security code"), { target: { value: "123" } });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("afternoon-tea payment step", () => {
  it("sends the spec's payload: amount in pounds and the metadata, dietaryRequirements empty when none", async () => {
    const calls = mockApi({
      "GET /api/site": () => site,
      "GET /api/payments/config": () => config,
      "POST /api/create-payment-intent": () => ({
        status: 200,
        body: { clientSecret: "pi_t_secret_s", paymentIntentId: "pi_t", amountPence: 11985, holdExpiresAt: "x" },
      }),
      "POST /api/payments/demo/confirm": () => ({ status: 402, body: { message: "Your card was declined." } }),
    });
    renderAt("/afternoon-tea", { "/afternoon-tea": <Harness /> });
    await fillCard("4000 0000 0000 0002");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Payment Failed")).toBeTruthy();
    expect(screen.getByText("Your card was declined.")).toBeTruthy();
    expect(calls.find((c) => c.key === "POST /api/create-payment-intent")!.body).toEqual({
      amount: 119.85,
      metadata: {
        type: "afternoon-tea",
        date: "2026-12-02",
        time: "14:00",
        guests: 3,
        teaType: "champagne",
        name: "Ada Lovelace",
        email: "ada@example.com",
        phone: "01234 567890",
        dietaryRequirements: "",
      },
    });
    expect(calls.find((c) => c.key === "POST /api/payments/demo/confirm")!.body).toMatchObject({
      clientSecret: "pi_t_secret_s",
      returnUrl: "/confirmation?type=afternoon-tea",
    });
  });

  it("shows the Booking Error toast, with the reason, when the seats cannot be held", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({
      "GET /api/site": () => site,
      "GET /api/payments/config": () => config,
      "POST /api/create-payment-intent": () => ({
        status: 409,
        body: { message: "The 2:00 PM slot on Wednesday, 2 December 2026 is fully booked. Please choose another time." },
      }),
    });
    renderAt("/afternoon-tea", { "/afternoon-tea": <Harness /> });
    await fillCard("4242 4242 4242 4242");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Booking Error")).toBeTruthy();
    expect(screen.getByText(/^Failed to process your booking\. Please try again\. The 2:00 PM slot/)).toBeTruthy();
  });

  it("says why when the visitor already has as many unpaid holds as one may have (R23)", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const refusal = "You already have 2 afternoon tea bookings being paid for from this connection or e-mail address, and we can hold at most 2 at a time.";
    mockApi({
      "GET /api/site": () => site,
      "GET /api/payments/config": () => config,
      "POST /api/create-payment-intent": () => ({ status: 429, body: { message: refusal } }),
    });
    renderAt("/afternoon-tea", { "/afternoon-tea": <Harness /> });
    await fillCard("4242 4242 4242 4242");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("Booking Error")).toBeTruthy();
    expect(screen.getByText(`Failed to process your booking. Please try again. ${refusal}`)).toBeTruthy();
  });

  it("checks the card before anything is created", async () => {
    const calls = mockApi({ "GET /api/site": () => site, "GET /api/payments/config": () => config });
    renderAt("/afternoon-tea", { "/afternoon-tea": <Harness /> });
    await fillCard("4242");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.getAllByText("Your card number is incomplete.").length).toBeGreaterThan(0));
    expect(calls.map((c) => c.key)).not.toContain("POST /api/create-payment-intent");
  });

  it("a gift voucher that pays it all (R36): the code is sent, no card is asked, and the booking is shown as made", async () => {
    const calls = mockApi({
      "GET /api/site": () => site,
      "GET /api/payments/config": () => config,
      "POST /api/create-payment-intent": () => ({
        status: 200,
        body: { clientSecret: null, paymentIntentId: null, amountPence: 0, voucherAppliedPence: 11985, bookingReference: "TR-ABC234", holdExpiresAt: "x" },
      }),
    });
    renderAt("/afternoon-tea", { "/afternoon-tea": <Harness voucher={{ code: "TEA-ABCD-EFGH-JKMN", amountPence: 0 }} /> });
    await screen.findByLabelText("Card number");
    fireEvent.click(screen.getByRole("button", { name: "Submit" }));
    expect((await screen.findByTestId("booked")).textContent).toBe("TR-ABC234 11985");
    expect(calls.find((c) => c.key === "POST /api/create-payment-intent")!.body).toMatchObject({
      amount: 119.85,
      metadata: { voucherCode: "TEA-ABCD-EFGH-JKMN" },
    });
    expect(calls.map((c) => c.key)).not.toContain("POST /api/payments/demo/confirm");
  });
});
