import { fireEvent, screen, waitFor } from "@testing-library/react";
import type { ManagedBooking } from "@tearoom/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { mockApi, renderApp, SITE, siteAndSlots } from "../../test/render";
import { ManageBooking } from "./ManageBooking";

afterEach(() => vi.unstubAllGlobals());

const TOKEN = "a".repeat(43);
const booking: ManagedBooking = {
  reference: "TR-ABC234",
  type: "table",
  status: "pending",
  arrival: null,
  name: "Flora Guest",
  date: "2099-06-12",
  time: "12:00",
  guests: 2,
  teaType: null,
  diningPreference: "lunch",
  hamperType: null,
  gardenSpotId: null,
  gardenSpotName: null,
  includeWine: false,
  paidPence: null,
  refundedPence: 0,
  voucher: null,
  canCancel: true,
  canChange: true,
  cutoffAt: "2099-06-10T11:00:00.000Z",
  phone: "01234 567890",
};

describe("the manage page (R37)", () => {
  it("shows the booking and its cut-off, saves a change and withdraws a request", async () => {
    let current = booking;
    const fetch = mockApi((url, init) => {
      if (url.pathname === `/api/manage/${TOKEN}` && init?.method === "PATCH") {
        current = { ...current, ...(JSON.parse(String(init.body)) as Partial<ManagedBooking>) };
        return { body: current };
      }
      if (url.pathname === `/api/manage/${TOKEN}/cancel`) {
        current = { ...current, status: "cancelled", canCancel: false, canChange: false, cutoffAt: null };
        return { body: { status: "cancelled", refundedPence: 0 } };
      }
      if (url.pathname === `/api/manage/${TOKEN}`) return { body: current };
      return siteAndSlots(url, init);
    });
    renderApp(<ManageBooking token={TOKEN} />);
    expect(await screen.findByText("TR-ABC234")).toBeTruthy();
    expect(screen.getByText("Request received – we'll confirm it shortly")).toBeTruthy();
    expect(screen.getByText("You can change or cancel online until Wednesday, 10 June 2099 at 12:00 PM.")).toBeTruthy();

    const save = screen.getByRole("button", { name: "Save changes" }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText(/Guests/), { target: { value: "4" } });
    fireEvent.click(save);
    expect(await screen.findByText("Booking changed")).toBeTruthy();
    const patch = fetch.mock.calls.find(([, init]) => init?.method === "PATCH")!;
    expect(JSON.parse(String(patch[1]!.body))).toEqual({ guests: 4 });

    fireEvent.click(screen.getByRole("button", { name: "Withdraw request" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, withdraw it" }));
    expect(await screen.findByText("Request withdrawn")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("Cancelled")).toBeTruthy());
    expect(screen.queryByRole("button", { name: "Save changes" })).toBeNull();
  });

  it("reads again the table's deposit terms while the booking stands, and not once it is cancelled (R47)", async () => {
    const terms = "A deposit of £10.00 per guest is taken when you book and counted towards your bill.";
    const site = { ...SITE, policies: { ...SITE.policies, table: { kind: "deposit" as const, text: terms } } };
    let current = booking;
    mockApi((url, init) => {
      if (url.pathname === "/api/site") return { body: site };
      if (url.pathname === `/api/manage/${TOKEN}/cancel`) {
        current = { ...current, status: "cancelled", canCancel: false, canChange: false, cutoffAt: null };
        return { body: { status: "cancelled", refundedPence: 0 } };
      }
      if (url.pathname === `/api/manage/${TOKEN}`) return { body: current };
      return siteAndSlots(url, init);
    });
    renderApp(<ManageBooking token={TOKEN} />);
    expect(await screen.findByText(terms)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Withdraw request" }));
    fireEvent.click(screen.getByRole("button", { name: "Yes, withdraw it" }));
    await waitFor(() => expect(screen.getByText("Cancelled")).toBeTruthy());
    expect(screen.queryByText(terms)).toBeNull();
  });

  it("a cancelled tea says what went back to the card and to the gift voucher, not what was paid (R51)", async () => {
    const cancelled: ManagedBooking = {
      ...booking,
      type: "afternoonTea",
      teaType: "champagne",
      diningPreference: null,
      status: "cancelled",
      paidPence: 2990,
      refundedPence: 2990,
      voucher: { code: "TEA-ABCD-EFGH", amountPence: 5000, givenBack: true },
      canCancel: false,
      canChange: false,
      cutoffAt: null,
    };
    mockApi((url, init) => (url.pathname === `/api/manage/${TOKEN}` ? { body: cancelled } : siteAndSlots(url, init)));
    const { unmount } = renderApp(<ManageBooking token={TOKEN} />);
    const refunded = await screen.findByTestId("refunded");
    expect([...refunded.children].map((line) => line.textContent)).toEqual(["Refunded £29.90 to your card", "£50.00 back on gift voucher TEA-ABCD-EFGH"]);
    expect(screen.queryByText("Paid")).toBeNull();
    unmount();

    // Still standing, it shows what was paid.
    vi.unstubAllGlobals();
    mockApi((url, init) =>
      url.pathname === `/api/manage/${TOKEN}`
        ? { body: { ...cancelled, status: "confirmed", refundedPence: 0, voucher: { ...cancelled.voucher!, givenBack: false } } }
        : siteAndSlots(url, init),
    );
    renderApp(<ManageBooking token={TOKEN} />);
    expect(await screen.findByText("Paid")).toBeTruthy();
    expect(screen.getByText("£29.90")).toBeTruthy();
    expect(screen.queryByTestId("refunded")).toBeNull();
  });

  it("after the cut-off it gives the phone number; an unknown link says so", async () => {
    mockApi((url, init) =>
      url.pathname === `/api/manage/${TOKEN}` ? { body: { ...booking, status: "confirmed", canCancel: false, canChange: false } } : siteAndSlots(url, init),
    );
    const { unmount } = renderApp(<ManageBooking token={TOKEN} />);
    expect(await screen.findByText("It is too late to change or cancel this booking online. Please call us on 01234 567890.")).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    mockApi((url, init) => (url.pathname.startsWith("/api/manage/") ? { status: 404, body: { message: "This link is not valid." } } : siteAndSlots(url, init)));
    renderApp(<ManageBooking token="nope" />);
    expect((await screen.findByRole("alert")).textContent).toBe(
      "This link is not valid. Please use the link in your most recent e-mail from us, or call us on 01234 567890.",
    );
  });

  it("more guests on a paid tea: the difference is paid by card first, then the booking shows the change", async () => {
    let current: ManagedBooking = { ...booking, type: "afternoonTea", status: "confirmed", teaType: "traditional", diningPreference: null, paidPence: 5990 };
    const fetch = mockApi((url, init) => {
      if (url.pathname === "/api/payments/config") return { body: { provider: "demo" } };
      if (url.pathname === `/api/manage/${TOKEN}` && init?.method === "PATCH")
        return { body: { clientSecret: "pi_demo1_secret_abc", paymentIntentId: "pi_demo1", amountPence: 5990, guests: 4 } };
      if (url.pathname === "/api/payments/demo/confirm") {
        current = { ...current, guests: 4, paidPence: 11980 };
        return { body: { status: "succeeded", paymentIntentId: "pi_demo1", clientSecret: "pi_demo1_secret_abc" } };
      }
      if (url.pathname === `/api/manage/${TOKEN}`) return { body: current };
      return siteAndSlots(url, init);
    });
    renderApp(<ManageBooking token={TOKEN} />);
    await screen.findByText("TR-ABC234");
    fireEvent.change(screen.getByLabelText(/Guests/), { target: { value: "4" } });
    fireEvent.click(screen.getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("4 guests in all: £59.90 more to pay by card. Your booking changes once this is paid.")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Pay for the 2 added guests" })).toBeTruthy();

    fireEvent.change(await screen.findByLabelText("Card number"), { target: { value: "4242 4242 4242 4242" } });
    fireEvent.change(screen.getByLabelText("Expiry date"), { target: { value: "1234" } });
    fireEvent.change(screen.getByLabelText("Security code"), { target: { value: "123" } });
    fireEvent.click(screen.getByRole("button", { name: "Pay £59.90" }));
    expect(await screen.findByText("Booking changed")).toBeTruthy();
    await waitFor(() => expect(screen.getByText("£119.80")).toBeTruthy());
    const confirm = fetch.mock.calls.find(([input]) => String(input).includes("/api/payments/demo/confirm"))!;
    expect(JSON.parse(String(confirm[1]!.body))).toMatchObject({ clientSecret: "pi_demo1_secret_abc" });
    expect(screen.getByRole("button", { name: "Save changes" })).toBeTruthy();
  });

  it("shows the refund of a change before it is saved, from the server's preview (R51)", async () => {
    const paid: ManagedBooking = {
      ...booking,
      type: "afternoonTea",
      status: "confirmed",
      teaType: "traditional",
      diningPreference: null,
      guests: 3,
      paidPence: 8985,
    };
    const fetch = mockApi((url, init) => {
      if (url.pathname === `/api/manage/${TOKEN}/preview`)
        return {
          body: {
            date: paid.date,
            time: paid.time,
            guests: 2,
            cardBackPence: 995,
            voucherBack: { code: "TEA-ABCD-EFGH-JKMN", amountPence: 2000 },
            toPayPence: 0,
            testPayment: false,
          },
        };
      if (url.pathname === `/api/manage/${TOKEN}`) return { body: paid };
      return siteAndSlots(url, init);
    });
    renderApp(<ManageBooking token={TOKEN} />);
    await screen.findByText("TR-ABC234");
    expect(screen.queryByTestId("change-preview")).toBeNull();
    fireEvent.change(screen.getByLabelText(/Guests/), { target: { value: "2" } });
    const preview = await screen.findByTestId("change-preview");
    expect(preview.textContent).toContain("£9.95 goes back to your card (3–5 working days).");
    expect(preview.textContent).toContain("£20.00 goes back on gift voucher TEA-ABCD-EFGH-JKMN.");
    const asked = fetch.mock.calls.find(([input]) => String(input).endsWith("/preview"))!;
    expect(JSON.parse(String(asked[1]!.body))).toEqual({ guests: 2 });
    // Nothing is saved until the guest presses save.
    expect(fetch.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
  });
});
