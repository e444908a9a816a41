import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";

// TEST_NOW is 2027-06-02 (London).
let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "10000", TRUST_PROXY: "true" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const message = async (res: Response) => ((await res.json()) as { message: string }).message;
const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });

let codes = 0;
/** A voucher as fulfilment stores it (remaining = its face value), with a code and print token of its own. */
function voucher(
  v: { type?: "monetary" | "afternoonTea" | "picnicHamper"; pricePence?: number; people?: number | null; expiry?: string; message?: string } = {},
) {
  const n = ++codes;
  const code = `TEA-${"ABCDEFGHJKMN"[n % 12]}${"PQRSTUVWXYZ2"[Math.floor(n / 12) % 12]}CD-EFGH-JKMN`;
  const type = v.type ?? "monetary";
  const pricePence = v.pricePence ?? 5000;
  const people = type === "monetary" ? null : (v.people ?? 2);
  const token = `${String(n).padStart(2, "0")}${"a".repeat(30)}`;
  s.ctx.sqlite
    .prepare(
      `INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date, remaining, print_token)
       VALUES (?, ?, ?, ?, ?, 'Grace Hopper', 'grace@example.com', 'Ada Lovelace', 'ada@example.com', ?, 0, NULL, '2027-01-01T10:00:00.000Z', ?, ?, ?)`,
    )
    .run(
      type,
      code,
      `£${(pricePence / 100).toFixed(2)}`,
      pricePence,
      people,
      v.message ?? "Happy birthday!",
      v.expiry ?? "2028-01-01",
      type === "monetary" ? pricePence : people,
      token,
    );
  return { code, token };
}

describe("staff voucher paths need a session (R1)", () => {
  it.each([
    ["GET", "/api/vouchers/TEA-ABCD-EFGH-JKMN"],
    ["POST", "/api/vouchers/TEA-ABCD-EFGH-JKMN/redemptions"],
    ["POST", "/api/vouchers/TEA-ABCD-EFGH-JKMN/resend"],
    ["PATCH", "/api/vouchers/TEA-ABCD-EFGH-JKMN"],
  ])("%s %s", async (method, path) => {
    const res = await s.request(path, { method, ...(method === "GET" ? {} : { json: { amountPence: 100 } }) });
    expect(res.status).toBe(401);
  });
});

