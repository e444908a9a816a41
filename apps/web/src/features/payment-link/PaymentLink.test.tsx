import { screen } from "@testing-library/react";
import type { PaymentLinkView } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp, siteAndSlots } from "../../test/render";
import { PaymentLink } from "./PaymentLink";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "b".repeat(43);
const open: PaymentLinkView = {
  status: "open",
  kind: "deposit",
  reference: "TR-PAY234",
  name: "Mary Phone",
  date: "2099-06-12",
  time: "12:00",
  guests: 3,
  bookingType: "table",
  amountPence: 1500,
  expiresAt: "2099-06-05T09:00:00.000Z",
  clientSecret: "pi_demo123_secret_abc",
};

function serve(answer: { status?: number; body: unknown }) {
  mockApi((url, init) => {
    if (url.pathname === `/api/payment-links/${TOKEN}`) return answer;
    if (url.pathname === "/api/payments/config") return { body: { provider: "demo" } };
    return siteAndSlots(url, init);
  });
}

describe("the payment link page (R49)", () => {
  it("shows what the link pays for and offers to pay the amount", async () => {
    serve({ body: open });
    renderApp(<PaymentLink token={TOKEN} />);
    expect(await screen.findByText("TR-PAY234")).toBeTruthy();
    expect(screen.getByText("Friday, 12 June 2099")).toBeTruthy();
    expect(screen.getByText("12:00 PM")).toBeTruthy();
    expect(screen.getByText("£15.00")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Pay your deposit" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Pay £15.00" })).toBeTruthy();
  });

  it("says it is paid once it is, with nothing left to pay", async () => {
    serve({ body: { ...open, status: "paid", clientSecret: null } });
    renderApp(<PaymentLink token={TOKEN} />);
    expect(await screen.findByText("Paid, thank you. £15.00 has been received for booking TR-PAY234.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Pay / })).toBeNull();
  });

  it("a card link asks to save a card, shows no amount, and says nothing is charged", async () => {
    serve({ body: { ...open, kind: "card", amountPence: 0, clientSecret: "seti_demo123_secret_abc" } });
    renderApp(<PaymentLink token={TOKEN} />);
    expect(await screen.findByRole("heading", { name: "Save a card for your booking" })).toBeTruthy();
    expect(screen.getByText(/nothing is charged now/)).toBeTruthy();
    expect(screen.queryByText("£0.00")).toBeNull();
    expect(screen.getByRole("button", { name: "Save card" })).toBeTruthy();
  });

  it("a saved card link says the card is saved", async () => {
    serve({ body: { ...open, kind: "card", amountPence: 0, status: "paid", clientSecret: null } });
    renderApp(<PaymentLink token={TOKEN} />);
    expect(await screen.findByText("Thank you: your card is saved for booking TR-PAY234. Nothing has been charged.")).toBeTruthy();
  });

  it("says an expired link has expired, and an unknown one is not valid", async () => {
    serve({ status: 410, body: { message: "This payment link has expired. Please contact the tearoom for a new one." } });
    const { unmount } = renderApp(<PaymentLink token={TOKEN} />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/^This payment link has expired\. Please contact us for a new one/);
    unmount();
    vi.unstubAllGlobals();
    serve({ status: 404, body: { message: "not valid" } });
    renderApp(<PaymentLink token={TOKEN} />);
    expect((await screen.findByRole("alert")).textContent).toMatch(/^This payment link is not valid\./);
  });
});
