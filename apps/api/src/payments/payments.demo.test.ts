import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BookingListQuerySchema, VoucherListQuerySchema } from "@tearoom/domain";
import { TEST_PAYMENT_NOTE } from "../mail/messages/payments.js";
import { cancelBooking } from "../bookings/services/booking-lifecycle.js";
import { getBooking } from "../bookings/services/booking-view.js";
import { listBookingsForAdmin } from "../bookings/services/bookings.js";
import { dashboardSummary } from "../site/services/dashboard.js";
import { listVouchers } from "../vouchers/services/vouchers.js";
import {
  bookings,
  outbox,
  payments,
  post,
  setCoversPerSlot,
  startHarness,
  TEA_DATE,
  teaRequest,
  voucherDetails,
  vouchers,
  type Harness,
} from "./testing/harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ stripe: false });
});
afterEach(() => h.close());

const card = (number: string) => ({ number, expiry: "12 / 34", cvc: "123" });
const TEA_RETURN = "/confirmation?type=afternoon-tea";

async function teaIntent(over: Parameters<typeof teaRequest>[0] = {}) {
  const res = await post(h, "/api/create-payment-intent", teaRequest(over));
  expect(res.statusCode).toBe(200);
  return res.json() as { clientSecret: string; paymentIntentId: string };
}

