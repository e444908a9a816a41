import { DEMO_STAFF } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, startTestServer, type TestServer } from "../../test/helpers.js";

// R54 over HTTP: a scripted May 2027 (London summer time) of paid teas, a part refund, a no-show
// fee, vouchers sold online and at the till, redeemed online and by staff, one expired, and a late
// cancel; every report and CSV gives exactly the pence expected and agrees with the lists.

let s: TestServer;
let cookie = "";
beforeAll(async () => {
  s = await startTestServer({ now: new Date("2026-05-20T10:00:00Z"), env: { RATE_LIMIT_MAX: "100000", TRUST_PROXY: "true" } });
  await script();
  s.clock.now = new Date("2027-06-02T08:00:00Z");
  cookie = await signIn();
});
afterAll(async () => s.close());

const card = { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" };
const signIn = async () => ((await s.request("/api/admin/login", { json: DEMO_STAFF })).headers.get("set-cookie") ?? "").split(";")[0]!;
const staff = (path: string, json?: unknown, method?: string) =>
  s.request(path, { cookie, ...(json !== undefined ? { json } : {}), ...(method ? { method } : {}) });
const ok = async (res: Response | Promise<Response>, status = 200) => {
  const r = await res;
  const body = await r.text();
  expect(r.status, body).toBe(status);
  return body ? JSON.parse(body) : null;
};
/** Moves the clock to `iso` and signs staff in afresh (a session does not last months). */
const at = async (iso: string) => {
  s.clock.now = new Date(iso);
  cookie = await signIn();
};
const pub = (path: string, json: unknown) => s.request(path, { json, from: newVisitor() });

function tea(date: string, guests: number, teaType: "traditional" | "champagne", name: string, voucherCode?: string) {
  const unit = teaType === "traditional" ? 2995 : 3995;
  return {
    amount: (unit * guests) / 100,
    metadata: {
      type: "afternoon-tea",
      date,
      time: "14:00",
      guests,
      teaType,
      name,
      email: `${name.toLowerCase()}@example.com`,
      phone: "01234 567890",
      dietaryRequirements: "",
      ...(voucherCode ? { voucherCode } : {}),
    },
  };
}

/** A paid afternoon tea through the demo provider; its booking's reference. */
async function paidTea(...args: Parameters<typeof tea>): Promise<string> {
  const intent = await ok(pub("/api/create-payment-intent", tea(...args)));
  await ok(pub("/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card, returnUrl: "/confirmation?type=afternoon-tea" }));
  return intent.bookingReference ?? (await bookingByName(args[3])).reference;
}
async function bookingByName(name: string) {
  const list = await ok(staff(`/api/bookings?includeCancelled=true&search=${name}`));
  return list[0] as { id: number; reference: string };
}
async function tableRequest(date: string, name: string, saveCard: boolean) {
  const res = await s.request("/api/bookings", {
    from: newVisitor(),
    json: { type: "table", date, time: "12:00", guests: 2, diningPreference: "lunch", name, email: `${name.toLowerCase()}@example.com`, phone: "07700 900123" },
  });
  const body = await res.json();
  if (saveCard) {
    expect(res.status).toBe(202);
    await ok(pub("/api/payments/demo/confirm", { clientSecret: body.payment.clientSecret, card, returnUrl: "/confirmation" }));
  } else expect(res.status).toBe(201);
  const b = await bookingByName(name);
  await ok(staff(`/api/bookings/${b.id}/confirm`, {}));
  return b;
}
const codes: Record<string, string> = {};

async function script() {
  // V3: £20 sold at the till a year before, expiring on 20 May 2027, never used.
  await at("2026-05-20T10:00:00Z");
  codes.v3 = (await ok(staff("/api/vouchers", { voucherType: "monetary", amountPence: 2000, source: "till-card" }), 201)).voucherCode;

  // 3 May: tea A (2 × traditional, £59.90); table E requested (no policy yet), confirmed.
  await at("2027-05-03T10:00:00Z");
  await paidTea("2027-05-20", 2, "traditional", "Alma");
  const e = await tableRequest("2027-05-29", "Edna", false);

  // 23:30 UTC on 4 May is 00:30 on 5 May in London: tea B (3 × champagne, £119.85) counts on the 5th.
  await at("2027-05-04T23:30:00Z");
  await paidTea("2027-05-21", 3, "champagne", "Beryl");

  // 6 May: £10 of B refunded.
  await at("2027-05-06T09:00:00Z");
  const b = await bookingByName("Beryl");
  await ok(staff(`/api/bookings/${b.id}/refunds`, { amountPence: 1000, reason: "Scones were late" }), 201);

  // 7 May: V1, a £50 voucher bought online.
  await at("2027-05-07T10:00:00Z");
  const intent = await ok(pub("/api/create-payment-intent", { voucherType: "monetary", amount: 50 }));
  await ok(
    pub("/api/payments/voucher-details", {
      clientSecret: intent.clientSecret,
      voucherType: "monetary",
      amount: 50,
      recipientName: "Grace Hopper",
      recipientEmail: "grace@example.com",
      senderName: "Ada Lovelace",
      senderEmail: "ada@example.com",
      message: "",
    }),
  );
  await ok(pub("/api/payments/demo/confirm", { clientSecret: intent.clientSecret, card, returnUrl: "/confirmation" }));
  codes.v1 = (await ok(staff("/api/vouchers?search=grace@example.com")))[0].voucherCode;

  // 8 May: V2, £30 sold at the till for cash.
  await at("2027-05-08T10:00:00Z");
  codes.v2 = (await ok(staff("/api/vouchers", { voucherType: "monetary", amountPence: 3000, source: "till-cash" }), 201)).voucherCode;

  // 10 May: tea C (2 × traditional, £59.90) paid £50 by V1 online and £9.90 by card.
  await at("2027-05-10T10:00:00Z");
  await paidTea("2027-05-22", 2, "traditional", "Cora", codes.v1);

  // 11 May: staff take £10 from V2 at the till.
  await at("2027-05-11T10:00:00Z");
  await ok(staff(`/api/vouchers/${codes.v2}/redemptions`, { amountPence: 1000, note: "Cream tea at the counter" }), 201);

  // 12 May: V4, a per-person voucher for two sold by phone; tables now need a card; table F booked with one.
  await at("2027-05-12T10:00:00Z");
  codes.v4 = (await ok(staff("/api/vouchers", { voucherType: "afternoonTea", people: 2, source: "phone" }), 201)).voucherCode;
  await ok(
    staff(
      "/api/booking-policies/table",
      { kind: "card", depositPencePerGuest: 0, minGuests: 1, weekdays: [], noShowFeePencePerGuest: 1500, lateCancelFeePencePerGuest: 1000, text: "" },
      "PUT",
    ),
  );
  const f = await tableRequest("2027-05-15", "Freda", true);

  // 15 May: F did not come; the no-show fee (2 × £15) is charged to the saved card.
  await at("2027-05-15T15:00:00Z");
  await ok(staff(`/api/bookings/${f.id}/arrival`, { status: "no-show" }));
  await ok(staff(`/api/bookings/${f.id}/fees`, { kind: "no-show", reason: "Did not come" }), 201);

  // 20 May: A arrived.
  await at("2027-05-20T15:00:00Z");
  await ok(staff(`/api/bookings/${(await bookingByName("Alma")).id}/arrival`, { status: "arrived" }));

  // 29 May, 10:00 in London: E cancelled two hours before the visit, after the cut-off.
  await at("2027-05-29T09:00:00Z");
  await ok(staff(`/api/bookings/${e.id}`, undefined, "DELETE"));
}

const MAY = "from=2027-05-01&to=2027-05-31";
const zero = { cardPence: 0, voucherSalesPence: 0, voucherRedeemedPence: 0, feesPence: 0, refundsPence: 0, netPence: 0 };

describe("takings (GET /api/reports/takings)", () => {
  it("gives the money of each London day it moved, with totals", async () => {
    const report = await ok(staff(`/api/reports/takings?${MAY}`));
    expect(report.days).toHaveLength(31);
    const moved = report.days.filter((d: { netPence: number; voucherRedeemedPence: number }) => d.netPence !== 0 || d.voucherRedeemedPence !== 0);
    expect(moved).toEqual([
      { ...zero, date: "2027-05-03", cardPence: 5990, netPence: 5990 },
      { ...zero, date: "2027-05-05", cardPence: 11985, netPence: 11985 },
      { ...zero, date: "2027-05-06", refundsPence: 1000, netPence: -1000 },
      { ...zero, date: "2027-05-07", cardPence: 5000, voucherSalesPence: 5000, netPence: 5000 },
      { ...zero, date: "2027-05-10", cardPence: 990, voucherRedeemedPence: 5000, netPence: 990 },
      { ...zero, date: "2027-05-11", voucherRedeemedPence: 1000 },
      { ...zero, date: "2027-05-15", cardPence: 3000, feesPence: 3000, netPence: 3000 },
    ]);
    expect(report.totals).toEqual({
      cardPence: 26965,
      voucherSalesPence: 5000,
      voucherRedeemedPence: 6000,
      feesPence: 3000,
      refundsPence: 1000,
      netPence: 25965,
    });
    // The same over tRPC, the admin screen's call.
    const trpc = await ok(staff(`/api/trpc/reports.takings?input=${encodeURIComponent(JSON.stringify({ from: "2027-05-01", to: "2027-05-31" }))}`));
    expect(trpc.result.data.totals).toEqual(report.totals);
  });

  it("agrees with the bookings list: card paid less voucher sales, refunds, and the voucher parts", async () => {
    const list = await ok(staff("/api/bookings?includeCancelled=true&pageSize=100"));
    const sum = (f: (b: any) => number) => list.reduce((n: number, b: any) => n + f(b), 0);
    expect(sum((b) => b.payment?.paidPence ?? 0)).toBe(26965 - 5000);
    expect(sum((b) => b.payment?.refundedPence ?? 0)).toBe(1000);
    // Staff took the other £10 at the till, outside any booking.
    expect(sum((b) => b.voucher?.amountPence ?? 0)).toBe(6000 - 1000);
  });

  it("downloads as CSV and in the accounting layout", async () => {
    const csv = await staff(`/api/reports/takings.csv?${MAY}`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("content-disposition")).toBe('attachment; filename="takings-2027-05-01-to-2027-05-31.csv"');
    const lines = (await csv.text()).split("\r\n");
    expect(lines[0]).toBe("Date,Card (GBP),Of which voucher sales (GBP),Of which fees (GBP),Refunds (GBP),Net (GBP),Vouchers redeemed (GBP)");
    expect(lines).toContain("2027-05-05,119.85,0.00,0.00,0.00,119.85,0.00");
    expect(lines).toContain("2027-05-06,0.00,0.00,0.00,10.00,-10.00,0.00");
    expect(lines.at(-2)).toBe("Total,269.65,50.00,30.00,10.00,259.65,60.00");

    const accounts = await staff(`/api/reports/takings-accounting.csv?${MAY}`);
    expect((await accounts.text()).split("\r\n")).toEqual([
      "Date,Description,Reference,Amount,Card,Voucher sales,Fees,Refunds,Vouchers redeemed",
      "03/05/2027,Card takings: bookings,TAKINGS-2027-05-03-BOOKINGS,59.90,59.90,0.00,0.00,0.00,0.00",
      "05/05/2027,Card takings: bookings,TAKINGS-2027-05-05-BOOKINGS,119.85,119.85,0.00,0.00,0.00,0.00",
      "06/05/2027,Refunds to cards,TAKINGS-2027-05-06-REFUNDS,-10.00,0.00,0.00,0.00,10.00,0.00",
      "07/05/2027,Card takings: gift vouchers sold online,TAKINGS-2027-05-07-VOUCHERS,50.00,50.00,50.00,0.00,0.00,0.00",
      "10/05/2027,Card takings: bookings,TAKINGS-2027-05-10-BOOKINGS,9.90,9.90,0.00,0.00,0.00,0.00",
      '10/05/2027,"Gift vouchers redeemed (value used, no money moved)",TAKINGS-2027-05-10-REDEEMED,0.00,0.00,0.00,0.00,0.00,50.00',
      '11/05/2027,"Gift vouchers redeemed (value used, no money moved)",TAKINGS-2027-05-11-REDEEMED,0.00,0.00,0.00,0.00,0.00,10.00',
      "15/05/2027,Card takings: no-show and late-cancel fees,TAKINGS-2027-05-15-FEES,30.00,30.00,0.00,30.00,0.00,0.00",
      "",
    ]);
  });
});

describe("covers and no-shows", () => {
  it("counts confirmed covers by day, slot and type", async () => {
    const byDay = await ok(staff(`/api/reports/covers?${MAY}&groupBy=day`));
    expect(byDay.rows.filter((r: { covers: number }) => r.covers > 0)).toEqual([
      { key: "2027-05-15", covers: 2, bookings: 1 },
      { key: "2027-05-20", covers: 2, bookings: 1 },
      { key: "2027-05-21", covers: 3, bookings: 1 },
      { key: "2027-05-22", covers: 2, bookings: 1 },
    ]);
    expect(byDay.totals).toEqual({ covers: 9, bookings: 4 });
    expect((await ok(staff(`/api/reports/covers?${MAY}&groupBy=slot`))).rows).toEqual([
      { key: "12:00", covers: 2, bookings: 1 },
      { key: "14:00", covers: 7, bookings: 3 },
    ]);
    expect((await ok(staff(`/api/reports/covers?${MAY}&groupBy=type`))).rows).toEqual([
      { key: "afternoonTea", covers: 7, bookings: 3 },
      { key: "table", covers: 2, bookings: 1 },
      { key: "picnicHamper", covers: 0, bookings: 0 },
      { key: "secretGarden", covers: 0, bookings: 0 },
      { key: "event", covers: 0, bookings: 0 },
    ]);
    expect(await (await staff(`/api/reports/covers.csv?${MAY}&groupBy=type`)).text()).toBe(
      "Type,Covers,Bookings\r\nafternoonTea,7,3\r\ntable,2,1\r\npicnicHamper,0,0\r\nsecretGarden,0,0\r\nevent,0,0\r\nTotal,9,4\r\n",
    );
  });

  it("counts arrivals, no-shows and the late cancel", async () => {
    expect(await ok(staff(`/api/reports/no-shows?${MAY}`))).toEqual({
      confirmed: 4,
      arrived: 1,
      noShows: 1,
      lateCancels: 1,
      noShowRate: 0.25,
      lateCancelRate: 0.2,
    });
    expect(await (await staff(`/api/reports/no-shows.csv?${MAY}`)).text()).toBe(
      "Confirmed,Arrived,No-shows,Late cancels,No-show rate,Late-cancel rate\r\n4,1,1,1,0.25,0.2\r\n",
    );
  });
});

describe("vouchers (GET /api/reports/vouchers)", () => {
  it("gives May's sales by source, redemptions, the expired voucher and the liability at the end of May", async () => {
    const report = await ok(staff("/api/reports/vouchers?at=2027-05-31&from=2027-05-01"));
    expect(report).toEqual({
      sold: {
        count: 3,
        pence: 5000 + 3000 + 5990,
        bySource: {
          website: { count: 1, pence: 5000 },
          "till-card": { count: 0, pence: 0 },
          "till-cash": { count: 1, pence: 3000 },
          phone: { count: 1, pence: 5990 },
          complimentary: { count: 0, pence: 0 },
        },
      },
      redeemedPence: 6000,
      expiredPence: 2000,
      outstandingPence: 2000,
      outstandingPeople: 2,
      outstandingPeoplePence: 5990,
    });
    // Before V1 was spent (9 May), it was still owed in full; V3 had not expired.
    const before = await ok(staff("/api/reports/vouchers?at=2027-05-09"));
    expect(before).toMatchObject({ outstandingPence: 5000 + 3000 + 2000, expiredPence: 0, redeemedPence: 0 });
    expect(before.sold).toMatchObject({ count: 3, pence: 2000 + 5000 + 3000 });
  });

  it("agrees with the vouchers list: what is left on the active monetary vouchers", async () => {
    const list = await ok(staff("/api/vouchers?pageSize=100"));
    const active = list.filter((v: any) => v.status === "active" && v.voucherType === "monetary");
    expect(active.reduce((n: number, v: any) => n + v.balancePence, 0)).toBe(2000);
    expect(await (await staff("/api/reports/vouchers.csv?at=2027-05-31&from=2027-05-01")).text()).toContain("Outstanding (monetary),,20.00\r\n");
  });
});

describe("the bookings CSV (GET /api/bookings.csv)", () => {
  it("shows arrival, card paid, voucher part, refunded and net", async () => {
    const text = await (await staff(`/api/bookings.csv?${MAY}`)).text();
    const [header, ...rows] = text.trim().split("\r\n");
    const cols = header!.split(",");
    const row = (name: string) => {
      const cells = rows.find((r) => r.includes(name))!.split(",");
      return Object.fromEntries(cols.map((c, i) => [c, cells[i]]));
    };
    expect(cols.slice(-5)).toEqual(["Visit status", "Card paid (GBP)", "Voucher part (GBP)", "Refunded (GBP)", "Net (GBP)"]);
    expect(row("Beryl")).toMatchObject({
      "Visit status": "confirmed",
      "Card paid (GBP)": "119.85",
      "Voucher part (GBP)": "0.00",
      "Refunded (GBP)": "10.00",
      "Net (GBP)": "109.85",
    });
    expect(row("Cora")).toMatchObject({ "Card paid (GBP)": "9.90", "Voucher part (GBP)": "50.00", "Net (GBP)": "9.90" });
    expect(row("Alma")).toMatchObject({ "Visit status": "arrived" });
    expect(row("Freda")).toMatchObject({ "Visit status": "no-show", "Card paid (GBP)": "30.00" });
    expect(row("Edna")).toMatchObject({ "Visit status": "cancelled", "Card paid (GBP)": "0.00" });
  });
});

describe("refusals", () => {
  it.each([
    ["/api/reports/takings?from=2027-05-01", "to must be a date (yyyy-MM-dd)"],
    ["/api/reports/takings?from=2027-02-30&to=2027-05-31", "from must be a date (yyyy-MM-dd)"],
    ["/api/reports/no-shows?from=2027-05-31&to=2027-05-01", "to must be on or after from"],
    ["/api/reports/covers?from=2020-01-01&to=2027-05-31", "to must be at most 3 years after from"],
    ["/api/reports/covers?from=2027-05-01&to=2027-05-31&groupBy=week", "groupBy"],
    ["/api/reports/vouchers?at=31-05-2027", "at must be a date (yyyy-MM-dd)"],
    ["/api/reports/takings.csv?from=2027-05-01&to=2031-05-31", "to must be at most 3 years after from"],
    ["/api/reports/takings-accounting.csv?to=2027-05-31", "from must be a date (yyyy-MM-dd)"],
  ])("%s → 400 naming the field", async (path, message) => {
    const res = await staff(path);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toContain(message);
  });

  it("answers 401 without a session", async () => {
    expect((await s.request(`/api/reports/takings?${MAY}`)).status).toBe(401);
    expect((await s.request(`/api/reports/takings.csv?${MAY}`)).status).toBe(401);
  });
});
