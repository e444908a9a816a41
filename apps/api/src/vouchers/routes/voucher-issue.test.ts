import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../composition-root.js";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";
import { sendDueVouchers } from "../services/voucher-mail.js";

// R50: vouchers beyond the website. TEST_NOW is Wednesday 2 June 2027, 09:00 in London.
let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000", TRUST_PROXY: "true" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const issue = (json: unknown) => staff("/api/vouchers", { json });
const total = async () => (await (await staff("/api/vouchers/stats")).json()).total as number;
const at = (iso: string) => {
  s.clock.now = new Date(iso);
};
const CODE = /^TEA-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;

describe("staff issue a voucher (POST /api/vouchers)", () => {
  it("needs a session", async () => {
    const res = await s.request("/api/vouchers", { json: { voucherType: "monetary", amountPence: 2500, source: "till-cash" } });
    expect(res.status).toBe(401);
  });

  it("a till voucher with a recipient address: 201 with its code and source, an issue line in its ledger, audited, and e-mailed with a link that fills in the tea form", async () => {
    const res = await issue({
      voucherType: "monetary",
      amountPence: 4000,
      recipientName: "Grace Hopper",
      recipientEmail: "grace.till@example.com",
      source: "till-card",
      note: "Paid on terminal 2",
    });
    expect(res.status).toBe(201);
    const v = await res.json();
    expect(v.voucherCode).toMatch(CODE);
    expect(v).toMatchObject({
      voucherType: "monetary",
      price: "£40.00",
      balancePence: 4000,
      status: "active",
      source: "till-card",
      deliverOn: null,
      recipientName: "Grace Hopper",
    });
    expect(v.expiryDate).toBe("2028-06-02");
    expect(v.deliveredAt).toBe("2027-06-02T08:00:00.000Z");
    expect(v.ledger).toEqual([{ at: "2027-06-02T08:00:00.000Z", actor: "admin", kind: "issue", note: "Sold at the till (card). Paid on terminal 2" }]);

    // It is listed with its source and can be looked up by its code.
    const [listed] = await (await staff(`/api/vouchers?search=${v.voucherCode}`)).json();
    expect(listed).toMatchObject({ voucherCode: v.voucherCode, source: "till-card" });

    const [event] = await (await staff("/api/audit-events?action=voucher.issue")).json();
    expect(event).toMatchObject({ actor: "admin", action: "voucher.issue", subject: `Voucher ${v.voucherCode}`, before: null });
    expect(event.after).toMatchObject({ source: "till-card", price: "£40.00", recipientEmail: "grace.till@example.com" });

    const [mail, ...more] = queuedMails(s, { to: "grace.till@example.com" });
    expect(more).toHaveLength(0);
    expect(mail!.kind).toBe("voucher-recipient");
    expect(mail!.subject).toBe("Your Heritage Tearoom gift voucher");
    expect(mail!.text).toMatch(/^Dear Grace Hopper,\n\nHere is your gift voucher for the Heritage Tearoom\./);
    expect(mail!.text).toContain(`Book afternoon tea with this voucher: http://localhost:3000/afternoon-tea?voucher=${v.voucherCode}#book`);
    expect(mail!.all).not.toContain("contact the tearoom");
    expect(mail!.html).toContain(`href="http://localhost:3000/afternoon-tea?voucher=${v.voucherCode}#book"`);

    // Its printable voucher names the recipient and no buyer, and says it books tea online.
    const print = /\/voucher\/print\?token=[0-9a-f]{32}/.exec(mail!.text)![0];
    const page = await (await s.request(print)).text();
    expect(page).toContain(`<p class="people">For <strong>Grace Hopper</strong></p>`);
    expect(page).toContain("Book afternoon tea with this code on our website");
    expect(page).toContain(v.voucherCode);
  });

  it("a per-person voucher is priced from today's pricing; without an address nobody is e-mailed", async () => {
    const before = queuedMails(s).length;
    const res = await issue({ voucherType: "afternoonTea", people: 2, source: "complimentary", note: "Sorry about the wait" });
    expect(res.status).toBe(201);
    const v = await res.json();
    expect(v).toMatchObject({ price: "£59.90", peopleRemaining: 2, source: "complimentary", recipientEmail: "", deliveredAt: null });
    expect(queuedMails(s)).toHaveLength(before);
    // Nobody to resend it to either: 409, not an e-mail to nowhere.
    const resend = await staff(`/api/vouchers/${v.voucherCode}/resend`, { json: { to: "recipient" } });
    expect(resend.status).toBe(409);
    expect((await resend.json()).message).toBe("This voucher has no recipient e-mail address to send it to.");
  });

  it.each([
    [{ voucherType: "monetary", source: "till-cash" }, "amountPence: amountPence is required for a monetary voucher"],
    [{ voucherType: "monetary", amountPence: 12.5, source: "till-cash" }, "amountPence: amountPence must be a whole number of pence"],
    [{ voucherType: "monetary", amountPence: 50, source: "till-cash" }, "amountPence: amountPence must be at least 100 (£1)"],
    [{ voucherType: "afternoonTea", source: "phone" }, "people: people is required for this voucher"],
    [{ voucherType: "afternoonTea", people: 9, source: "phone" }, "people: people must be at most 6"],
    [{ voucherType: "afternoonTea", people: 2, amountPence: 1000, source: "phone" }, "amountPence: amountPence is only for monetary vouchers"],
    [{ voucherType: "monetary", amountPence: 2500, source: "website" }, "source: source must be till-card, till-cash, phone or complimentary"],
    [{ voucherType: "monetary", amountPence: 2500 }, "source: source must be till-card, till-cash, phone or complimentary"],
    [{ voucherType: "spa", amountPence: 2500, source: "phone" }, "voucherType: voucherType must be afternoonTea, picnicHamper or monetary"],
    [{ voucherType: "monetary", amountPence: 2500, source: "phone", recipientEmail: "nope" }, "recipientEmail: recipientEmail must be an e-mail address"],
    [{ voucherType: "monetary", amountPence: 2500, source: "phone", note: "x".repeat(201) }, "note: note must be at most 200 characters"],
  ])("%j → 400 %s, nothing stored", async (body, message) => {
    const count = await total();
    const mails = queuedMails(s).length;
    const res = await issue(body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await total()).toBe(count);
    expect(queuedMails(s)).toHaveLength(mails);
  });
});