describe("demo provider (R7)", () => {
  it("is used when no Stripe keys are set", async () => {
    expect((await h.app.inject({ method: "GET", url: "/api/payments/config" })).json()).toEqual({ provider: "demo" });
  });

  it("4242 4242 4242 4242 pays: the hold becomes a confirmed booking with its e-mails", async () => {
    const intent = await teaIntent({ guests: 2, teaType: "champagne" });
    const res = await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: TEA_RETURN });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "succeeded", paymentIntentId: intent.paymentIntentId, clientSecret: intent.clientSecret });
    expect(await bookings(h)).toMatchObject([{ status: "confirmed", amount_pence: 7990, payment_reference: intent.paymentIntentId, tea_type: "champagne" }]);
    expect((await outbox(h)).map((m) => m.kind).sort()).toEqual(["afternoon-tea-confirmation", "staff-paid-booking"]);

    // Confirming again (a double click) changes nothing.
    const again = await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: TEA_RETURN });
    expect(again.statusCode).toBe(200);
    expect(await bookings(h)).toHaveLength(1);
    expect(await outbox(h)).toHaveLength(2);
  });

  it("4000 0000 0000 0002 is declined with the provider's message and frees the seats", async () => {
    await setCoversPerSlot(h, 2);
    const intent = await teaIntent({ guests: 2 });
    const res = await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4000 0000 0000 0002"), returnUrl: TEA_RETURN });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ message: "Your card was declined." });
    expect((await bookings(h)).map((b) => b.status)).toEqual(["cancelled"]);
    expect(await outbox(h)).toEqual([]);
    // The seats are free again for the next attempt.
    await teaIntent({ guests: 2 });
  });

  it("an incomplete or non-test card is refused with a readable message", async () => {
    const intent = await teaIntent();
    const incomplete = await post(h, "/api/payments/demo/confirm", {
      clientSecret: intent.clientSecret,
      card: { number: "4242", expiry: "12/34", cvc: "123" },
      returnUrl: TEA_RETURN,
    });
    expect(incomplete.statusCode).toBe(402);
    expect(incomplete.json().message).toBe("Your card number is incomplete.");
    const real = await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("5555 5555 5555 4444"), returnUrl: TEA_RETURN });
    expect(real.json().message).toMatch(/test mode/);
    const badReturn = await post(h, "/api/payments/demo/confirm", {
      clientSecret: intent.clientSecret,
      card: card("4242 4242 4242 4242"),
      returnUrl: "https://evil.example/confirmation",
    });
    expect(badReturn.statusCode).toBe(400);
    const unknown = await post(h, "/api/payments/demo/confirm", {
      clientSecret: "pi_demo_nope_secret_nope",
      card: card("4242 4242 4242 4242"),
      returnUrl: TEA_RETURN,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("4000 0027 6000 3184 goes through our authentication page and back to the return URL", async () => {
    const intent = await teaIntent();
    const res = await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4000 0027 6000 3184"), returnUrl: TEA_RETURN });
    expect(res.statusCode).toBe(200);
    const answer = res.json() as { status: string; redirectUrl: string };
    expect(answer.status).toBe("requires_action");
    expect((await bookings(h))[0]!.status).toBe("held");

    const page = await h.app.inject({ method: "GET", url: answer.redirectUrl });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("test mode – no real charge");
    expect(page.body).toContain("£59.90");
    expect(page.body).toContain("Complete authentication");

    const done = await post(h, "/api/payments/demo/authenticate", {
      payment_intent: intent.paymentIntentId,
      client_secret: intent.clientSecret,
      approve: true,
    });
    expect(done.statusCode).toBe(200);
    const back = new URL(done.json().returnUrl as string, "http://x");
    expect(back.pathname).toBe("/confirmation");
    expect(back.searchParams.get("type")).toBe("afternoon-tea");
    expect(back.searchParams.get("payment_intent")).toBe(intent.paymentIntentId);
    expect(back.searchParams.get("redirect_status")).toBe("succeeded");
    expect((await bookings(h))[0]!.status).toBe("confirmed");
  });

  it("failing the authentication returns with redirect_status=failed and frees the seats", async () => {
    const intent = await teaIntent();
    await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4000002760003184"), returnUrl: TEA_RETURN });
    const done = await post(h, "/api/payments/demo/authenticate", {
      payment_intent: intent.paymentIntentId,
      client_secret: intent.clientSecret,
      approve: false,
    });
    expect(new URL(done.json().returnUrl as string, "http://x").searchParams.get("redirect_status")).toBe("failed");
    expect((await bookings(h))[0]!.status).toBe("cancelled");
    const wrongSecret = await post(h, "/api/payments/demo/authenticate", {
      payment_intent: intent.paymentIntentId,
      client_secret: "pi_demo_x_secret_wrong",
      approve: true,
    });
    expect(wrongSecret.statusCode).toBe(404);
  });

  it("sells a per-person voucher: details first, then the card; a decline creates nothing", async () => {
    const created = await post(h, "/api/create-payment-intent", { voucherType: "picnicHamper", people: 1 });
    expect(created.statusCode).toBe(200);
    const intent = created.json() as { clientSecret: string; paymentIntentId: string; amountPence: number; unitPence: number };
    expect(intent).toMatchObject({ amountPence: 3495, unitPence: 3495 });

    const early = await post(h, "/api/payments/demo/confirm", {
      clientSecret: intent.clientSecret,
      card: card("4242424242424242"),
      returnUrl: "/confirmation",
    });
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toMatch(/voucher details/);

    const attached = await post(h, "/api/payments/voucher-details", {
      clientSecret: intent.clientSecret,
      voucherType: "picnicHamper",
      amount: 69.9,
      people: 2,
      ...voucherDetails,
    });
    expect(attached.json()).toEqual({ amountPence: 6990 });

    const declined = await post(h, "/api/payments/demo/confirm", {
      clientSecret: intent.clientSecret,
      card: card("4000 0000 0000 0002"),
      returnUrl: "/confirmation",
    });
    expect(declined.statusCode).toBe(402);
    expect(await vouchers(h)).toEqual([]);

    const paid = await post(h, "/api/payments/demo/confirm", {
      clientSecret: intent.clientSecret,
      card: card("4242 4242 4242 4242"),
      returnUrl: "/confirmation",
    });
    expect(paid.statusCode).toBe(200);
    expect(await vouchers(h)).toMatchObject([{ voucher_type: "picnicHamper", people: 2, price_text: "£69.90", recipient_email: "grace@example.com" }]);
    expect((await outbox(h)).map((m) => m.kind).sort()).toEqual(["staff-voucher", "voucher-receipt", "voucher-recipient"]);
    expect((await payments(h))[0]!.status).toBe("succeeded");
  });

  it("shows a paid voucher's code and recipient on the status call only to the holder of the client secret", async () => {
    const intent = (await post(h, "/api/create-payment-intent", { voucherType: "monetary", amount: 50 })).json() as {
      clientSecret: string;
      paymentIntentId: string;
    };
    const status = (secret?: string) =>
      h.app.inject({
        method: "GET",
        url: `/api/payments/${intent.paymentIntentId}/status${secret === undefined ? "" : `?client_secret=${encodeURIComponent(secret)}`}`,
      });

    // Before paying: processing, nothing to show.
    expect((await status(intent.clientSecret)).json()).toEqual({ status: "processing", kind: "voucher", bookingReference: null, voucher: null, booking: null });

    await post(h, "/api/payments/voucher-details", { clientSecret: intent.clientSecret, voucherType: "monetary", amount: 50, ...voucherDetails });
    await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: "/confirmation" });
    const [row] = await vouchers(h);

    const answer = (await status(intent.clientSecret)).json();
    expect(answer).toEqual({
      status: "succeeded",
      kind: "voucher",
      bookingReference: null,
      voucher: {
        code: row!.voucher_code,
        voucherType: "monetary",
        price: "£50.00",
        people: null,
        recipientName: voucherDetails.recipientName,
        recipientEmail: voucherDetails.recipientEmail,
        expiryDate: row!.expiry_date,
      },
      booking: null,
    });
    // R27: no internal id, and nothing of the buyer's own beyond what the page needs.
    expect(JSON.stringify(answer)).not.toMatch(/"id"|senderEmail|message/);

    // The payment's id alone, or with someone else's secret, shows the status and nothing more.
    expect((await status()).json()).toEqual({ status: "succeeded", kind: "voucher", bookingReference: null, voucher: null, booking: null });
    expect((await status(`${intent.paymentIntentId}_secret_wrongwrongwrong`)).json().voucher).toBeNull();
    expect((await status("short")).json().voucher).toBeNull();
  });

  // R22: a test card paid, so staff and every e-mail say so plainly.
  it("marks a tea paid with a test card as test for staff and in its e-mails", async () => {
    const intent = await teaIntent({ guests: 2 });
    await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: TEA_RETURN });
    const [listed] = (await listBookingsForAdmin(h.ctx, BookingListQuerySchema.parse({}))).items;
    expect(listed).toMatchObject({ status: "confirmed", paymentReference: intent.paymentIntentId, testPayment: true });
    expect(await getBooking(h.ctx, listed!.id)).toMatchObject({ testPayment: true });
    expect((await dashboardSummary(h.ctx)).previews.reservations).toMatchObject([{ testPayment: true }]);
    // Cancelled quietly: the e-mails checked below are the payment's own.
    expect(await cancelBooking(h.ctx, listed!.id, { notifyGuest: false })).toMatchObject({ status: "cancelled", testPayment: true });

    const mails = await outbox(h);
    expect(mails).toHaveLength(2);
    for (const mail of mails) {
      expect(mail.subject).toMatch(/^\[Test mode\] /);
      expect(mail.text).toContain(TEST_PAYMENT_NOTE);
      expect(mail.html).toContain("Test mode – no real charge was made.");
      expect(mail.text).toContain("£59.90 (test mode – not charged)");
    }

    // A booking without a payment is not a test.
    const request = await post(h, "/api/bookings", {
      type: "table",
      date: "2026-06-03",
      time: "12:00",
      guests: 2,
      diningPreference: "lunch",
      name: "Ann",
      email: "ann@example.com",
      phone: "01234 567890",
    });
    expect(request.statusCode).toBe(201);
    expect(
      (await listBookingsForAdmin(h.ctx, BookingListQuerySchema.parse({ includeCancelled: true }))).items.find((b) => b.reference === request.json().reference),
    ).toMatchObject({
      testPayment: false,
    });
  });

  it("marks a voucher paid with a test card as test for staff and in its three e-mails", async () => {
    const created = (await post(h, "/api/create-payment-intent", { voucherType: "monetary", amount: 100 })).json() as { clientSecret: string };
    await post(h, "/api/payments/voucher-details", { clientSecret: created.clientSecret, voucherType: "monetary", amount: 100, ...voucherDetails });
    const paid = await post(h, "/api/payments/demo/confirm", {
      clientSecret: created.clientSecret,
      card: card("4242 4242 4242 4242"),
      returnUrl: "/confirmation",
    });
    expect(paid.statusCode).toBe(200);
    expect((await listVouchers(h.ctx, VoucherListQuerySchema.parse({}))).items).toMatchObject([{ price: "£100.00", testPayment: true }]);
    expect((await listVouchers(h.ctx, VoucherListQuerySchema.parse({ type: "monetary" }))).items).toMatchObject([{ testPayment: true }]);
    const mails = await outbox(h);
    expect(mails.map((m) => m.kind).sort()).toEqual(["staff-voucher", "voucher-receipt", "voucher-recipient"]);
    for (const mail of mails) {
      expect(mail.subject, mail.kind).toMatch(/^\[Test mode\] /);
      expect(mail.text, mail.kind).toContain(TEST_PAYMENT_NOTE);
    }
    expect(mails.find((m) => m.kind === "voucher-receipt")!.text).toContain("£100.00 (test mode – not charged)");
  });

  it("validates voucher requests with messages naming the field", async () => {
    const bad = await post(h, "/api/create-payment-intent", { voucherType: "monetary", amount: 30 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/£25, £50, £75, £100/);
    const type = await post(h, "/api/create-payment-intent", { voucherType: "spa" });
    expect(type.json().message).toMatch(/^voucherType:/);
    const created = (await post(h, "/api/create-payment-intent", { voucherType: "monetary", amount: 50 })).json() as { clientSecret: string };
    const missing = await post(h, "/api/payments/voucher-details", {
      clientSecret: created.clientSecret,
      voucherType: "monetary",
      amount: 50,
      ...voucherDetails,
      recipientEmail: "nope",
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("recipientEmail: Please enter the recipient's email");
    expect(await vouchers(h)).toEqual([]);
  });

  it("the hold sweeper cancels lapsed, unpaid intents", async () => {
    const intent = await teaIntent();
    h.advance(16 * 60_000);
    const { settleLapsedHolds } = await import("./services/payments.js");
    expect(await settleLapsedHolds(h.ctx)).toBe(1);
    expect((await bookings(h))[0]!.status).toBe("cancelled");
    expect((await payments(h))[0]).toMatchObject({ status: "failed" });
    const late = await post(h, "/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card: card("4242 4242 4242 4242"), returnUrl: TEA_RETURN });
    expect(late.statusCode).toBe(402);
    expect(await settleLapsedHolds(h.ctx)).toBe(0);
  });
});

describe("the afternoon-tea date as the spec's client sends it (spec section 3, R12)", () => {
  const withDate = (date: string) => {
    const request = teaRequest();
    return { ...request, metadata: { ...request.metadata, date } };
  };

  it("holds seats on the London day a toISOString() date means, as it does for yyyy-MM-dd", async () => {
    // TEA_DATE is in summer time: a London browser's midnight of that day is 23:00 UTC the day before.
    const iso = await post(h, "/api/create-payment-intent", withDate("2026-06-02T23:00:00.000Z"));
    expect(iso.statusCode).toBe(200);
    const plain = await post(h, "/api/create-payment-intent", withDate(TEA_DATE));
    expect(plain.statusCode).toBe(200);
    expect((await bookings(h)).map((b) => b.date)).toEqual([TEA_DATE, TEA_DATE]);
  });

  it("still answers 400 to an instant without a zone or a day that does not exist", async () => {
    for (const date of ["2026-06-03T00:00:00", "2026-06-31T00:00:00.000Z"]) {
      const res = await post(h, "/api/create-payment-intent", withDate(date));
      expect(res.statusCode, date).toBe(400);
      expect(res.json().message).toMatch(/date/i);
    }
    expect(await bookings(h)).toEqual([]);
  });
});