describe("redeeming a voucher (R35)", () => {
  it("takes part of a monetary voucher, then the rest; the ledger says who, when and why", async () => {
    const { code } = voucher({ pricePence: 7500 });
    let res = await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 5990, note: "Afternoon tea for two" } });
    expect(res.status).toBe(201);
    let v = await res.json();
    expect(v).toMatchObject({ voucherCode: code, balancePence: 1510, status: "active", isRedeemed: false });
    expect(v.peopleRemaining).toBeUndefined();
    expect(v.ledger).toEqual([{ at: "2027-06-02T08:00:00.000Z", actor: "admin", kind: "redemption", amountPence: 5990, note: "Afternoon tea for two" }]);

    res = await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 1511 } });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("Only £15.10 is left on this voucher.");

    v = await (await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 1510 } })).json();
    expect(v).toMatchObject({ balancePence: 0, status: "redeemed", isRedeemed: true });
    res = await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 1 } });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("This voucher has nothing left.");
    // Nothing was written by the refusals.
    expect((await (await staff(`/api/vouchers/${code}`)).json()).ledger).toHaveLength(2);
  });

  it("takes people from a per-person voucher, never an amount", async () => {
    const { code } = voucher({ type: "afternoonTea", pricePence: 3 * 2995, people: 3 });
    let res = await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 2995 } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("people: this voucher is redeemed by a number of people");
    res = await staff(`/api/vouchers/${code}/redemptions`, { json: { people: 2, note: "Table 4" } });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ peopleRemaining: 1, status: "active", ledger: [{ people: 2, note: "Table 4" }] });
    res = await staff(`/api/vouchers/${code}/redemptions`, { json: { people: 2 } });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("Only 1 person is left on this voucher.");
  });

  it("refuses an expired voucher unless staff give an override reason, which the ledger keeps", async () => {
    const { code } = voucher({ expiry: "2027-06-01" });
    let res = await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 1000 } });
    expect(res.status).toBe(409);
    expect(await message(res)).toBe("This voucher expired on Tuesday, 1 June 2027. It can only be redeemed with an override reason.");
    res = await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 1000, override: { reason: "Guest was in hospital in May" } } });
    expect(res.status).toBe(201);
    const v = await res.json();
    expect(v).toMatchObject({ balancePence: 4000, status: "expired" });
    expect(v.ledger[0].note).toBe("Expired: override – Guest was in hospital in May");
  });

  it("refuses bad input with a readable 400 and writes nothing", async () => {
    const { code } = voucher();
    for (const [json, expected] of [
      [{}, "amountPence: Give either amountPence or people"],
      [{ amountPence: 100, people: 1 }, "amountPence: Give either amountPence or people"],
      [{ amountPence: -5 }, "amountPence: amountPence must be more than 0"],
      [{ amountPence: "ten" }, "amountPence: amountPence must be a whole number of pence"],
      [{ amountPence: 100, note: "x".repeat(201) }, "note: note must be at most 200 characters"],
      [{ amountPence: 100, override: { reason: "" } }, "override.reason: Please give a reason for redeeming an expired voucher"],
    ] as const) {
      const res = await staff(`/api/vouchers/${code}/redemptions`, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(await message(res)).toBe(expected);
    }
    const bad = await staff(`/api/vouchers/NOT-A-CODE/redemptions`, { json: { amountPence: 100 } });
    expect(bad.status).toBe(400);
    const unknown = await staff(`/api/vouchers/TEA-ZZZZ-ZZZZ-ZZZZ/redemptions`, { json: { amountPence: 100 } });
    expect(unknown.status).toBe(404);
    expect((await (await staff(`/api/vouchers/${code}`)).json()).ledger).toEqual([]);
  });

  it("never overspends when redemptions race: twelve £20 redemptions of one £50 voucher, two succeed", async () => {
    const { code } = voucher({ pricePence: 5000 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 2000 } })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((x) => x === 201)).toHaveLength(2);
    expect(statuses.filter((x) => x === 409)).toHaveLength(10);
    const v = await (await staff(`/api/vouchers/${code}`)).json();
    expect(v.balancePence).toBe(1000);
    expect(v.ledger.reduce((sum: number, e: { amountPence?: number }) => sum + (e.amountPence ?? 0), 0)).toBe(4000);
  });
});

describe("finding, resending and extending a voucher", () => {
  it("finds a voucher by its code as staff type it", async () => {
    const { code } = voucher();
    const res = await staff(`/api/vouchers/${code.toLowerCase()}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ voucherCode: code, recipientName: "Grace Hopper", balancePence: 5000, status: "active", ledger: [] });
    expect((await staff("/api/vouchers/TEA-ZZZZ-ZZZZ-ZZZZ")).status).toBe(404);
  });

  it("resends the voucher e-mail to the recipient or the buyer, with the print link and what is left, and notes it", async () => {
    const { code, token } = voucher({ pricePence: 7500 });
    await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 2500 } });
    let res = await staff(`/api/vouchers/${code}/resend`, { json: { to: "recipient" } });
    expect(res.status).toBe(200);
    const toRecipient = queuedMails(s, { to: "grace@example.com", kind: "voucher-recipient" }).at(-1)!;
    expect(toRecipient.text).toContain(code);
    expect(toRecipient.text).toMatch(/Left to use:\s+£50\.00/);
    expect(toRecipient.text).toContain(`http://localhost:3000/voucher/print?token=${token}`);
    res = await staff(`/api/vouchers/${code}/resend`, { json: { to: "buyer" } });
    const toBuyer = queuedMails(s, { to: "ada@example.com", kind: "voucher-copy" }).at(-1)!;
    expect(toBuyer.text).toContain("Here is a copy of the gift voucher you gave Grace Hopper");
    expect(toBuyer.text).toContain(token);
    expect((await res.json()).ledger.map((e: { kind: string; note: string }) => [e.kind, e.note])).toEqual([
      ["redemption", ""],
      ["note", "Resent to the recipient (grace@example.com)"],
      ["note", "Resent to the buyer (ada@example.com)"],
    ]);
    const bad = await staff(`/api/vouchers/${code}/resend`, { json: { to: "everyone" } });
    expect(bad.status).toBe(400);
    expect(await message(bad)).toBe("to: to must be recipient or buyer");
  });

  it("extends the expiry only to a later date; an extended voucher can be redeemed again without override", async () => {
    const { code } = voucher({ expiry: "2027-05-01" });
    let res = await staff(`/api/vouchers/${code}`, { method: "PATCH", json: { expiryDate: "2027-04-01" } });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("expiryDate: the new expiry date must be after the current one (Saturday, 1 May 2027)");
    res = await staff(`/api/vouchers/${code}`, { method: "PATCH", json: { expiryDate: "2027-02-30" } });
    expect(res.status).toBe(400);
    res = await staff(`/api/vouchers/${code}`, { method: "PATCH", json: { expiryDate: "2027-12-31" } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      expiryDate: "2027-12-31",
      status: "active",
      ledger: [{ kind: "note", note: "Expiry extended from Saturday, 1 May 2027 to Friday, 31 December 2027", actor: "admin" }],
    });
    expect((await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 100 } })).status).toBe(201);
  });
});

