import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_ROUTE_LIST } from "../../http/static.js";
import { startTestServer, type TestServer } from "../../test/helpers.js";

// R53: GET /whats-on carries the published events' schema.org `Event` data in its HTML as served,
// read from the database (staff publish after the build), never a draft's.

let s: TestServer;
let cookie: string;
let root: string;
beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), "tearoom-whats-on-"));
  mkdirSync(join(root, "whats-on"));
  writeFileSync(join(root, "index.html"), "<!doctype html><html><head><title>Home</title></head><body></body></html>");
  writeFileSync(
    join(root, "whats-on", "index.html"),
    `<!doctype html><html><head><title>What's On</title></head><body><div id="root">prerendered</div></body></html>`,
  );
  mkdirSync(join(root, "admin"));
  writeFileSync(join(root, "admin", "index.html"), "admin app");
  writeFileSync(join(root, "admin", ADMIN_ROUTE_LIST), JSON.stringify(["/admin"]));
  s = await startTestServer({ spaRoots: { web: root, admin: join(root, "admin") } });
  cookie = await s.login();
});
afterAll(async () => {
  await s.close();
  rmSync(root, { recursive: true, force: true });
});

async function event(name: string, published: boolean): Promise<number> {
  const areas: { id: number }[] = await (await s.request("/api/areas", { cookie })).json();
  const made = await (await s.request("/api/events", { cookie, json: { name, description: "With scones.", pricePence: 3495, published } })).json();
  const added = await s.request(`/api/events/${made.id}/sittings`, {
    cookie,
    json: { date: "2027-06-19", time: "11:00", minutes: 60, tickets: 3, areaId: areas[0]!.id },
  });
  expect(added.status).toBe(201);
  return made.id as number;
}
const jsonLdOf = (html: string) => {
  const found = /<script type="application\/ld\+json">(.*?)<\/script><\/head>/.exec(html);
  return found ? (JSON.parse(found[1]!) as Record<string, any>[]) : null;
};

describe("GET /whats-on", () => {
  it("has no events' data while none is published, then the published ones' and never a draft's; a staff change shows at once", async () => {
    const before = await s.request("/whats-on");
    expect(before.status).toBe(200);
    const empty = await before.text();
    expect(empty).toContain("prerendered");
    expect(jsonLdOf(empty)).toBeNull();

    await event("Midsummer Tea </script><script>alert(1)</script>", true);
    const draft = await event("Secret Supper", false);
    const res = await s.request("/whats-on");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).not.toContain("<script>alert(1)");
    const data = jsonLdOf(html)!;
    expect(data).toEqual([
      expect.objectContaining({
        "@context": "https://schema.org",
        "@type": "Event",
        name: "Midsummer Tea </script><script>alert(1)</script>",
        startDate: "2027-06-19T10:00:00.000Z",
        offers: expect.objectContaining({ price: "34.95", priceCurrency: "GBP", availability: "https://schema.org/InStock" }),
      }),
    ]);
    expect(html).not.toContain("Secret Supper");
    // Other pages are served as built.
    expect(await (await s.request("/")).text()).not.toContain("ld+json");

    expect((await s.request(`/api/events/${draft}`, { method: "PATCH", cookie, json: { published: true } })).status).toBe(200);
    const names = jsonLdOf(await (await s.request("/whats-on")).text())!.map((e) => e.name);
    expect(names).toContain("Secret Supper");
  });
});
