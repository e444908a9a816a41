import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../composition-root.js";
import { deliverDueMail } from "../../mail/delivery.js";
import { queuedMails, startTestServer, subscribeConfirmed, type TestServer } from "../../test/helpers.js";
import { queueNewsletterMail } from "../services/campaigns.js";

// R56: newsletters are written, previewed, tested on oneself and sent once to confirmed active
// subscribers through the outbox at a bounded rate, each with RFC 8058 one-click unsubscribe.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { RATE_LIMIT_MAX: "100000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const staff = (path: string, init: { method?: string; json?: unknown } = {}) => s.request(path, { ...init, cookie });
const create = async (json: unknown = { subject: "Spring at the tearoom", body: "Hello **friends**.\n\n[Book a table](https://example.com/book)" }) =>
  staff("/api/newsletter/campaigns", { json });
const campaignMails = (to?: string) => queuedMails(s, { kind: "newsletter-campaign", ...(to ? { to } : {}) });
const later = (ms: number) => {
  s.clock.now = new Date(s.clock.now.getTime() + ms);
};
const subscriberRow = (email: string) => s.ctx.sqlite.prepare("SELECT * FROM newsletter_subscriptions WHERE email = ?").get(email) as Record<string, any>;
const listed = async (id: number) => ((await (await staff("/api/newsletter/campaigns")).json()) as Record<string, any>[]).find((c) => c.id === id)!;