describe("after a redemption the holder hears what is left", () => {
  it("staff redeem part of a till voucher: the recipient gets the balance with the tea link", async () => {
    const v = await (
      await issue({ voucherType: "monetary", amountPence: 5000, recipientName: "Ada", recipientEmail: "ada.balance@example.com", source: "till-cash" })
    ).json();
    const res = await staff(`/api/vouchers/${v.voucherCode}/redemptions`, { json: { amountPence: 1990 } });
    expect(res.status).toBe(201);
    const [mail] = queuedMails(s, { to: "ada.balance@example.com", kind: "voucher-balance" });
    expect(mail!.subject).toBe("Your gift voucher: £30.10 left");
    expect(mail!.text).toContain(`Your gift voucher ${v.voucherCode} has just been used for £19.90.`);
    expect(mail!.text).toContain("£30.10 is left to use, until Friday, 2 June 2028.");
    expect(mail!.text).toContain(`/afternoon-tea?voucher=${v.voucherCode}#book`);

    await staff(`/api/vouchers/${v.voucherCode}/redemptions`, { json: { amountPence: 3010 } });
    const last = queuedMails(s, { to: "ada.balance@example.com", kind: "voucher-balance" }).at(-1)!;
    expect(last.subject).toBe("Your gift voucher has been used up");
    expect(last.text).toContain("Nothing is left on it now.");
    // A refused redemption sends nothing.
    expect((await staff(`/api/vouchers/${v.voucherCode}/redemptions`, { json: { amountPence: 1 } })).status).toBe(409);
    expect(queuedMails(s, { to: "ada.balance@example.com", kind: "voucher-balance" })).toHaveLength(2);
  });

  it("a tea paid online by voucher: the holder gets the balance with the booking reference", async () => {
    const v = await (await issue({ voucherType: "monetary", amountPence: 7500, recipientEmail: "rowan.balance@example.com", source: "phone" })).json();
    const res = await s.request("/api/create-payment-intent", {
      from: newVisitor(),
      json: {
        amount: 59.9,
        metadata: {
          type: "afternoon-tea",
          date: "2027-06-09",
          time: "14:00",
          guests: 2,
          teaType: "traditional",
          name: "Rowan Ashby",
          email: "rowan.guest@example.com",
          phone: "07700 900123",
          dietaryRequirements: "",
          voucherCode: v.voucherCode,
        },
      },
    });
    expect(res.status).toBe(200);
    const answer = await res.json();
    expect(answer).toMatchObject({ amountPence: 0, voucherAppliedPence: 5990 });
    const [mail, ...more] = queuedMails(s, { to: "rowan.balance@example.com", kind: "voucher-balance" });
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe("Your gift voucher: £15.10 left");
    expect(mail!.text).toContain(`used for £59.90 (booking ${answer.bookingReference})`);
  });
});