describe("the vouchers list and its stats use what is left (R35)", () => {
  it("lists balance, status and isRedeemed from what is left, and counts and values what is left", async () => {
    const fresh = await startTestServer();
    try {
      const c = await fresh.login();
      const insert = fresh.ctx.sqlite.prepare(
        `INSERT INTO gift_vouchers (voucher_type, voucher_code, price_text, price_pence, people, recipient_name, recipient_email, sender_name, sender_email, message, is_redeemed, payment_reference, created_at, expiry_date, remaining, print_token)
         VALUES (?, ?, ?, ?, ?, 'R', 'r@example.com', 'S', 's@example.com', '', 0, NULL, ?, ?, ?, NULL)`,
      );
      insert.run("monetary", "TEA-AAAA-BBBB-CCCC", "£50.00", 5000, null, "2027-01-01T00:00:00Z", "2028-01-01", 5000);
      insert.run("afternoonTea", "TEA-DDDD-EEEE-FFFF", "£89.85", 8985, 3, "2027-01-02T00:00:00Z", "2028-01-01", 3);
      insert.run("monetary", "TEA-GGGG-HHHH-JJJJ", "£25.00", 2500, null, "2026-01-03T00:00:00Z", "2027-01-01", 2500);
      const req = (path: string, json?: unknown) => fresh.request(path, { cookie: c, ...(json ? { json } : {}) });
      await req("/api/vouchers/TEA-AAAA-BBBB-CCCC/redemptions", { amountPence: 5000 });
      await req("/api/vouchers/TEA-DDDD-EEEE-FFFF/redemptions", { people: 1 });
      const list = await (await req("/api/vouchers")).json();
      expect(list.map((v: Record<string, unknown>) => [v.voucherCode, v.balancePence ?? v.peopleRemaining, v.status, v.isRedeemed])).toEqual([
        ["TEA-DDDD-EEEE-FFFF", 2, "active", false],
        ["TEA-AAAA-BBBB-CCCC", 0, "redeemed", true],
        ["TEA-GGGG-HHHH-JJJJ", 2500, "expired", false],
      ]);
      // Left on the active ones: two people of a £29.95-a-head voucher.
      expect(await (await req("/api/vouchers/stats")).json()).toEqual({ total: 3, active: 1, redeemed: 1, totalValue: 164.85, remainingValue: 59.9 });
      expect((await (await req("/api/vouchers?status=redeemed")).json()).map((v: { voucherCode: string }) => v.voucherCode)).toEqual(["TEA-AAAA-BBBB-CCCC"]);
    } finally {
      await fresh.close();
    }
  });
});

