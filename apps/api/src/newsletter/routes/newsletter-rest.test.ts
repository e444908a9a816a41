import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { databaseFingerprint } from "../../robustness/fuzz-kit.js";
import { confirmationToken, queuedMails, startTestServer, subscribeConfirmed, TEST_NOW, type TestServer } from "../../test/helpers.js";

// R16 as amended by R26: double opt-in, and a subscribe answer that tells nobody anything.

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000" } });
});
afterAll(async () => s.close());

const HOUR = 60 * 60 * 1000;
const subscribe = (json: Record<string, unknown>) => s.request("/api/newsletter/subscribe", { json });
const row = (email: string) => s.ctx.sqlite.prepare("SELECT * FROM newsletter_subscriptions WHERE email = ?").get(email) as Record<string, any> | undefined;
const confirmMails = (email: string) => queuedMails(s, { to: email, kind: "newsletter-confirm" });
const answerOf = async (res: Response) => ({ status: res.status, type: res.headers.get("content-type"), body: await res.text() });
const later = (ms: number) => {
  s.clock.now = new Date(s.clock.now.getTime() + ms);
};

describe("POST /api/newsletter/subscribe answers the same whatever the address", () => {
  it("new, unconfirmed, active, unsubscribed and honeypot-filled: 202 and the same body", async () => {
    await subscribe({ email: "pending@example.com" });
    await subscribeConfirmed(s, "active@example.com");
    await subscribeConfirmed(s, "gone@example.com");
    const gone = row("gone@example.com")!;
    expect((await s.request("/api/newsletter/unsubscribe", { json: { token: gone.unsubscribe_token } })).status).toBe(200);

    const answers = [
      await answerOf(await subscribe({ email: "new@example.com", source: "footer" })),
      await answerOf(await subscribe({ email: "pending@example.com", source: "footer" })),
      await answerOf(await subscribe({ email: "active@example.com", source: "footer" })),
      await answerOf(await subscribe({ email: "gone@example.com", source: "footer" })),
      await answerOf(await subscribe({ email: "bot@example.com", source: "footer", website: "http://spam.example" })),
    ];
    for (const answer of answers) expect(answer).toEqual({ status: 202, type: "application/json; charset=utf-8", body: '{"ok":true}' });
    expect(row("bot@example.com")).toBeUndefined();
    expect(queuedMails(s, { to: "bot@example.com" })).toEqual([]);
  });
});

