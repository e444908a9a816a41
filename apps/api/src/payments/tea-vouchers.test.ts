import { DEMO_STAFF, HAMPER_VOUCHER_MESSAGE, refundedLines, UNKNOWN_VOUCHER_MESSAGE, type Booking } from "@tearoom/domain";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { bookings, outbox, payments, post, startHarness, TEA_DATE, teaRequest, type Harness } from "./testing/harness.js";

/** R36: paying for afternoon tea with a gift voucher (demo provider; the clock starts 2026-06-01). */

let h: Harness;
beforeEach(async () => {
  h = await startHarness({ stripe: false });
});
afterEach(() => h.close());

const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const RETURN = "/confirmation?type=afternoon-tea";

let n = 0;
/** A voucher as fulfilment stores it: what is left is its face value. */
function voucher(v: { type?: "monetary" | "afternoonTea" | "picnicHamper"; pricePence?: number; people?: number; expiry?: string } = {}): string {
  const i = ++n;
  const code = `TEA-${"ABCDEFGHJKMN"[i % 12]}${"PQRSTUVWXYZ2"[Math.floor(i / 12) % 12]}CD-EFGH-JKMN`;
  const type = v.type ?? "monetary";
  const pricePence = v.pricePence ?? 5000;
  const people = type === "monetary" ? null : (v.people ?? 2);
  h.ctx.sqlite
    .prepare(
      `INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date, remaining, print_token)
       VALUES (?, ?, ?, ?, ?, 'Grace Hopper', 'grace@example.com', 'Ada Lovelace', 'ada@example.com', '', 0, NULL, '2026-01-01T10:00:00.000Z', ?, ?, ?)`,
    )
    .run(
      type,
      code,
      `£${(pricePence / 100).toFixed(2)}`,
      pricePence,
      people,
      v.expiry ?? "2027-01-01",
      type === "monetary" ? pricePence : people,
      `${String(i).padStart(2, "0")}${"b".repeat(30)}`,
    );
  return code;
}

type Answer = {
  clientSecret: string | null;
  paymentIntentId: string | null;
  amountPence: number;
  voucherAppliedPence: number;
  bookingReference: string | null;
};
const withCode = (code: string, over: Parameters<typeof teaRequest>[0] = {}) => {
  const body = teaRequest(over);
  return { ...body, metadata: { ...body.metadata, voucherCode: code } };
};
const pay = (code: string, over: Parameters<typeof teaRequest>[0] = {}) => post(h, "/api/create-payment-intent", withCode(code, over));
const balance = async (code: string) => (await h.app.inject({ method: "GET", url: `/api/voucher-balance?code=${code}` })).json();
const ledger = () => h.ctx.db.selectFrom("voucher_ledger").selectAll().orderBy("id").execute();
const payByCard = (clientSecret: string) => post(h, "/api/payments/demo/confirm", { clientSecret, card, returnUrl: RETURN });

async function signIn(): Promise<string> {
  const res = await post(h, "/api/admin/login", DEMO_STAFF);
  return String(res.headers["set-cookie"]).split(";")[0]!;
}

describe("nothing left to pay (R36)", () => {
  it("a £75 voucher pays a £59.90 tea: no card, confirmed at once with its e-mail and manage link, £15.10 left", async () => {
    const code = voucher({ pricePence: 7500 });
    const res = await pay(code.toLowerCase());
    expect(res.statusCode).toBe(200);
    const answer = res.json() as Answer;
    expect(answer).toMatchObject({ clientSecret: null, paymentIntentId: null, amountPence: 0, voucherAppliedPence: 5990 });
    expect(answer.bookingReference).toMatch(/^TR-/);
    expect(await bookings(h)).toMatchObject([{ reference: answer.bookingReference, status: "confirmed", hold_expires_at: null, payment_reference: null }]);
    expect(await payments(h)).toEqual([]);
    expect(await ledger()).toMatchObject([
      { kind: "redemption", amount_pence: 5990, actor: "online", booking_reference: answer.bookingReference, expires_at: null },
    ]);
    expect(await balance(code)).toMatchObject({ balancePence: 1510, status: "active" });

    const mails = await outbox(h);
    // R50: the voucher's holder (its recipient) hears what is left.
    expect(mails.map((m) => m.kind).sort()).toEqual(["afternoon-tea-confirmation", "staff-paid-booking", "voucher-balance"]);
    expect(mails.find((m) => m.kind === "voucher-balance")).toMatchObject({ to: "grace@example.com", subject: "Your gift voucher: £15.10 left" });
    const guest = mails.find((m) => m.kind === "afternoon-tea-confirmation")!;
    expect(guest.text).toContain("Your gift voucher has paid for it and your table is confirmed.");
    expect(guest.text).toContain("£59.90 (voucher ending JKMN)");
    expect(guest.text).toMatch(/\/booking\/[\w-]{20,}/);
    expect(guest.text).not.toContain("Payment reference");
  });

  it("an afternoon-tea voucher for 2 pays traditional tea for 2", async () => {
    const code = voucher({ type: "afternoonTea", pricePence: 5990, people: 2 });
    expect((await pay(code)).json()).toMatchObject({ clientSecret: null, amountPence: 0, voucherAppliedPence: 5990 });
    expect(await balance(code)).toMatchObject({ peopleRemaining: 0, status: "redeemed" });
  });
});

