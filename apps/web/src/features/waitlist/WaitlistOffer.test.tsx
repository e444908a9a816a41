import { fireEvent, screen } from "@testing-library/react";
import type { WaitlistOffer as Offer } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp, siteAndSlots } from "../../test/render";
import { LeaveWaitlist } from "./LeaveWaitlist";
import { timeLeftInWords } from "./time-left";
import { WaitlistOffer } from "./WaitlistOffer";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "c".repeat(43);
const table: Offer = {
  reference: "TR-WAIT23",
  type: "table",
  date: "2099-06-12",
  time: "12:00",
  guests: 2,
  name: "Grace Hopper",
  status: "offered",
  expiresAt: "2099-06-12T09:30:00.000Z",
  amountPence: null,
};

function serve(offer: Offer, claim: { status?: number; body: unknown } = { status: 201, body: { reference: "TR-WAIT23", status: "pending" } }) {
  mockApi((url, init) => {
    if (url.pathname === `/api/waitlist/offers/${TOKEN}`) return { body: offer };
    if (url.pathname === `/api/waitlist/offers/${TOKEN}/claim`) return claim;
    if (url.pathname === `/api/waitlist/leave/${TOKEN}`) return { status: 204, body: null };
    if (url.pathname === "/api/payments/config") return { body: { provider: "demo" } };
    return siteAndSlots(url, init);
  });
}

describe("the waiting-list offer page (R52)", () => {
  it("shows the held seats and makes the table request in one click", async () => {
    serve(table);
    renderApp(<WaitlistOffer token={TOKEN} />);
    expect(await screen.findByText("TR-WAIT23")).toBeTruthy();
    expect(screen.getByText("Friday, 12 June 2099")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Confirm my table" }));
    expect(await screen.findByTestId("waitlist-offer-claimed")).toHaveProperty("textContent", expect.stringContaining("your table request TR-WAIT23 is made"));
  });

  it("says clearly when the offer has lapsed, with nothing to claim", async () => {
    serve({ ...table, status: "lapsed" });
    renderApp(<WaitlistOffer token={TOKEN} />);
    expect((await screen.findByTestId("waitlist-offer-lapsed")).textContent).toMatch(/this offer has lapsed/);
    expect(screen.queryByRole("button", { name: "Confirm my table" })).toBeNull();
  });

  it("offers to pay for a tea", async () => {
    serve({ ...table, type: "afternoonTea", amountPence: 5990 });
    renderApp(<WaitlistOffer token={TOKEN} />);
    expect(await screen.findByRole("button", { name: "Pay and confirm" })).toBeTruthy();
    expect(screen.getByText("£59.90")).toBeTruthy();
  });

  it("the leave page takes the guest off the list", async () => {
    serve(table);
    renderApp(<LeaveWaitlist token={TOKEN} />);
    fireEvent.click(screen.getByRole("button", { name: "Leave the waiting list" }));
    expect((await screen.findByTestId("waitlist-left")).textContent).toMatch(/You have left the waiting list/);
  });

  it("puts the time left in words", () => {
    const at = Date.parse("2099-06-12T09:00:00Z");
    expect(timeLeftInWords("2099-06-12T09:30:00Z", at)).toBe("in 30 minutes");
    expect(timeLeftInWords("2099-06-12T10:01:00Z", at)).toBe("in 1 hour and 1 minute");
    expect(timeLeftInWords("2099-06-12T08:59:00Z", at)).toBeNull();
  });
});