describe("a new address", () => {
  it("is stored inactive, without consent, with only the hash of a 256-bit token, and gets one confirmation e-mail", async () => {
    const before = queuedMails(s).length;
    expect((await subscribe({ email: "Reader@Example.com", source: "popup" })).status).toBe(202);
    const stored = row("reader@example.com")!;
    expect(stored).toMatchObject({ is_active: 0, consent_at: null, source: "popup", confirm_sent_at: TEST_NOW.toISOString() });
    const mails = queuedMails(s).slice(before);
    expect(mails.map((m) => [m.kind, m.to])).toEqual([["newsletter-confirm", "reader@example.com"]]);
    const token = confirmationToken(s, "reader@example.com");
    expect(Buffer.from(token, "base64url").length).toBeGreaterThanOrEqual(16);
    expect(token).toHaveLength(43); // 32 random bytes
    expect(stored.confirm_token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    // The token itself is nowhere in the database but the queued e-mail.
    const dump = JSON.stringify(s.ctx.sqlite.prepare("SELECT * FROM newsletter_subscriptions").all());
    expect(dump).not.toContain(token);
    expect(mails[0]!.text).toContain(`http://localhost:3000/newsletter/confirm?token=${token}`);
  });

  it("is greeted by first name at most, and nothing else the visitor typed reaches the address", async () => {
    await subscribe({ email: "victim@example.com", firstName: "Mallory", lastName: "Your account is locked, call 0900 123 456" });
    const [mail] = confirmMails("victim@example.com");
    expect(mail!.text).toMatch(/^Dear Mallory,\n/);
    expect(mail!.all).not.toContain("locked");
    expect(mail!.all).not.toContain("0900");

    await subscribe({ email: "victim2@example.com", firstName: "https://evil.example/login" });
    expect(confirmMails("victim2@example.com")[0]!.text).toMatch(/^Hello,\n/);
    expect(confirmMails("victim2@example.com")[0]!.all).not.toContain("evil.example");

    await subscribe({ email: "victim3@example.com", firstName: "B".repeat(60) });
    expect(confirmMails("victim3@example.com")[0]!.text).toMatch(new RegExp(`^Dear ${"B".repeat(40)},\n`));
    expect(confirmMails("victim3@example.com")[0]!.all).not.toContain("B".repeat(41));
  });

  it("is mailed at most once a day however often it is asked for; the newest link is the one that works", async () => {
    const email = "often@example.com";
    for (let i = 0; i < 10; i++) expect((await subscribe({ email })).status).toBe(202);
    expect(confirmMails(email)).toHaveLength(1);
    const first = confirmationToken(s, email);
    later(23 * HOUR);
    for (let i = 0; i < 5; i++) await subscribe({ email });
    expect(confirmMails(email)).toHaveLength(1);
    later(HOUR);
    await subscribe({ email });
    await subscribe({ email });
    expect(confirmMails(email)).toHaveLength(2);
    const second = confirmationToken(s, email);
    expect(second).not.toBe(first);
    expect((await s.request("/api/newsletter/confirm", { json: { token: first } })).status).toBe(404);
    expect((await s.request("/api/newsletter/confirm", { json: { token: second } })).status).toBe(200);
  });
});

describe("confirming", () => {
  it("GET of the link shows a button and changes nothing; the button's POST activates with consent at that moment", async () => {
    const email = "confirm@example.com";
    await subscribe({ email });
    const token = confirmationToken(s, email);
    const before = databaseFingerprint(s.ctx.sqlite);
    for (const method of ["GET", "HEAD", "GET"]) {
      const res = await s.request(`/newsletter/confirm?token=${token}`, { method });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("referrer-policy")).toBe("no-referrer");
    }
    const page = await (await s.request(`/newsletter/confirm?token=${token}`)).text();
    expect(page).toContain("<h1>Confirm your subscription</h1>");
    expect(page).toContain(`data-action="/api/newsletter/confirm" data-token="${token}"`);
    expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
    expect(row(email)).toMatchObject({ is_active: 0, consent_at: null });

    later(2 * HOUR);
    const confirmedAt = s.clock.now.toISOString();
    const res = await s.request("/api/newsletter/confirm", { json: { token } });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(row(email)).toMatchObject({ is_active: 1, consent_at: confirmedAt, confirm_token_hash: null });
    // Welcome, with the unsubscribe link, now that the address is confirmed.
    const [welcome] = queuedMails(s, { to: email, kind: "newsletter-welcome" });
    expect(welcome!.text).toContain(`http://localhost:3000/newsletter/unsubscribe?token=${row(email)!.unsubscribe_token}`);

    // A used link: 404 with a plain message, and its page says so.
    const again = await s.request("/api/newsletter/confirm", { json: { token } });
    expect(again.status).toBe(404);
    expect((await again.json()).message).toMatch(/^This confirmation link is not valid any more/);
    const used = await s.request(`/newsletter/confirm?token=${token}`);
    expect(used.status).toBe(404);
    expect(await used.text()).toContain("Link not recognised");
    expect(queuedMails(s, { to: email, kind: "newsletter-welcome" })).toHaveLength(1);
  });

  it("an active subscriber asking again is sent nothing and stays as it is", async () => {
    const email = "loyal@example.com";
    await subscribeConfirmed(s, email, { firstName: "Ada" });
    const stored = row(email);
    const mails = queuedMails(s, { to: email }).length;
    later(48 * HOUR);
    expect((await subscribe({ email, firstName: "Eve", source: "footer" })).status).toBe(202);
    expect(queuedMails(s, { to: email })).toHaveLength(mails);
    expect(row(email)).toEqual(stored);
  });

  it("an unknown, malformed or week-old link is refused with 404", async () => {
    expect((await s.request("/api/newsletter/confirm", { json: { token: "x".repeat(43) } })).status).toBe(404);
    expect((await s.request("/api/newsletter/confirm", { json: { token: "not a token!" } })).status).toBe(404);
    expect((await s.request("/api/newsletter/confirm", { json: {} })).status).toBe(400);
    expect((await s.request("/newsletter/confirm")).status).toBe(404);
    expect((await s.request(`/newsletter/confirm?token=${"y".repeat(300)}`)).status).toBe(404);

    await subscribe({ email: "slow@example.com" });
    const token = confirmationToken(s, "slow@example.com");
    later(7 * 24 * HOUR + 1000);
    expect((await s.request(`/newsletter/confirm?token=${token}`)).status).toBe(404);
    expect((await s.request("/api/newsletter/confirm", { json: { token } })).status).toBe(404);
    expect(row("slow@example.com")).toMatchObject({ is_active: 0 });
  });
});