describe("part by voucher, the rest by card (R36)", () => {
  it("a £50 voucher on a £59.90 tea: £9.90 by card; reserved while paying, redeemed when paid", async () => {
    const code = voucher({ pricePence: 5000 });
    const answer = (await pay(code)).json() as Answer;
    expect(answer).toMatchObject({ amountPence: 990, voucherAppliedPence: 5000, bookingReference: null });
    expect(answer.clientSecret).toBeTruthy();
    expect(await payments(h)).toMatchObject([{ amount_pence: 990, status: "pending" }]);
    expect(await ledger()).toMatchObject([{ kind: "reservation", amount_pence: 5000 }]);
    // Reserved is not yet spent: the balance check still reads £50, but nobody else can spend it.
    expect(await balance(code)).toMatchObject({ balancePence: 5000 });
    expect((await pay(code, { time: "15:00" })).statusCode).toBe(409);

    expect((await payByCard(answer.clientSecret!)).json()).toMatchObject({ status: "succeeded" });
    expect(await ledger()).toMatchObject([{ kind: "redemption", amount_pence: 5000, expires_at: null }]);
    expect(await balance(code)).toMatchObject({ balancePence: 0, status: "redeemed" });
    const guest = (await outbox(h)).find((m) => m.kind === "afternoon-tea-confirmation")!;
    expect(guest.text).toContain("£50.00 (voucher ending JKMN)");
    expect(guest.text).toContain("Paid by card");
  });

  it("an afternoon-tea voucher for 2 on champagne tea for 2: the card pays the £20.00 upgrade", async () => {
    const code = voucher({ type: "afternoonTea", pricePence: 5990, people: 2 });
    expect((await pay(code, { teaType: "champagne" })).json()).toMatchObject({ amountPence: 2000, voucherAppliedPence: 5990 });
    expect(await ledger()).toMatchObject([{ kind: "reservation", people: 2, amount_pence: null }]);
  });

  it("two payments racing with one £50 voucher for two £59.90 teas never use more than £50", async () => {
    const code = voucher({ pricePence: 5000 });
    const answers = await Promise.all([pay(code, { email: "one@example.com" }), pay(code, { email: "two@example.com", time: "15:00" })]);
    const ok = answers.filter((r) => r.statusCode === 200).map((r) => r.json() as Answer);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    for (const a of ok) if (a.clientSecret) await payByCard(a.clientSecret);
    const used = (await ledger()).filter((e) => e.kind === "redemption").reduce((sum, e) => sum + (e.amount_pence ?? 0), 0);
    expect(used).toBe(5000);
    expect(await balance(code)).toMatchObject({ balancePence: 0 });
    // The refused one held nothing.
    expect(await bookings(h)).toHaveLength(1);
  });

  it("a lapsed hold gives the voucher part back: the next tea can use it", async () => {
    const code = voucher({ pricePence: 5000 });
    const first = (await pay(code)).json() as Answer;
    expect(first.voucherAppliedPence).toBe(5000);
    h.advance(16 * 60_000);
    const second = await pay(code, { email: "two@example.com", time: "15:00" });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ voucherAppliedPence: 5000, amountPence: 990 });
    // Paid late all the same (the card did not know of the hold): the voucher is not spent twice;
    // the payment goes to staff to refund and the first booking is not confirmed.
    await payByCard(first.clientSecret!);
    expect((await payments(h)).find((p) => p.id === first.paymentIntentId)).toMatchObject({ status: "needs_attention" });
    expect((await bookings(h)).map((b) => b.status)).toEqual(["cancelled", "held"]);
    expect(await ledger()).toMatchObject([{ kind: "reservation" }, { kind: "reservation" }]);
  });

  it("a declined card frees the voucher part at once", async () => {
    const code = voucher({ pricePence: 5000 });
    const first = (await pay(code)).json() as Answer;
    await post(h, "/api/payments/demo/confirm", { clientSecret: first.clientSecret, card: { ...card, number: "4000 0000 0000 0002" }, returnUrl: RETURN });
    expect((await pay(code, { time: "15:00" })).json()).toMatchObject({ voucherAppliedPence: 5000 });
  });
});