describe("writing a newsletter", () => {
  it("POST creates a draft (201); bad input is a 400 naming the field and saves nothing; staff only", async () => {
    expect((await s.request("/api/newsletter/campaigns", { json: { subject: "x", body: "y" } })).status).toBe(401);
    const before = (await (await staff("/api/newsletter/campaigns")).json()).length;
    const bad = await create({ subject: "  ", body: "Hello" });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain("subject");
    const noBody = await create({ subject: "Hi" });
    expect(noBody.status).toBe(400);
    expect((await noBody.json()).message).toContain("body");
    expect((await (await staff("/api/newsletter/campaigns")).json()).length).toBe(before);

    const res = await create();
    expect(res.status).toBe(201);
    const draft = await res.json();
    expect(draft).toMatchObject({ subject: "Spring at the tearoom", status: "draft", recipients: 0, sent: 0, createdBy: "admin", sendStartedAt: null });
    expect(await listed(draft.id)).toMatchObject({ status: "draft" });

    const changed = await staff(`/api/newsletter/campaigns/${draft.id}`, { method: "PATCH", json: { subject: "Summer at the tearoom" } });
    expect(changed.status).toBe(200);
    expect((await changed.json()).subject).toBe("Summer at the tearoom");
  });

  it("the preview renders Markdown to HTML with raw HTML escaped, and a plain-text part", async () => {
    const res = await staff("/api/newsletter/campaigns/preview", {
      json: {
        subject: "Hi",
        body: "# Scones\n\nFresh **every** day. <script>alert(1)</script>\n\n[Book](javascript:alert(1)) [Menu](https://example.com/menu)",
      },
    });
    expect(res.status).toBe(200);
    const preview = await res.json();
    expect(preview.html).toContain("<h1>Scones</h1>");
    expect(preview.html).toContain("<strong>every</strong>");
    expect(preview.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(preview.html).not.toContain("<script>");
    expect(preview.html).not.toContain('href="javascript:');
    expect(preview.html).toContain('<a href="https://example.com/menu">Menu</a>');
    expect(preview.text).toContain("Fresh every day.");
    expect(preview.text).toContain("Menu (https://example.com/menu)");
    expect(preview.text).not.toContain("**");
  });
});

describe("a test to oneself", () => {
  it("409 with a clear message while the staff account has no e-mail; 202 to it once given", async () => {
    const { id } = await (await create()).json();
    const refused = await staff(`/api/newsletter/campaigns/${id}/test`, { method: "POST" });
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toMatch(/no e-mail address/);
    expect(queuedMails(s, { kind: "newsletter-test" })).toEqual([]);

    const [me] = (await (await staff("/api/staff-users")).json()) as { id: number }[];
    const badEmail = await staff(`/api/staff-users/${me!.id}`, { method: "PATCH", json: { email: "not an address" } });
    expect(badEmail.status).toBe(400);
    expect((await badEmail.json()).message).toContain("email");
    const set = await staff(`/api/staff-users/${me!.id}`, { method: "PATCH", json: { email: "Owner@Example.com" } });
    expect(set.status).toBe(200);
    expect((await set.json()).email).toBe("owner@example.com");

    const sent = await staff(`/api/newsletter/campaigns/${id}/test`, { method: "POST" });
    expect(sent.status).toBe(202);
    expect(await sent.json()).toEqual({ to: "owner@example.com" });
    const [mail] = queuedMails(s, { kind: "newsletter-test" });
    expect(mail).toMatchObject({ to: "owner@example.com", subject: "[Test] Spring at the tearoom" });
    expect(mail!.html).toContain("<strong>friends</strong>");
    // Testing is not sending: the draft stays a draft.
    expect(await listed(id)).toMatchObject({ status: "draft", recipients: 0 });
    expect((await staff(`/api/newsletter/campaigns/999999/test`, { method: "POST" })).status).toBe(404);
  });
});

describe("sending", () => {
  it("to confirmed active subscribers only, once: 202 with the recipients, 409 the second time, one outbox row each at the bounded rate", async () => {
    await subscribeConfirmed(s, "ada@example.com", { firstName: "Ada" });
    await subscribeConfirmed(s, "ben@example.com");
    await subscribeConfirmed(s, "cyd@example.com");
    await subscribeConfirmed(s, "gone@example.com");
    expect((await s.request("/api/newsletter/unsubscribe", { json: { token: subscriberRow("gone@example.com").unsubscribe_token } })).status).toBe(200);
    // Asked but never confirmed: not a subscriber.
    expect((await s.request("/api/newsletter/subscribe", { json: { email: "unconfirmed@example.com" } })).status).toBe(202);

    const { id } = await (await create({ subject: "The summer menu", body: "Strawberries *and* cream." })).json();
    const res = await staff(`/api/newsletter/campaigns/${id}/send`, { method: "POST" });
    expect(res.status).toBe(202);
    expect(await res.json()).toEqual({ recipients: 3 });
    const twice = await staff(`/api/newsletter/campaigns/${id}/send`, { method: "POST" });
    expect(twice.status).toBe(409);
    expect((await twice.json()).message).toMatch(/already been sent/);
    const edit = await staff(`/api/newsletter/campaigns/${id}`, { method: "PATCH", json: { body: "changed" } });
    expect(edit.status).toBe(409);
    expect(await listed(id)).toMatchObject({ status: "sending", recipients: 3, sent: 0 });

    // Nothing is e-mailed by the request itself: the background pass queues at the bounded rate.
    expect(campaignMails()).toEqual([]);
    expect(await queueNewsletterMail(s.ctx, 2)).toBe(2);
    expect(await queueNewsletterMail(s.ctx, 2)).toBe(0);
    later(61_000);
    expect(await queueNewsletterMail(s.ctx, 2)).toBe(1);
    expect(await queueNewsletterMail(s.ctx, 2)).toBe(0);

    const mails = campaignMails();
    expect(mails.map((m) => m.to).sort()).toEqual(["ada@example.com", "ben@example.com", "cyd@example.com"]);
    const ada = mails.find((m) => m.to === "ada@example.com")!;
    expect(ada.subject).toBe("The summer menu");
    expect(ada.html).toContain("<em>and</em>");
    expect(ada.text).toMatch(/^Dear Ada,/);
    const unsubscribe = `http://localhost:3000/newsletter/unsubscribe?token=${subscriberRow("ada@example.com").unsubscribe_token}`;
    expect(ada.headers).toEqual({ "List-Unsubscribe": `<${unsubscribe}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" });
    expect(ada.html).toContain(`href="${unsubscribe.replace(/&/g, "&amp;")}"`);
    expect(ada.text).toContain(`Unsubscribe: ${unsubscribe}`);
    // The record of sends: one row per recipient, each tied to its one outbox message.
    const sends = s.ctx.sqlite.prepare("SELECT status, outbox_id FROM newsletter_sends WHERE campaign_id = ?").all(id) as {
      status: string;
      outbox_id: number;
    }[];
    expect(sends).toHaveLength(3);
    expect(sends.every((r) => r.status === "queued" && r.outbox_id !== null)).toBe(true);
    expect(new Set(sends.map((r) => r.outbox_id)).size).toBe(3);

    // Delivered by the outbox: the campaign is sent.
    await deliverDueMail(
      {
        db: s.ctx.db,
        record: (o) => s.ctx.writer.recordMailOutcome(o),
        transport: { name: "files", send: async () => undefined },
        from: "t@example.com",
        now: () => s.clock.now,
      },
      100,
    );
    expect(await listed(id)).toMatchObject({ status: "sent", recipients: 3, sent: 3 });
    expect((await listed(id)).sentAt).not.toBeNull();

    // The one-click unsubscribe of the e-mail works without a session.
    const oneClick = await s.request(new URL(unsubscribe).pathname + new URL(unsubscribe).search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.status).toBe(200);
    expect(subscriberRow("ada@example.com").is_active).toBe(0);
  });

  it("a restart mid-send e-mails nobody twice and skips nobody; one who unsubscribed meanwhile is skipped", async () => {
    later(120_000);
    const emails = ["r1@example.com", "r2@example.com", "r3@example.com", "r4@example.com", "r5@example.com"];
    for (const email of emails) await subscribeConfirmed(s, email);
    const { id } = await (await create({ subject: "Restart", body: "Once each." })).json();
    const { recipients } = await (await staff(`/api/newsletter/campaigns/${id}/send`, { method: "POST" })).json();
    // ben and cyd from before, and the five.
    expect(recipients).toBe(7);

    // Two passes racing, then the server stops after some were queued.
    const [a, b] = await Promise.all([queueNewsletterMail(s.ctx, 3), queueNewsletterMail(s.ctx, 3)]);
    // The rate holds across racing passes: three in the minute, whoever queued them.
    expect(a + b).toBe(3);
    expect((await s.request("/api/newsletter/unsubscribe", { json: { token: subscriberRow("r5@example.com").unsubscribe_token } })).status).toBe(200);

    const restarted = await createAppContext(s.ctx.env, { now: () => s.clock.now });
    try {
      for (let minute = 0; minute < 5; minute++) {
        later(61_000);
        await queueNewsletterMail(restarted, 3);
      }
      expect(await queueNewsletterMail(restarted, 3)).toBe(0);
    } finally {
      await restarted.close();
    }
    const rows = s.ctx.sqlite.prepare("SELECT o.to_address FROM newsletter_sends s JOIN outbox o ON o.id = s.outbox_id WHERE s.campaign_id = ?").all(id) as {
      to_address: string;
    }[];
    const outbox = queuedMails(s, { kind: "newsletter-campaign" })
      .filter((m) => m.subject === "Restart")
      .map((m) => m.to);
    expect(outbox.sort()).toEqual(rows.map((r) => r.to_address).sort());
    expect(new Set(outbox).size).toBe(outbox.length);
    const expected = ["ben@example.com", "cyd@example.com", ...emails];
    // r5 unsubscribed after the send started: sent only if queued before that, never twice.
    for (const email of expected.filter((e) => e !== "r5@example.com")) expect(outbox.filter((to) => to === email)).toHaveLength(1);
    expect(outbox.filter((to) => to === "r5@example.com").length).toBeLessThanOrEqual(1);
  });
});
