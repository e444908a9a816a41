import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAppContext } from "../../composition-root.js";
import { DEMO_STAFF } from "@tearoom/domain";
import { newVisitor, queuedMails, startTestServer, type TestServer } from "../../test/helpers.js";
import { updateSetting } from "./booking-settings.js";
import { sendDueThankYous } from "./thank-you.js";

// R56: an optional thank-you the morning after a confirmed visit, with the review link; once; off by default.

let s: TestServer;
let cookie: string;
beforeAll(async () => {
  s = await startTestServer({ env: { TRUST_PROXY: "true", RATE_LIMIT_MAX: "100000" } });
  cookie = await s.login();
});
afterAll(async () => s.close());

const THURSDAY = "2027-06-03";
const garden = async (first: string, time: string, spot = "pond-pavilion") => {
  const res = await s.request("/api/bookings", {
    from: newVisitor(),
    json: {
      type: "secretGarden",
      date: THURSDAY,
      time,
      guests: 2,
      name: `${first} Ashby`,
      email: `${first.toLowerCase()}@example.com`,
      phone: "07700 900123",
      gardenSpotId: spot,
      includeWine: false,
    },
  });
  expect(res.status).toBe(201);
  const { reference } = await res.json();
  const [row] = (await (await s.request(`/api/bookings?search=${reference}`, { cookie })).json()) as { id: number }[];
  return row!.id;
};
/** Moves the clock and signs in again: a session lapses over the hours the test skips. */
const at = async (iso: string) => {
  s.clock.now = new Date(iso);
  const res = await s.request("/api/admin/login", { json: DEMO_STAFF });
  cookie = (res.headers.get("set-cookie") ?? "").split(";")[0]!;
};
const thankYous = () => queuedMails(s, { kind: "visit-thank-you" });

describe("the thank-you after a visit (R56)", () => {
  it("none while the setting is off (the default); once on, one each the morning after, never to a no-show or an empty address, never twice", async () => {
    const iris = await garden("Iris", "12:00");
    await garden("Basil", "14:00");
    const nora = await garden("Nora", "12:00", "wisteria-terrace");
    const phoneOnly = await garden("Pip", "12:00", "rose-garden");
    // A booking staff took by phone without an address (R49).
    s.ctx.sqlite.prepare("UPDATE bookings SET email = '' WHERE id = ?").run(phoneOnly);

    await at("2027-06-03T15:00:00Z");
    expect((await s.request(`/api/bookings/${iris}/arrival`, { cookie, json: { status: "arrived" } })).status).toBe(200);
    expect((await s.request(`/api/bookings/${nora}/arrival`, { cookie, json: { status: "no-show" } })).status).toBe(200);

    // Off by default: the morning after, nothing.
    await at("2027-06-04T09:30:00Z");
    expect(await sendDueThankYous(s.ctx)).toBe(0);
    expect(thankYous()).toEqual([]);

    await updateSetting(s.ctx, "thank_you_email", "true", "test");
    await updateSetting(s.ctx, "review_link", "https://reviews.example.com/heritage-tearoom", "test");
    // 09:59 London (08:59 UTC in summer): not yet.
    await at("2027-06-04T08:59:00Z");
    expect(await sendDueThankYous(s.ctx)).toBe(0);
    await at("2027-06-04T09:00:00Z");
    expect(await sendDueThankYous(s.ctx)).toBe(2);
    const mails = thankYous();
    expect(mails.map((m) => m.to).sort()).toEqual(["basil@example.com", "iris@example.com"]);
    const mail = mails.find((m) => m.to === "iris@example.com")!;
    expect(mail.subject).toBe("Thank you for visiting the Heritage Tearoom");
    expect(mail.text).toMatch(/^Dear Iris,/);
    expect(mail.text).toContain("Leave a review: https://reviews.example.com/heritage-tearoom");
    expect(mail.html).toContain('href="https://reviews.example.com/heritage-tearoom"');

    // Never twice: a second pass, a racing pair, or a restarted server.
    expect(await sendDueThankYous(s.ctx)).toBe(0);
    const restarted = await createAppContext(s.ctx.env, { now: () => s.clock.now });
    try {
      expect(await sendDueThankYous(restarted)).toBe(0);
    } finally {
      await restarted.close();
    }
    await at("2027-06-05T09:00:00Z");
    expect(await sendDueThankYous(s.ctx)).toBe(0);
    expect(thankYous()).toHaveLength(2);
  });

  it("the review link must be an https address or none; a bad one is refused and changes nothing", async () => {
    const res = await s.request("/api/booking-settings/review_link", { method: "PATCH", cookie, json: { value: "javascript:alert(1)" } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toMatch(/https/);
  });
});