describe("codes that cannot pay: a plain message and nothing held (R36)", () => {
  it.each([
    ["an unknown code", () => "TEA-ZZZZ-ZZZZ-ZZZZ", 400, `voucherCode: ${UNKNOWN_VOUCHER_MESSAGE}`],
    ["a picnic hamper voucher", () => voucher({ type: "picnicHamper" }), 400, `voucherCode: ${HAMPER_VOUCHER_MESSAGE}`],
    [
      "an expired voucher",
      () => voucher({ expiry: "2026-05-31" }),
      409,
      "This voucher expired on Sunday, 31 May 2026, so it cannot be used online. Please call us.",
    ],
    [
      "a used-up voucher",
      () => voucher({ type: "afternoonTea", people: 0 }),
      409,
      "This voucher has nothing left to spend (or is being used for another booking right now).",
    ],
    ["a malformed code", () => "hello", 400, "metadata.voucherCode: Please enter the code as it appears on the voucher, like TEA-ABCD-EFGH-JKMN"],
  ])("%s", async (_name, make, status, message) => {
    const res = await pay(make());
    expect(res.statusCode).toBe(status);
    expect(res.json().message).toBe(message);
    expect(await bookings(h)).toEqual([]);
    expect(await payments(h)).toEqual([]);
    expect(await ledger()).toEqual([]);
  });

  it("unknown codes count with the balance check's wrong codes: the 11th is refused (429), then every code", async () => {
    for (let i = 0; i < 10; i++) expect((await pay("TEA-ZZZZ-ZZZZ-ZZZZ")).statusCode).toBe(400);
    expect((await pay("TEA-ZZZZ-ZZZZ-ZZZZ")).statusCode).toBe(429);
    expect((await pay(voucher())).statusCode).toBe(429);
    expect((await h.app.inject({ method: "GET", url: "/api/voucher-balance?code=TEA-ZZZZ-ZZZZ-ZZZZ" })).statusCode).toBe(429);
    // A booking without a code is not this limit's business.
    expect((await post(h, "/api/create-payment-intent", teaRequest())).statusCode).toBe(200);
  });
});