describe("unsubscribing", () => {
  it("GET of the link (and of the older /api link) shows a button and changes nothing; the POST unsubscribes", async () => {
    const email = "leaving@example.com";
    await subscribeConfirmed(s, email);
    const token = row(email)!.unsubscribe_token as string;
    const before = databaseFingerprint(s.ctx.sqlite);
    for (const path of [`/newsletter/unsubscribe?token=${token}`, `/api/newsletter/unsubscribe?token=${token}`]) {
      const res = await s.request(path);
      expect(res.status).toBe(200);
      const page = await res.text();
      expect(page).toContain("<h1>Unsubscribe from our newsletter</h1>");
      expect(page).toContain(`data-action="/api/newsletter/unsubscribe" data-token="${token}"`);
    }
    expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);
    expect(row(email)).toMatchObject({ is_active: 1 });

    expect((await s.request("/api/newsletter/unsubscribe", { json: { token } })).status).toBe(200);
    expect(row(email)).toMatchObject({ is_active: 0 });
    expect((await s.request("/api/newsletter/unsubscribe", { json: { token } })).status).toBe(200);
    expect((await s.request("/newsletter/unsubscribe?token=unknown-token-value")).status).toBe(404);
  });
});

describe("one-click unsubscribe (RFC 8058, R39)", () => {
  const form = { "content-type": "application/x-www-form-urlencoded" };

  it("the welcome e-mail names the unsubscribe page in List-Unsubscribe, with List-Unsubscribe-Post", async () => {
    const email = "headers@example.com";
    await subscribeConfirmed(s, email);
    const [welcome] = queuedMails(s, { to: email, kind: "newsletter-welcome" });
    expect(welcome!.headers).toEqual({
      "List-Unsubscribe": `<http://localhost:3000/newsletter/unsubscribe?token=${row(email)!.unsubscribe_token}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
  });

  it("a mail program's form-encoded POST to that address unsubscribes; anything else changes nothing", async () => {
    const email = "one-click@example.com";
    await subscribeConfirmed(s, email);
    const token = row(email)!.unsubscribe_token as string;
    const before = databaseFingerprint(s.ctx.sqlite);
    const wrong = await s.request(`/newsletter/unsubscribe?token=${token}`, { method: "POST", headers: form, body: "List-Unsubscribe=Yes" });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe("Send List-Unsubscribe=One-Click (RFC 8058).");
    expect(
      (await s.request(`/newsletter/unsubscribe?token=unknown-token-value`, { method: "POST", headers: form, body: "List-Unsubscribe=One-Click" })).status,
    ).toBe(404);
    // A form body anywhere else is still refused (R5).
    expect((await s.request(`/api/newsletter/unsubscribe?token=${token}`, { method: "POST", headers: form, body: "List-Unsubscribe=One-Click" })).status).toBe(
      415,
    );
    // A browser on another site cannot post it.
    expect(
      (
        await s.request(`/newsletter/unsubscribe?token=${token}`, {
          method: "POST",
          headers: { ...form, origin: "https://evil.example" },
          body: "List-Unsubscribe=One-Click",
        })
      ).status,
    ).toBe(403);
    expect(databaseFingerprint(s.ctx.sqlite)).toEqual(before);

    const res = await s.request(`/newsletter/unsubscribe?token=${token}`, { method: "POST", headers: form, body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    expect(row(email)).toMatchObject({ is_active: 0 });
  });
});

describe("staff (R16 as amended)", () => {
  it("cannot switch on an address that never confirmed; can switch a confirmed one off and on", async () => {
    const cookie = await s.login();
    await subscribe({ email: "unconfirmed@example.com" });
    await subscribeConfirmed(s, "confirmed@example.com");
    const list = (await (await s.request("/api/newsletters", { cookie })).json()) as { id: number; email: string; isActive: boolean }[];
    const unconfirmed = list.find((x) => x.email === "unconfirmed@example.com")!;
    const confirmed = list.find((x) => x.email === "confirmed@example.com")!;
    expect(unconfirmed.isActive).toBe(false);

    const refused = await s.request(`/api/newsletters/${unconfirmed.id}/status`, { method: "PATCH", json: { isActive: true }, cookie });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/has not confirmed/);
    expect(row("unconfirmed@example.com")).toMatchObject({ is_active: 0 });

    for (const isActive of [false, true]) {
      const res = await s.request(`/api/newsletters/${confirmed.id}/status`, { method: "PATCH", json: { isActive }, cookie });
      expect(res.status).toBe(200);
      expect((await res.json()).isActive).toBe(isActive);
    }
  });
});

describe("the pages", () => {
  it("run no inline script, load their own stylesheet and script, and carry the security headers", async () => {
    await subscribe({ email: "pages@example.com" });
    const res = await s.request(`/newsletter/confirm?token=${confirmationToken(s, "pages@example.com")}`);
    const html = await res.text();
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    for (const [, attributes] of html.matchAll(/<script\b([^>]*)>/g)) expect(attributes).toMatch(/\bsrc="\/newsletter\/page\.js"/);
    expect(html).toContain('<link rel="stylesheet" href="/newsletter/page.css">');
    const js = await s.request("/newsletter/page.js");
    expect(js.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(await js.text()).toContain('method: "POST"');
    const css = await s.request("/newsletter/page.css");
    expect(css.headers.get("content-type")).toBe("text/css; charset=utf-8");
  });
});