describe("GET /api/voucher-balance (public, R35)", () => {
  it("shows type, what is left, expiry and status, and nothing personal", async () => {
    const { code } = voucher({ pricePence: 7500 });
    await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 5990 } });
    const res = await s.request(`/api/voucher-balance?code=${encodeURIComponent(code.toLowerCase().replaceAll("-", " "))}`, { from: newVisitor() });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ voucherType: "monetary", balancePence: 1510, expiryDate: "2028-01-01", status: "active" });
    const tea = voucher({ type: "picnicHamper", pricePence: 6990, people: 2 });
    expect(await (await s.request(`/api/voucher-balance?code=${tea.code}`, { from: newVisitor() })).json()).toEqual({
      voucherType: "picnicHamper",
      peopleRemaining: 2,
      expiryDate: "2028-01-01",
      status: "active",
    });
  });

  it("answers a malformed code 400 and an unknown one 404 with a plain message", async () => {
    const from = newVisitor();
    let res = await s.request("/api/voucher-balance?code=hello", { from });
    expect(res.status).toBe(400);
    expect(await message(res)).toBe("code: Please enter the code as it appears on the voucher, like TEA-ABCD-EFGH-JKMN");
    res = await s.request("/api/voucher-balance", { from });
    expect(res.status).toBe(400);
    res = await s.request("/api/voucher-balance?code=TEA-ZZZZ-ZZZZ-ZZZZ", { from });
    expect(res.status).toBe(404);
    expect(await message(res)).toBe("We could not find a voucher with that code. Please check it and try again.");
  });

  it("allows 10 wrong codes an hour per client network; the 11th, and then every check, is 429 until the hour is up", async () => {
    const from = newVisitor();
    const { code } = voucher();
    for (let i = 0; i < 10; i++) expect((await s.request(`/api/voucher-balance?code=TEA-ZZZZ-ZZZZ-ZZ${"ABCDEFGHJK"[i]}Z`, { from })).status).toBe(404);
    const eleventh = await s.request("/api/voucher-balance?code=TEA-ZZZZ-ZZZZ-ZZZZ", { from });
    expect(eleventh.status).toBe(429);
    expect(Number(eleventh.headers.get("retry-after"))).toBeGreaterThan(3000);
    expect(await message(eleventh)).toBe("Too many codes that did not match a voucher. Please try again in an hour, or call us.");
    // A right code does not get through either: the limit would otherwise still confirm guesses.
    expect((await s.request(`/api/voucher-balance?code=${code}`, { from })).status).toBe(429);
    // Another client is not affected.
    expect((await s.request(`/api/voucher-balance?code=${code}`, { from: newVisitor() })).status).toBe(200);
    const start = s.clock.now;
    s.clock.now = new Date(start.getTime() + 60 * 60_000);
    try {
      expect((await s.request(`/api/voucher-balance?code=${code}`, { from })).status).toBe(200);
    } finally {
      s.clock.now = start;
    }
  });

  it("counts an IPv6 client by its /64", async () => {
    for (let i = 0; i < 10; i++) expect((await s.request("/api/voucher-balance?code=TEA-ZZZZ-ZZZZ-ZZZZ", { from: `2001:db8:1:2::${i + 1}` })).status).toBe(404);
    expect((await s.request("/api/voucher-balance?code=TEA-ZZZZ-ZZZZ-ZZZZ", { from: "2001:db8:1:2:ffff::1" })).status).toBe(429);
  });
});

describe("the printable voucher (R35, decision 015)", () => {
  it("shows code, what it buys, the message and the expiry, by the e-mail's token; never cached or sent on as a referrer", async () => {
    const { code, token } = voucher({ type: "afternoonTea", pricePence: 5990, people: 2, message: "Happy birthday, <Grace>!" });
    const res = await s.request(`/voucher/print?token=${token}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    const html = await res.text();
    expect(html).toContain(code);
    expect(html).toContain("Afternoon tea for 2 people");
    expect(html).toContain("Happy birthday, &lt;Grace&gt;!");
    expect(html).toContain("Saturday, 1 January 2028");
    expect(html).toContain("@media print");
    expect(html).not.toMatch(/<script>/);
  });

  it("says when a voucher is used up", async () => {
    const { code, token } = voucher();
    await staff(`/api/vouchers/${code}/redemptions`, { json: { amountPence: 5000 } });
    expect(await (await s.request(`/voucher/print?token=${token}`)).text()).toContain("This voucher is used up");
  });

  it("is not found by the code, a made-up token or none", async () => {
    const { code } = voucher();
    for (const q of [`token=${code}`, `token=${"b".repeat(32)}`, "", "token=../../etc"]) {
      const res = await s.request(`/voucher/print?${q}`);
      expect(res.status, q).toBe(404);
      expect(await res.text()).toContain("This voucher link is not valid.");
    }
  });
});