describe("scheduled delivery and 'send to me to print' at checkout", () => {
  const details = {
    recipientName: "Grace Hopper",
    recipientEmail: "grace.later@example.com",
    senderName: "Ada Lovelace",
    senderEmail: "ada.buyer@example.com",
    message: "",
  };
  async function buy(extra: Record<string, unknown>) {
    const from = newVisitor();
    const intent = await (await s.request("/api/create-payment-intent", { from, json: { voucherType: "monetary", amount: 50 } })).json();
    const attached = await s.request("/api/payments/voucher-details", {
      from,
      json: { clientSecret: intent.clientSecret, voucherType: "monetary", amount: 50, ...details, ...extra },
    });
    return { intent, attached };
  }
  const pay = (clientSecret: string) =>
    s.request("/api/payments/demo/confirm", {
      from: newVisitor(),
      json: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation" },
    });

  it.each([
    [{ deliverOn: "2027-06-01" }, "deliverOn: the delivery date cannot be in the past"],
    [{ deliverOn: "2028-06-03" }, "deliverOn: the delivery date must be no later than Friday, 2 June 2028"],
    [{ deliverOn: "5 June" }, "deliverOn: deliverOn must be a date (yyyy-MM-dd)"],
    [{ sendTo: "neighbour" }, "sendTo: sendTo must be recipient or buyer"],
  ])("%j → 400 %s", async (extra, message) => {
    const { attached } = await buy(extra);
    expect(attached.status).toBe(400);
    expect((await attached.json()).message).toBe(message);
  });

  it("a voucher for Saturday is not sent before 08:00 London that day, then once, even after a restart or with two passes racing", async () => {
    at("2027-06-02T08:00:00Z");
    const { intent, attached } = await buy({ deliverOn: "2027-06-05" });
    expect(attached.status).toBe(200);
    expect((await pay(intent.clientSecret)).status).toBe(200);
    const receipt = queuedMails(s, { to: "ada.buyer@example.com", kind: "voucher-receipt" }).at(-1)!;
    expect(receipt.text).toContain("Your gift voucher will be e-mailed to Grace Hopper at grace.later@example.com on Saturday, 5 June 2027, at 8 am.");
    const sent = () => queuedMails(s, { to: "grace.later@example.com", kind: "voucher-recipient" });
    expect(sent()).toHaveLength(0);
    const [listed] = await (await staff("/api/vouchers?search=grace.later")).json();
    expect(listed).toMatchObject({ source: "website", deliverOn: "2027-06-05", deliveredAt: null });

    at("2027-06-04T12:00:00Z");
    expect(await sendDueVouchers(s.ctx)).toBe(0);
    at("2027-06-05T06:59:00Z"); // 07:59 London
    expect(await sendDueVouchers(s.ctx)).toBe(0);
    expect(sent()).toHaveLength(0);

    at("2027-06-05T07:00:00Z"); // 08:00 London
    const [a, b] = await Promise.all([sendDueVouchers(s.ctx), sendDueVouchers(s.ctx)]);
    expect(a + b).toBe(1);
    const restarted = await createAppContext(s.ctx.env, { now: () => s.clock.now });
    try {
      expect(await sendDueVouchers(restarted)).toBe(0);
    } finally {
      await restarted.close();
    }
    expect(sent()).toHaveLength(1);
    expect(sent()[0]!.text).toContain("Ada Lovelace has sent you a gift voucher");
    at("2027-06-02T08:00:00Z");
    const [after] = await (await staff("/api/vouchers?search=grace.later")).json();
    expect(after.deliveredAt).toBe("2027-06-05T07:00:00.000Z");
  });

  it("'send to me to print' e-mails the buyer the printable voucher at once, and not the recipient", async () => {
    const { intent, attached } = await buy({ sendTo: "buyer", recipientEmail: "grace.print@example.com" });
    expect(attached.status).toBe(200);
    expect((await pay(intent.clientSecret)).status).toBe(200);
    expect(queuedMails(s, { to: "grace.print@example.com" })).toHaveLength(0);
    const [toPrint] = queuedMails(s, { to: "ada.buyer@example.com", kind: "voucher-to-print" });
    expect(toPrint!.subject).toBe("[Test mode] Your Heritage Tearoom gift voucher for Grace Hopper, to print");
    expect(toPrint!.text).toMatch(/View and print your voucher: http:\/\/localhost:3000\/voucher\/print\?token=[0-9a-f]{32}/);
    const receipt = queuedMails(s, { to: "ada.buyer@example.com", kind: "voucher-receipt" }).at(-1)!;
    expect(receipt.text).toContain("Your gift voucher has been e-mailed to you, to print and give.");
  });
});