describe("the voucher part goes back (R36)", () => {
  it("staff cancel a tea paid by voucher alone: the voucher gets its £59.90 back, once", async () => {
    const code = voucher({ pricePence: 7500 });
    const { bookingReference } = (await pay(code)).json() as Answer;
    const id = (await bookings(h)).find((b) => b.reference === bookingReference)!.id;
    const cookie = await signIn();
    for (let i = 0; i < 2; i++) {
      const res = await h.app.inject({ method: "DELETE", url: `/api/bookings/${id}?notifyGuest=false`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
    }
    expect(await balance(code)).toMatchObject({ balancePence: 7500 });
    expect((await ledger()).map((e) => [e.kind, e.amount_pence, e.actor])).toEqual([
      ["redemption", 5990, "online"],
      ["restore", 5990, "admin"],
    ]);
  });

  it("closing the day with its bookings cancelled gives the voucher part back too (R32, R36)", async () => {
    const code = voucher({ pricePence: 7500 });
    expect((await pay(code)).statusCode).toBe(200);
    const cookie = await signIn();
    const closed = await h.app.inject({
      method: "POST",
      url: "/api/closures",
      headers: { cookie },
      payload: { date: TEA_DATE, cancelBookings: true, notifyGuests: false },
    });
    expect(closed.statusCode).toBe(201);
    expect(await balance(code)).toMatchObject({ balancePence: 7500 });
    expect((await ledger()).map((e) => e.kind)).toEqual(["redemption", "restore"]);
  });

  it("refunding the whole card part gives the voucher part back; a partial refund does not", async () => {
    const code = voucher({ type: "afternoonTea", people: 2 });
    const answer = (await pay(code, { teaType: "champagne" })).json() as Answer;
    await payByCard(answer.clientSecret!);
    const id = (await bookings(h))[0]!.id;
    const cookie = await signIn();
    const refund = (body: object) => h.app.inject({ method: "POST", url: `/api/bookings/${id}/refunds`, headers: { cookie }, payload: body });
    expect((await refund({ amountPence: 1000, reason: "Goodwill" })).statusCode).toBe(201);
    expect(await balance(code)).toMatchObject({ peopleRemaining: 0 });
    expect((await refund({ reason: "Cancelled" })).statusCode).toBe(201);
    expect(await balance(code)).toMatchObject({ peopleRemaining: 2, status: "active" });
  });
});

describe("the guest changes a tea paid by voucher from the manage link (R36, R37)", () => {
  const manageToken = async () => /\/booking\/([\w-]{43})/.exec((await outbox(h)).find((m) => m.kind === "afternoon-tea-confirmation")!.text)![1]!;
  const change = (token: string, guests: number) => h.app.inject({ method: "PATCH", url: `/api/manage/${token}`, payload: { guests } });

  it("a £50 voucher and £9.90 by card for two: one guest fewer refunds the card and gives the voucher the rest", async () => {
    const code = voucher({ pricePence: 5000 });
    await payByCard(((await pay(code)).json() as Answer).clientSecret!);
    expect(await balance(code)).toMatchObject({ balancePence: 0 });
    const token = await manageToken();
    expect((await change(token, 1)).statusCode).toBe(200);
    expect(await balance(code)).toMatchObject({ balancePence: 2005, status: "active" });
    const cookie = await signIn();
    const [row] = (await h.app.inject({ method: "GET", url: "/api/bookings", headers: { cookie } })).json() as { guests: number; payment: unknown }[];
    expect(row).toMatchObject({ guests: 1, payment: { paidPence: 990, refundedPence: 990, status: "refunded" } });
    expect((await ledger()).at(-1)).toMatchObject({ kind: "restore", amount_pence: 2005, actor: "guest (manage link)" });
  });

  it("a tea for two paid by an afternoon-tea voucher: one fewer gives a person back; one more is paid for by card", async () => {
    const code = voucher({ type: "afternoonTea", people: 2 });
    const answer = (await pay(code)).json() as Answer;
    expect(answer.clientSecret).toBeNull();
    const token = await manageToken();
    expect((await change(token, 1)).statusCode).toBe(200);
    expect(await balance(code)).toMatchObject({ peopleRemaining: 1 });
    const more = await change(token, 2);
    expect(more.statusCode).toBe(200);
    expect(more.json()).toMatchObject({ amountPence: 2995, guests: 2 });
    expect((await bookings(h))[0]).toMatchObject({ guests: 1 });
  });
});

describe("a cancelled tea paid partly by voucher shows what went back (R51)", () => {
  const manageToken = async () => /\/booking\/([\w-]{43})/.exec((await outbox(h)).find((m) => m.kind === "afternoon-tea-confirmation")!.text)![1]!;

  it("the guest cancels champagne tea for two, £50 by voucher and £29.90 by card: the manage page and the staff list say where each part went", async () => {
    const code = voucher({ pricePence: 5000 });
    await payByCard(((await pay(code, { teaType: "champagne" })).json() as Answer).clientSecret!);
    const token = await manageToken();
    const before = (await h.app.inject({ method: "GET", url: `/api/manage/${token}` })).json();
    expect(before).toMatchObject({ status: "confirmed", paidPence: 7990, refundedPence: 0, voucher: { code, amountPence: 5000, givenBack: false } });

    const cancelled = await h.app.inject({ method: "POST", url: `/api/manage/${token}/cancel` });
    expect(cancelled.json()).toEqual({ status: "cancelled", refundedPence: 2990 });
    const view = (await h.app.inject({ method: "GET", url: `/api/manage/${token}` })).json();
    expect(view).toMatchObject({ status: "cancelled", paidPence: 7990, refundedPence: 2990, voucher: { code, amountPence: 5000, givenBack: true } });
    expect(refundedLines(view.refundedPence, view.voucher)).toEqual(["Refunded £29.90 to your card", `£50.00 back on gift voucher ${code}`]);

    const cookie = await signIn();
    const [row] = (await h.app.inject({ method: "GET", url: "/api/bookings?includeCancelled=true", headers: { cookie } })).json() as Booking[];
    expect(row).toMatchObject({
      status: "cancelled",
      payment: { paidPence: 2990, refundedPence: 2990 },
      voucher: { code, amountPence: 5000, givenBack: true },
    });

    // One e-mail to the guest says where each part goes; no separate refund e-mail.
    const toGuest = (await outbox(h)).filter((m) => m.to === "ada@example.com" && m.kind !== "afternoon-tea-confirmation");
    expect(toGuest.map((m) => m.kind)).toEqual(["guest-cancelled"]);
    // The demo provider charged nothing (R22), so the card line says so; a real card's reads "£29.90 goes back to your card (3–5 working days)." (mail/messages/money-back.test.ts).
    expect(toGuest[0]!.text).toContain("£29.90 is refunded in test mode: nothing was charged, so nothing reaches your card.");
    expect(toGuest[0]!.text).toContain(`£50.00 goes back on gift voucher ${code}, now worth £50.00.`);
  });

  it("staff cancel with a refund: one e-mail names the card part and the voucher part; a refund alone keeps its own e-mail", async () => {
    const code = voucher({ pricePence: 5000 });
    await payByCard(((await pay(code, { teaType: "champagne" })).json() as Answer).clientSecret!);
    const id = (await bookings(h))[0]!.id;
    const cookie = await signIn();
    const kinds = async () => (await outbox(h)).filter((m) => m.to === "ada@example.com").map((m) => m.kind);
    // A refund that cancels nothing is told on its own, as before.
    const gesture = await h.app.inject({
      method: "POST",
      url: `/api/bookings/${id}/refunds`,
      headers: { cookie },
      payload: { amountPence: 500, reason: "Cake was late" },
    });
    expect(gesture.statusCode).toBe(201);
    expect(await kinds()).toEqual(["afternoon-tea-confirmation", "refund-guest"]);

    const res = await h.app.inject({ method: "DELETE", url: `/api/bookings/${id}`, headers: { cookie }, payload: { refund: { reason: "Guest unwell" } } });
    expect(res.statusCode).toBe(200);
    expect(await kinds()).toEqual(["afternoon-tea-confirmation", "refund-guest", "booking-cancelled"]);
    const mail = (await outbox(h)).at(-1)!;
    expect(mail.text).toContain("£24.90 is refunded in test mode");
    expect(mail.text).toContain(`£50.00 goes back on gift voucher ${code}, now worth £50.00.`);
  });
});

describe("the balance after staff change the guests of a tea paid partly by voucher (R34, R36)", () => {
  it("counts what the voucher paid as paid", async () => {
    const code = voucher({ pricePence: 5000 });
    await payByCard(((await pay(code)).json() as Answer).clientSecret!); // £50 voucher + £9.90 card for 2
    const id = (await bookings(h))[0]!.id;
    const cookie = await signIn();
    const edit = await h.app.inject({
      method: "PATCH",
      url: `/api/bookings/${id}`,
      headers: { cookie },
      payload: { name: "Ada Lovelace", email: "ada@example.com", phone: "01234 567890", date: "2026-06-03", time: "14:00", guests: 3 },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().booking).toMatchObject({ payment: { paidPence: 990, balancePence: 2995 }, voucher: { code, amountPence: 5000, givenBack: false } });
  });
});

describe("GET /api/voucher-quote (R36)", () => {
  const quote = (q: string) => h.app.inject({ method: "GET", url: `/api/voucher-quote?${q}` });

  it("says what the voucher pays and what is left to pay, holding back live reservations", async () => {
    const code = voucher({ pricePence: 7500 });
    const res = await quote(`code=${code}&teaType=traditional&guests=2`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["cache-control"]).toBe("no-store");
    expect(res.json()).toEqual({
      voucherType: "monetary",
      totalPence: 5990,
      voucherAppliedPence: 5990,
      amountPence: 0,
      coveredGuests: null,
      summary: "Covers £59.90; nothing left to pay (£15.10 stays on the voucher).",
      expiryDate: "2027-01-01",
    });
    await pay(code, { guests: 4 }); // £119.80: the £75 is reserved
    expect((await quote(`code=${code}&teaType=traditional&guests=2`)).statusCode).toBe(409);
  });

  it("answers 404 for an unknown code, 400 for a hamper voucher or bad input, 409 for an expired one", async () => {
    expect((await quote("code=TEA-ZZZZ-ZZZZ-ZZZZ&teaType=traditional&guests=2")).json()).toEqual({ message: UNKNOWN_VOUCHER_MESSAGE });
    expect((await quote(`code=${voucher({ type: "picnicHamper" })}&teaType=traditional&guests=2`)).json()).toEqual({ message: HAMPER_VOUCHER_MESSAGE });
    expect((await quote(`code=${voucher()}&teaType=royal&guests=2`)).statusCode).toBe(400);
    expect((await quote(`code=${voucher({ expiry: "2026-05-01" })}&teaType=traditional&guests=2`)).statusCode).toBe(409);
  });
});
