import { afterEach, describe, expect, it } from "vitest";
import { trustProxySetting } from "../env.js";
import { startTestServer, type TestServer } from "../test/helpers.js";

/**
 * R24: the client address that every throttle is keyed by. X-Forwarded-For is believed only as
 * far as TRUST_PROXY says proxies stand in front of the server; what the client wrote further
 * left is never its address.
 */

let s: TestServer | undefined;
afterEach(async () => {
  await s?.close();
  s = undefined;
});

const enquiry = { name: "Ada Lovelace", email: "ada@example.com", enquiryType: "general-enquiry", message: "Do you have gluten-free scones?" };

async function contactStatuses(server: TestServer, count: number, forwardedFor: (i: number) => string | undefined): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const xff = forwardedFor(i);
    const res = await server.app.inject({
      method: "POST",
      url: "/api/contact",
      remoteAddress: "127.0.0.1",
      headers: { "content-type": "application/json", ...(xff ? { "x-forwarded-for": xff } : {}) },
      payload: JSON.stringify(enquiry),
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe("TRUST_PROXY (R24)", () => {
  it("reads false, true (one hop), a hop count or a list of proxy addresses, and refuses anything else", () => {
    expect(trustProxySetting("false")).toBe(false);
    expect(trustProxySetting("")).toBe(false);
    expect(trustProxySetting("0")).toBe(false);
    expect(trustProxySetting("true")).toBe(1);
    expect(trustProxySetting("2")).toBe(2);
    expect(trustProxySetting("10.0.0.1, 10.0.0.0/8,::1")).toEqual(["10.0.0.1", "10.0.0.0/8", "::1"]);
    expect(trustProxySetting("loopback")).toEqual(["loopback"]);
    for (const bad of ["yes", "*", "-1", "10.0.0.1; rm", "proxy.example.com"]) expect(trustProxySetting(bad), bad).toBeNull();
  });

  it("one hop: 60 enquiries whose first X-Forwarded-For entry changes each time come from one client and meet the 30-a-minute limit", async () => {
    s = await startTestServer({ env: { TRUST_PROXY: "true" } });
    const statuses = await contactStatuses(s, 60, (i) => `203.0.113.${i}, 198.51.100.7`);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(statuses.slice(30)).toEqual(Array(30).fill(429));
    // A different client behind the same proxy has its own allowance.
    expect(await contactStatuses(s, 1, () => "198.51.100.8")).toEqual([201]);
  });

  it("an IPv6 client is its /64: 31 enquiries from addresses inside one /64 meet the limit, as R23's counts do", async () => {
    s = await startTestServer({ env: { TRUST_PROXY: "true" } });
    const statuses = await contactStatuses(s, 31, (i) => `2001:db8:1:2::${(i + 1).toString(16)}`);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(201));
    expect(statuses.at(-1)).toBe(429);
    // The next /64 is another client.
    expect(await contactStatuses(s, 1, () => "2001:db8:1:3::1")).toEqual([201]);
  });

  it("two hops: the client is the second entry from the right", async () => {
    s = await startTestServer({ env: { TRUST_PROXY: "2" } });
    const statuses = await contactStatuses(s, 31, (i) => `203.0.113.${i}, 198.51.100.7, 10.0.0.2`);
    expect(statuses.at(-1)).toBe(429);
  });

  it("a list of proxies: only a listed peer's X-Forwarded-For is read", async () => {
    s = await startTestServer({ env: { TRUST_PROXY: "127.0.0.1" } });
    expect((await contactStatuses(s, 31, (i) => `203.0.113.${i}, 198.51.100.7`)).at(-1)).toBe(429);
  });

  it("no proxy: X-Forwarded-For is ignored, so changing it never makes a new client", async () => {
    s = await startTestServer();
    const statuses = await contactStatuses(s, 31, (i) => `198.51.100.${i}`);
    expect(statuses.at(-1)).toBe(429);
  });
});
