import { BookingListQuerySchema, VOUCHER_CODE_PATTERN, VoucherListQuerySchema } from "@tearoom/domain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { listBookingsForAdmin } from "../bookings/services/bookings.js";
import { listVouchers } from "../vouchers/services/vouchers.js";
import {
  bookings,
  outbox,
  payments,
  post,
  sendWebhook,
  setCoversPerSlot,
  startHarness,
  teaRequest,
  voucherDetails,
  vouchers,
  type Harness,
} from "./testing/harness.js";

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ stripe: true });
});
afterEach(() => h.close());

async function createTea(over: Parameters<typeof teaRequest>[0] = {}) {
  const res = await post(h, "/api/create-payment-intent", teaRequest(over));
  return { res, body: res.json() as { clientSecret: string; paymentIntentId: string; amountPence: number; holdExpiresAt: string } };
}

describe("Stripe: afternoon tea (R3, R8, R9)", () => {
  it("says Stripe takes payments and gives the publishable key", async () => {
    const res = await h.app.inject({ method: "GET", url: "/api/payments/config" });
    expect(res.json()).toEqual({ provider: "stripe", publishableKey: "pk_test_tearoom" });
  });

  it("creates a PaymentIntent priced from the pricing items and holds the seats", async () => {
    const { res, body } = await createTea({ guests: 2 });
    expect(res.statusCode).toBe(200);
    expect(body.clientSecret).toMatch(/^pi_\w+_secret_/);
    expect(body.amountPence).toBe(5990);
    const intent = h.fake!.intents.get(body.paymentIntentId)!;
    expect(intent).toMatchObject({ amount: 5990, currency: "gbp", metadata: { kind: "afternoon-tea" } });
    const [booking] = await bookings(h);
    expect(booking).toMatchObject({ status: "held", payment_reference: body.paymentIntentId, amount_pence: 5990, guests: 2, tea_type: "traditional" });
    // R9: held for hold_minutes (15 by default).
    expect(new Date(booking!.hold_expires_at!).getTime() - h.ctx.now().getTime()).toBe(15 * 60_000);
    expect(body.holdExpiresAt).toBe(booking!.hold_expires_at);
    // R27: the create call names the hold, so a repeated call cannot make a second intent for it.
    expect(h.fake!.createKeys.at(-1)).toBe(`afternoon-tea-${booking!.reference}`);
  });

  it("releases the hold when Stripe cannot be reached, and says so", async () => {
    await h.fake!.close();
    const { res } = await createTea();
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).not.toBe(500);
    expect(res.json().message).toMatch(/^Payment provider: /);
    expect((await bookings(h)).map((b) => b.status)).toEqual(["cancelled"]);
    expect(await payments(h)).toEqual([]);
  });

  it("refuses a tampered amount with 400 and creates nothing, not even at Stripe", async () => {
    const { res } = await createTea({ guests: 2, amount: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/^amount: .*£59\.90/);
    expect(await bookings(h)).toEqual([]);
    expect(await payments(h)).toEqual([]);
    expect(h.fake!.intents.size).toBe(0);
  });

  it("refuses bad input with a message naming the field", async () => {
    const body = teaRequest();
    const res = await post(h, "/api/create-payment-intent", { ...body, metadata: { ...body.metadata, email: "not-an-email" } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe("metadata.email: Please enter a valid email");
    expect((await post(h, "/api/create-payment-intent", {})).statusCode).toBe(400);
    expect(await bookings(h)).toEqual([]);
  });

  it("refuses a forged webhook signature with 400 and changes nothing", async () => {
    const { body } = await createTea();
    h.fake!.setStatus(body.paymentIntentId, "succeeded");
    const res = await sendWebhook(h, "payment_intent.succeeded", body.paymentIntentId, { secret: "whsec_forged" });
    expect(res.statusCode).toBe(400);
    const unsigned = await h.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json" },
      payload: h.fake!.event("payment_intent.succeeded", h.fake!.intents.get(body.paymentIntentId)!),
    });
    expect(unsigned.statusCode).toBe(400);
    expect((await bookings(h))[0]!.status).toBe("held");
    expect(await outbox(h)).toEqual([]);
  });

  it("confirms the booking once on payment_intent.succeeded, however often and in whatever order the events come", async () => {
    const { body } = await createTea({ guests: 3 });
    const id = body.paymentIntentId;
    // An early "processing" notice: nothing to do yet.
    h.fake!.setStatus(id, "processing");
    expect((await sendWebhook(h, "payment_intent.processing", id)).statusCode).toBe(200);
    expect((await bookings(h))[0]!.status).toBe("held");

    const failedSnapshot = h.fake!.event("payment_intent.payment_failed", { ...h.fake!.intents.get(id)!, status: "requires_payment_method" });
    h.fake!.setStatus(id, "succeeded");
    const first = await sendWebhook(h, "payment_intent.succeeded", id);
    expect(first.statusCode).toBe(200);
    // Stripe retries and duplicates: the same event again, several at once, and a stale failure arriving last.
    await Promise.all([1, 2, 3, 4].map(() => sendWebhook(h, "payment_intent.succeeded", id)));
    expect((await sendWebhook(h, "payment_intent.payment_failed", id, { payload: failedSnapshot })).statusCode).toBe(200);

    const rows = await bookings(h);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "confirmed", payment_reference: id, amount_pence: 8985, hold_expires_at: null });
    const mails = await outbox(h);
    expect(mails.map((m) => m.kind).sort()).toEqual(["afternoon-tea-confirmation", "staff-paid-booking"]);
    const confirmation = mails.find((m) => m.kind === "afternoon-tea-confirmation")!;
    expect(confirmation.to_address).toBe("ada@example.com");
    expect(confirmation.text).toContain(rows[0]!.reference);
    const [ics] = JSON.parse(confirmation.attachments_json) as { filename: string; content: string }[];
    expect(ics!.filename).toBe("afternoon-tea.ics");
    expect(ics!.content).toContain("DTSTART;TZID=Europe/London:20260603T140000");
    expect((await payments(h))[0]).toMatchObject({ status: "succeeded", booking_id: rows[0]!.id });
    // Real money (R22): nothing says test.
    for (const mail of mails) expect(`${mail.subject}\n${mail.text}`).not.toMatch(/test mode/i);
    expect((await listBookingsForAdmin(h.ctx, BookingListQuerySchema.parse({}))).items).toMatchObject([{ paymentReference: id, testPayment: false }]);
  });

  it("more guests from the manage link (R37): a PaymentIntent for the difference; its success makes the change once", async () => {
    const { body } = await createTea({ guests: 2 });
    h.fake!.setStatus(body.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", body.paymentIntentId);
    const confirmation = (await outbox(h)).find((m) => m.kind === "afternoon-tea-confirmation")!;
    const token = /\/booking\/([\w-]{43})/.exec(confirmation.text)![1]!;

    const asked = await h.app.inject({ method: "PATCH", url: `/api/manage/${token}`, payload: { guests: 3 } });
    expect(asked.statusCode).toBe(200);
    const change = asked.json() as { paymentIntentId: string; amountPence: number };
    expect(change.amountPence).toBe(2995);
    expect(h.fake!.intents.get(change.paymentIntentId)).toMatchObject({ amount: 2995, currency: "gbp" });
    expect((await bookings(h))[0]).toMatchObject({ guests: 2, amount_pence: 5990 });

    h.fake!.setStatus(change.paymentIntentId, "succeeded");
    await Promise.all([1, 2, 3].map(() => sendWebhook(h, "payment_intent.succeeded", change.paymentIntentId)));
    expect((await bookings(h))[0]).toMatchObject({ guests: 3, amount_pence: 8985, payment_reference: body.paymentIntentId });
    expect((await outbox(h)).filter((m) => m.kind === "guest-changed")).toHaveLength(1);
    expect((await payments(h)).find((p) => p.id === change.paymentIntentId)).toMatchObject({ kind: "tea-change", status: "succeeded" });
  });

  it("a delayed success after the customer's first decline still confirms exactly one booking", async () => {
    const { body } = await createTea();
    const id = body.paymentIntentId;
    // The card was declined, but the intent is still open (Stripe lets the customer retry): a delayed
    // succeeded event then arrives before the failure notice is processed.
    h.fake!.setStatus(id, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", id);
    const stale = h.fake!.event("payment_intent.payment_failed", {
      ...h.fake!.intents.get(id)!,
      status: "requires_payment_method",
      last_payment_error: { message: "Your card was declined.", code: "card_declined", type: "card_error" },
    });
    await sendWebhook(h, "payment_intent.payment_failed", id, { payload: stale });
    const rows = await bookings(h);
    expect(rows.map((b) => b.status)).toEqual(["confirmed"]);
  });

  it("frees the seats when the payment fails, and cancels the intent so it cannot be paid later", async () => {
    await setCoversPerSlot(h, 4);
    const { body } = await createTea({ guests: 4 });
    expect((await createTea({ guests: 1, name: "Second Payer" })).res.statusCode).toBe(409);
    h.fake!.setStatus(body.paymentIntentId, "requires_payment_method", "Your card was declined.");
    expect((await sendWebhook(h, "payment_intent.payment_failed", body.paymentIntentId)).statusCode).toBe(200);
    expect((await bookings(h))[0]!.status).toBe("cancelled");
    expect(h.fake!.intents.get(body.paymentIntentId)!.status).toBe("canceled");
    expect((await payments(h))[0]).toMatchObject({ status: "failed", failure_message: "Your card was declined." });
    expect((await createTea({ guests: 4, name: "Second Payer" })).res.statusCode).toBe(200);
  });

  it("never gives the last seats to two payers racing for them", async () => {
    await setCoversPerSlot(h, 4);
    // Five different visitors (R23 limits what one connection or address may hold at once, so one
    // visitor's parties could be refused for that, whichever order they arrive in).
    const results = await Promise.all(
      [3, 3, 2, 2, 2].map(async (guests, i) => {
        const payload = teaRequest({ guests, name: `Payer ${i + 1}`, email: `payer${i + 1}@example.com` });
        const res = await h.app.inject({ method: "POST", url: "/api/create-payment-intent", payload, remoteAddress: `192.0.2.${i + 1}` });
        return { res, body: res.json() as { clientSecret?: string; paymentIntentId: string } };
      }),
    );
    const won = results.filter((r) => r.res.statusCode === 200);
    const lost = results.filter((r) => r.res.statusCode === 409);
    expect(won.length + lost.length).toBe(5);
    // 4 seats: either one party of 3 or two parties of 2 get in; everyone else is refused.
    expect(lost.length).toBeGreaterThanOrEqual(3);
    const heldSeats = (await bookings(h)).filter((b) => b.status === "held").reduce((n, b) => n + b.guests, 0);
    expect(heldSeats).toBeLessThanOrEqual(4);
    expect(lost[0]!.res.json().message).toMatch(/fully booked|left/);
    // Refused payers get no client secret, and Stripe is never asked for an intent for them.
    for (const r of lost) expect(r.body.clientSecret).toBeUndefined();
    expect(h.fake!.intents.size).toBe(won.length);
    expect(await payments(h)).toHaveLength(won.length);
    // Both winners paying does not overfill either.
    for (const w of won) {
      h.fake!.setStatus(w.body.paymentIntentId, "succeeded");
      await sendWebhook(h, "payment_intent.succeeded", w.body.paymentIntentId);
    }
    const confirmedSeats = (await bookings(h)).filter((b) => b.status === "confirmed").reduce((n, b) => n + b.guests, 0);
    expect(confirmedSeats).toBeLessThanOrEqual(4);
  });

  it("an expired hold frees its seats; a payment arriving after someone else took them is flagged for refund, not booked", async () => {
    await setCoversPerSlot(h, 4);
    const first = await createTea({ guests: 4, name: "Slow Payer" });
    expect((await createTea({ guests: 2, name: "Quick Payer" })).res.statusCode).toBe(409);

    h.advance(15 * 60_000 + 1000); // the hold lapses
    const second = await createTea({ guests: 2, name: "Quick Payer" });
    expect(second.res.statusCode).toBe(200);
    h.fake!.setStatus(second.body.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", second.body.paymentIntentId);

    // A third visitor fills the rest, then the slow payer's money arrives: no room any more.
    const third = await createTea({ guests: 2, name: "Third Payer" });
    expect(third.res.statusCode).toBe(200);
    h.fake!.setStatus(first.body.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", first.body.paymentIntentId);

    const slow = (await bookings(h)).find((b) => b.name === "Slow Payer")!;
    expect(slow.status).not.toBe("confirmed");
    const slowPayment = (await payments(h)).find((p) => p.id === first.body.paymentIntentId)!;
    expect(slowPayment.status).toBe("needs_attention");
    expect((await outbox(h)).filter((m) => m.kind === "staff-payment-attention")).toHaveLength(1);
  });

  it("a late payment on a lapsed hold is still booked when the seats are free", async () => {
    const { body } = await createTea({ guests: 2 });
    h.advance(20 * 60_000);
    h.fake!.setStatus(body.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", body.paymentIntentId);
    expect((await bookings(h))[0]!.status).toBe("confirmed");
  });

  it("does not fulfil a payment whose amount at Stripe differs from the price asked", async () => {
    const { body } = await createTea({ guests: 2 });
    const intent = h.fake!.intents.get(body.paymentIntentId)!;
    intent.amount = 100;
    h.fake!.setStatus(body.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", body.paymentIntentId);
    expect((await bookings(h))[0]!.status).toBe("held");
    expect((await payments(h))[0]!.status).toBe("needs_attention");
  });

  it("acknowledges events for unknown intents and other objects without doing anything", async () => {
    const payload = JSON.stringify({ id: "evt_x", object: "event", type: "charge.refunded", data: { object: { id: "ch_1", object: "charge" } } });
    const signature = h.signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_test_tearoom" });
    const res = await h.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": signature },
      payload,
    });
    expect(res.statusCode).toBe(200);
  });
});

describe("Stripe: gift vouchers (R8, R10)", () => {
  async function buyVoucher(create: object, details: object) {
    const created = await post(h, "/api/create-payment-intent", create);
    expect(created.statusCode).toBe(200);
    const intent = created.json() as { clientSecret: string; paymentIntentId: string; amountPence: number; unitPence: number | null };
    const attached = await post(h, "/api/payments/voucher-details", { clientSecret: intent.clientSecret, ...details });
    return { intent, attached };
  }

  it("sells a £75 monetary voucher once, with a readable unique code, price text, 12-month expiry and three e-mails", async () => {
    const { intent, attached } = await buyVoucher({ voucherType: "monetary", amount: 50 }, { voucherType: "monetary", amount: 75, ...voucherDetails });
    expect(intent.amountPence).toBe(5000);
    expect(attached.statusCode).toBe(200);
    expect(attached.json()).toEqual({ amountPence: 7500 });
    expect(h.fake!.intents.get(intent.paymentIntentId)!.amount).toBe(7500);

    h.fake!.setStatus(intent.paymentIntentId, "succeeded");
    await Promise.all([1, 2, 3].map(() => sendWebhook(h, "payment_intent.succeeded", intent.paymentIntentId)));
    await sendWebhook(h, "payment_intent.succeeded", intent.paymentIntentId);

    const rows = await vouchers(h);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      voucher_type: "monetary",
      price_text: "£75.00",
      price_pence: 7500,
      people: null,
      recipient_name: "Grace Hopper",
      sender_email: "ada@example.com",
      message: "Happy birthday!",
      is_redeemed: 0,
      remaining: 7500,
      payment_reference: intent.paymentIntentId,
      expiry_date: "2027-06-01",
    });
    // The printable voucher's link (decision 015): a token of its own, in the recipient's e-mail.
    expect(rows[0]!.print_token).toMatch(/^[0-9a-f]{32}$/);
    expect(rows[0]!.voucher_code).toMatch(VOUCHER_CODE_PATTERN);
    const mails = await outbox(h);
    expect(mails.map((m) => `${m.kind} ${m.to_address}`).sort()).toEqual([
      "staff-voucher hello@heritagetearoom.co.uk",
      "voucher-receipt ada@example.com",
      "voucher-recipient grace@example.com",
    ]);
    const toRecipient = mails.find((m) => m.kind === "voucher-recipient")!;
    expect(toRecipient.text).toContain(rows[0]!.voucher_code);
    expect(toRecipient.text).toContain("£75.00");
    expect(toRecipient.text).toContain("1 June 2027");
    expect(toRecipient.text).toContain("Happy birthday!");
    expect(toRecipient.text).toContain(`/voucher/print?token=${rows[0]!.print_token}`);
    for (const mail of mails) expect(`${mail.subject}\n${mail.text}`).not.toMatch(/test mode/i);
    expect((await listVouchers(h.ctx, VoucherListQuerySchema.parse({}))).items).toMatchObject([{ voucherCode: rows[0]!.voucher_code, testPayment: false }]);
  });

  it("prices a per-person voucher from the pricing items and refuses a tampered amount", async () => {
    const tampered = await post(h, "/api/create-payment-intent", { voucherType: "afternoonTea", amount: 1, people: 1 });
    expect(tampered.statusCode).toBe(400);
    expect(h.fake!.intents.size).toBe(0);

    const { intent, attached } = await buyVoucher(
      { voucherType: "afternoonTea", amount: 29.95, people: 1 },
      { voucherType: "afternoonTea", amount: 89.85, people: 3, ...voucherDetails },
    );
    expect(intent.unitPence).toBe(2995);
    expect(attached.json()).toEqual({ amountPence: 8985 });
    const wrong = await post(h, "/api/payments/voucher-details", {
      clientSecret: intent.clientSecret,
      voucherType: "afternoonTea",
      amount: 10,
      people: 3,
      ...voucherDetails,
    });
    expect(wrong.statusCode).toBe(400);

    h.fake!.setStatus(intent.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", intent.paymentIntentId);
    expect(await vouchers(h)).toMatchObject([{ voucher_type: "afternoonTea", people: 3, price_text: "£89.85" }]);
  });

  it("only the holder of the client secret can attach details, and not after payment", async () => {
    const { intent } = await buyVoucher({ voucherType: "monetary", amount: 25 }, { voucherType: "monetary", amount: 25, ...voucherDetails });
    const guess = await post(h, "/api/payments/voucher-details", {
      clientSecret: `${intent.paymentIntentId}_secret_guessed`,
      voucherType: "monetary",
      amount: 25,
      ...voucherDetails,
    });
    expect(guess.statusCode).toBe(404);
    h.fake!.setStatus(intent.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", intent.paymentIntentId);
    const late = await post(h, "/api/payments/voucher-details", { clientSecret: intent.clientSecret, voucherType: "monetary", amount: 100, ...voucherDetails });
    expect(late.statusCode).toBe(409);
    expect((await vouchers(h))[0]!.price_text).toBe("£25.00");
  });

  it("a declined voucher payment creates nothing and stays open for another card", async () => {
    const { intent } = await buyVoucher({ voucherType: "monetary", amount: 50 }, { voucherType: "monetary", amount: 50, ...voucherDetails });
    h.fake!.setStatus(intent.paymentIntentId, "requires_payment_method", "Your card was declined.");
    await sendWebhook(h, "payment_intent.payment_failed", intent.paymentIntentId);
    expect(await vouchers(h)).toEqual([]);
    expect((await payments(h))[0]).toMatchObject({ status: "pending", failure_message: "Your card was declined." });
    h.fake!.setStatus(intent.paymentIntentId, "succeeded");
    await sendWebhook(h, "payment_intent.succeeded", intent.paymentIntentId);
    expect(await vouchers(h)).toHaveLength(1);
  });

  it("reports the server's view to the confirmation page", async () => {
    const { body } = await (async () => {
      const res = await post(h, "/api/create-payment-intent", teaRequest());
      return { body: res.json() as { paymentIntentId: string } };
    })();
    const pending = await h.app.inject({ method: "GET", url: `/api/payments/${body.paymentIntentId}/status` });
    expect(pending.json()).toEqual({ status: "processing", kind: "afternoon-tea", bookingReference: null, voucher: null, booking: null });
    // The webhook is slow: the status check re-reads the intent from Stripe and settles it.
    h.fake!.setStatus(body.paymentIntentId, "succeeded");
    const done = await h.app.inject({ method: "GET", url: `/api/payments/${body.paymentIntentId}/status` });
    const booking = (await bookings(h))[0]!;
    expect(done.json()).toEqual({ status: "succeeded", kind: "afternoon-tea", bookingReference: booking.reference, voucher: null, booking: null });
    expect((await h.app.inject({ method: "GET", url: "/api/payments/pi_unknown/status" })).statusCode).toBe(404);
  });
});
