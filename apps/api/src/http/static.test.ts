import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { get, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from "node:zlib";
import { PUBLIC_PATHS } from "@tearoom/domain";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/helpers.js";
import { ADMIN_ROUTE_LIST, resolveSpaRoots } from "./static.js";
import { loadEnv } from "../env.js";

let s: TestServer;
let dir: string;
const bigScript = `console.log(${JSON.stringify("tearoom ".repeat(500))});`;
const otherScript = `console.log(${JSON.stringify("garden ".repeat(500))});`;
// Copies as the build writes them, but at the fastest settings: the server's own would differ.
const fastBrotli = (text: string) => brotliCompressSync(text, { params: { [zlib.BROTLI_PARAM_QUALITY]: 1 } });
const fastGzip = (text: string) => gzipSync(text, { level: 1 });
/** An admin build's list of its addresses, as apps/admin/build/route-list.ts writes it. */
const writeAdminRoutes = (adminDir: string, paths: string[]) => writeFileSync(join(adminDir, ADMIN_ROUTE_LIST), JSON.stringify(paths));
const SOME_ADMIN_ROUTES = ["/admin", "/admin/login", "/admin/dashboard", "/admin/pricing", "/admin/reservations"];

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), "tearoom-spa-"));
  for (const app of ["web", "admin"]) {
    mkdirSync(join(dir, app, "assets"), { recursive: true });
    mkdirSync(join(dir, app, "audio"), { recursive: true });
    writeFileSync(join(dir, app, "index.html"), `<!doctype html><title>${app} app</title><div id="root"></div>`);
    writeFileSync(join(dir, app, "assets", "index-abc123.js"), bigScript);
  }
  writeAdminRoutes(join(dir, "admin"), SOME_ADMIN_ROUTES);
  writeFileSync(join(dir, "web", "audio", "birdsong-ambient.mp3"), Buffer.alloc(4000, 7));
  writeFileSync(join(dir, "web", "robots.txt"), "User-agent: *\n");
  writeFileSync(join(dir, "web", "assets", "built-def456.js"), otherScript);
  writeFileSync(join(dir, "web", "assets", "built-def456.js.br"), fastBrotli(otherScript));
  writeFileSync(join(dir, "web", "assets", "built-def456.js.gz"), fastGzip(otherScript));
  // Copies left from an earlier build of the same name: they unpack to other bytes.
  writeFileSync(join(dir, "web", "assets", "edited-789abc.js"), otherScript);
  writeFileSync(join(dir, "web", "assets", "edited-789abc.js.br"), fastBrotli(bigScript));
  writeFileSync(join(dir, "web", "assets", "edited-789abc.js.gz"), fastGzip(bigScript));
  // Copies that are not compressed data at all (a truncated or damaged file).
  writeFileSync(join(dir, "web", "assets", "damaged-0a1b2c.js"), otherScript);
  writeFileSync(join(dir, "web", "assets", "damaged-0a1b2c.js.br"), Buffer.from("not brotli at all"));
  writeFileSync(join(dir, "web", "assets", "damaged-0a1b2c.js.gz"), fastGzip(otherScript).subarray(0, 20));
  s = await startTestServer({ spaRoots: { web: join(dir, "web"), admin: join(dir, "admin") } });
});
afterAll(async () => {
  await s.close();
  rmSync(dir, { recursive: true, force: true });
});

const adminHost = { host: "admin.localhost:3000" };

describe("serving the built apps (R18)", () => {
  it("serves the public site's index.html for its routes, uncached", async () => {
    for (const path of ["/", "/afternoon-tea", "/gift-vouchers", "/confirmation?payment_intent=pi_1&redirect_status=succeeded"]) {
      const res = await s.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain("web app");
      expect(res.headers.get("cache-control")).toBe("no-cache");
      expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
    }
  });

  it("knows every route of the public site's router (the domain's PUBLIC_PATHS), and only those", async () => {
    for (const path of PUBLIC_PATHS) expect((await s.request(path)).status, path).toBe(200);
    for (const path of ["/home", "/afternoon-teas", "/routes/contact"]) expect((await s.request(path)).status, path).toBe(404);
  });

  it("renders the SPA (its 404 page) with status 404 for unknown paths, and a plain 404 for missing files", async () => {
    const res = await s.request("/no-such-page");
    expect(res.status).toBe(404);
    expect(await res.text()).toContain("web app");
    const missing = await s.request("/assets/index-gone.js");
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("Not found");
  });

  it("caches hashed assets for a year and compresses them", async () => {
    const res = await s.request("/assets/index-abc123.js", { headers: { "accept-encoding": "br, gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    // fetch decodes the body itself; the header says it travelled compressed.
    expect(res.headers.get("content-encoding")).toBe("br");
    expect(await res.text()).toBe(bigScript);
    const raw = await s.app.inject({ url: "/assets/index-abc123.js", headers: { "accept-encoding": "br" } });
    expect(brotliDecompressSync(raw.rawPayload).toString()).toBe(bigScript);
    expect(raw.rawPayload.length).toBeLessThan(bigScript.length / 5);
    const etag = res.headers.get("etag")!;
    const again = await s.request("/assets/index-abc123.js", { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
  });

  it("sends the build's compressed copies as they are", async () => {
    const br = await s.app.inject({ url: "/assets/built-def456.js", headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.equals(fastBrotli(otherScript))).toBe(true);
    const gz = await s.app.inject({ url: "/assets/built-def456.js", headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.rawPayload.equals(fastGzip(otherScript))).toBe(true);
    expect(await (await s.request("/assets/built-def456.js")).text()).toBe(otherScript);
  });

  it("never sends a compressed copy that is not of the file as it is now", async () => {
    const br = await s.app.inject({ url: "/assets/edited-789abc.js", headers: { "accept-encoding": "br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(otherScript);
    const gz = await s.app.inject({ url: "/assets/edited-789abc.js", headers: { "accept-encoding": "gzip" } });
    expect(gunzipSync(gz.rawPayload).toString()).toBe(otherScript);
  });

  it("compresses a file itself when the build's copies are damaged, never failing the request", async () => {
    for (const encoding of ["br", "gzip"]) {
      const res = await s.app.inject({ url: "/assets/damaged-0a1b2c.js", headers: { "accept-encoding": encoding } });
      expect(res.statusCode, encoding).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      const body = encoding === "br" ? brotliDecompressSync(res.rawPayload) : gunzipSync(res.rawPayload);
      expect(body.toString()).toBe(otherScript);
    }
  });

  it("serves other files with ranges (audio) and shorter caching", async () => {
    const res = await s.request("/audio/birdsong-ambient.mp3", { headers: { range: "bytes=0-99" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-type")).toBe("audio/mpeg");
    expect((await res.arrayBuffer()).byteLength).toBe(100);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await s.request("/robots.txt")).status).toBe(200);
  });

  it("never serves files outside the dist folder", async () => {
    for (const path of ["/..%2f..%2fetc/passwd", "/%2e%2e/%2e%2e/package.json", "/assets/..%2f..%2fadmin/index.html"]) {
      const res = await s.request(path);
      expect([400, 404]).toContain(res.status);
      expect(await res.text()).not.toContain("root:");
    }
  });

  // fetch cannot set Host; inject can.
  const onHost = (app: TestServer, url: string, host: string) => app.app.inject({ url, headers: { host } });

  it("serves the admin app on the admin host, any port, with the spec's /admin paths", async () => {
    const root = await onHost(s, "/", adminHost.host);
    expect(root.statusCode).toBe(302);
    expect(root.headers.location).toBe("/admin/dashboard");
    for (const path of ["/admin/login", "/admin/dashboard", "/admin"]) {
      const res = await onHost(s, path, adminHost.host);
      expect(res.statusCode, path).toBe(200);
      expect(res.body).toContain("admin app");
    }
    expect((await onHost(s, "/admin/pricing", "admin.localhost:8123")).body).toContain("admin app");
    expect((await onHost(s, "/admin/nothing", adminHost.host)).statusCode).toBe(404);
    const asset = await onHost(s, "/assets/index-abc123.js", adminHost.host);
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // The API answers on the admin host too (same-origin calls from the admin app).
    expect((await onHost(s, "/api/admin/session", adminHost.host)).statusCode).toBe(401);
  });

  it("redirects /admin/* on the public host to the admin host, keeping path and query", async () => {
    const res = await onHost(s, "/admin/reservations?date=2027-06-05", "localhost:3000");
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("http://admin.localhost:3000/admin/reservations?date=2027-06-05");
    expect((await onHost(s, "/admin", "www.example.co.uk")).headers.location).toBe("http://admin.localhost/admin");
  });
});

describe("when an app is not built", () => {
  it("answers a short page saying so, never crashing", async () => {
    const bare = await startTestServer();
    try {
      const res = await bare.request("/");
      expect(res.status).toBe(503);
      expect(await res.text()).toContain("The public site is not built");
      const admin = await bare.app.inject({ url: "/admin/login", headers: adminHost });
      expect(admin.body).toContain("The admin app is not built");
      expect((await bare.request("/api/site")).status).toBe(200);
    } finally {
      await bare.close();
    }
  });
});

describe("the admin app's addresses, from the list its build writes", () => {
  // The admin app as `pnpm build` leaves it beside the server: its index.html, and the list of
  // addresses its build writes from the lists its router is built from (apps/admin/src/route-paths.ts).
  const builtAdmin = resolveSpaRoots(loadEnv({}), fileURLToPath(new URL("..", import.meta.url))).admin;
  let built: TestServer;
  let routes: string[];
  let app: string;
  beforeAll(async () => {
    const list = join(builtAdmin, ADMIN_ROUTE_LIST);
    if (!existsSync(list)) throw new Error(`${list} is missing: build the admin app first (pnpm build)`);
    routes = JSON.parse(readFileSync(list, "utf8")) as string[];
    app = readFileSync(join(builtAdmin, "index.html"), "utf8");
    built = await startTestServer({ spaRoots: { web: join(dir, "web"), admin: builtAdmin } });
  });
  afterAll(async () => built?.close());

  /** A GET over HTTP on the admin host, as a browser there sends it (fetch cannot set Host). */
  const onAdminHost = (path: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const port = new URL(built.url).port;
      get(`${built.url}${path}`, { headers: { host: `admin.localhost:${port}`, ...headers } }, (res) => {
        let body = "";
        res.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      }).on("error", reject);
    });

  it("include every staff screen, those a hand-kept list once left out among them", () => {
    expect(routes).toEqual(expect.arrayContaining(["/admin", "/admin/login", "/admin/dashboard"]));
    expect(routes).toEqual(expect.arrayContaining(["/admin/day", "/admin/closures", "/admin/privacy", "/admin/activity", "/admin/accounts"]));
  });

  it("each answer 200 with the app, loaded directly and on refresh", async () => {
    for (const path of routes) {
      const direct = await onAdminHost(path);
      expect(direct.status, path).toBe(200);
      expect(direct.headers["content-type"], path).toBe("text/html; charset=utf-8");
      expect(direct.body, path).toBe(app);
      // A refresh asks with what the browser kept: the app it has still stands.
      const refresh = await onAdminHost(path, { "cache-control": "max-age=0", "if-none-match": String(direct.headers.etag) });
      expect(refresh.status, path).toBe(304);
      const hardRefresh = await onAdminHost(`${path}/`, { "cache-control": "no-cache", pragma: "no-cache" });
      expect(hardRefresh.status, `${path}/`).toBe(200);
      expect(hardRefresh.body, `${path}/`).toBe(app);
    }
  });

  it("answer anything else under /admin with the app and 404, which draws its not-found screen", async () => {
    for (const path of ["/admin/nope", "/admin/day/extra", "/admin/Day", "/admin/nope?from=bookmark"]) {
      const res = await onAdminHost(path);
      expect(res.status, path).toBe(404);
      expect(res.body, path).toBe(app);
      expect(res.headers["cache-control"], path).toBe("no-cache");
    }
  });

  it("are read again when a rebuild writes a new list, and an admin build without one is not served", async () => {
    const root = mkdtempSync(join(tmpdir(), "tearoom-admin-build-"));
    writeFileSync(join(root, "index.html"), "admin app");
    const server = await startTestServer({ spaRoots: { web: join(dir, "web"), admin: root } });
    try {
      // Built before the build wrote its list: no guessing which addresses are screens.
      const old = await server.app.inject({ url: "/admin/dashboard", headers: adminHost });
      expect(old.statusCode).toBe(503);
      expect(old.body).toContain("The admin app is not built");
      writeAdminRoutes(root, ["/admin", "/admin/dashboard"]);
      expect((await server.app.inject({ url: "/admin/dashboard", headers: adminHost })).statusCode).toBe(200);
      expect((await server.app.inject({ url: "/admin/garden", headers: adminHost })).statusCode).toBe(404);
      writeAdminRoutes(root, ["/admin", "/admin/dashboard", "/admin/garden"]);
      utimesSync(join(root, ADMIN_ROUTE_LIST), new Date(), new Date(Date.now() + 5_000));
      expect((await server.app.inject({ url: "/admin/garden", headers: adminHost })).statusCode).toBe(200);
      // A list that is no list of /admin paths counts as none.
      writeFileSync(join(root, ADMIN_ROUTE_LIST), JSON.stringify(["/dashboard"]));
      utimesSync(join(root, ADMIN_ROUTE_LIST), new Date(), new Date(Date.now() + 10_000));
      expect((await server.app.inject({ url: "/admin/dashboard", headers: adminHost })).statusCode).toBe(503);
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("dist folders", () => {
  it("are found beside the server file (src/ or dist/) unless overridden", () => {
    const env = loadEnv({});
    expect(resolveSpaRoots(env, "/srv/tearoom/apps/api/dist")).toEqual({ web: "/srv/tearoom/apps/web/dist", admin: "/srv/tearoom/apps/admin/dist" });
    const over = loadEnv({ WEB_DIST: "/opt/web/", ADMIN_DIST: "/opt/admin" });
    expect(resolveSpaRoots(over, "/srv/tearoom/apps/api/dist")).toEqual({ web: "/opt/web", admin: "/opt/admin" });
  });
});

describe("a prerendered public site", () => {
  it("serves each route's own HTML, the not-found page for unknown paths, and the bare shell for query-string screens", async () => {
    const root = mkdtempSync(join(tmpdir(), "tearoom-prerendered-"));
    const pages: Record<string, string> = {
      "index.html": "home, prerendered",
      "afternoon-tea/index.html": "afternoon tea, prerendered",
      "404.html": "not found, prerendered",
      "shell.html": "empty shell",
    };
    for (const [name, text] of Object.entries(pages)) {
      mkdirSync(join(root, name, ".."), { recursive: true });
      writeFileSync(join(root, name), `<!doctype html><div id="root">${text}</div>`);
    }
    mkdirSync(join(root, "admin"));
    writeFileSync(join(root, "admin", "index.html"), "admin app");
    writeAdminRoutes(join(root, "admin"), SOME_ADMIN_ROUTES);
    const server = await startTestServer({ spaRoots: { web: root, admin: join(root, "admin") } });
    try {
      const expectPage = async (path: string, status: number, text: string) => {
        const res = await server.request(path);
        expect(res.status, path).toBe(status);
        expect(await res.text(), path).toContain(text);
      };
      await expectPage("/", 200, "home, prerendered");
      await expectPage("/afternoon-tea", 200, "afternoon tea, prerendered");
      await expectPage("/afternoon-tea/", 200, "afternoon tea, prerendered");
      await expectPage("/afternoon-tea?date=2027-06-05", 200, "afternoon tea, prerendered");
      await expectPage("/confirmation?payment_intent=pi_1&redirect_status=succeeded", 200, "empty shell");
      await expectPage("/no-such-page", 404, "not found, prerendered");
      // R37: a guest's manage link gets the shell, kept out of search engines, caches and Referers.
      const manage = await server.request(`/booking/${"Ab_-9".repeat(8)}xyz`);
      expect(manage.status).toBe(200);
      expect(await manage.text()).toContain("empty shell");
      expect(manage.headers.get("x-robots-tag")).toBe("noindex");
      expect(manage.headers.get("referrer-policy")).toBe("no-referrer");
      expect(manage.headers.get("cache-control")).toBe("no-store");
      await expectPage("/booking/", 404, "not found, prerendered");
      await expectPage("/booking/a/b", 404, "not found, prerendered");
      // The build's own file names are no pages: not found, never a 200 the router draws as not found.
      await expectPage("/404.html", 404, "not found, prerendered");
      await expectPage("/shell.html", 404, "not found, prerendered");
      await expectPage("/afternoon-tea/nope.html", 404, "not found, prerendered");
      const admin = await server.app.inject({ url: "/admin/login", headers: adminHost });
      expect(admin.body).toBe("admin app");
    } finally {
      await server.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("one address per public page", () => {
  const moved = async (path: string) => {
    const res = await s.request(path);
    return { status: res.status, location: res.headers.get("location") };
  };

  it("moves another case of a route to the route itself (301), keeping the query", async () => {
    expect(await moved("/Gallery")).toEqual({ status: 301, location: "/gallery" });
    expect(await moved("/GIFT-VOUCHERS/")).toEqual({ status: 301, location: "/gift-vouchers" });
    expect(await moved("/Checkout?type=monetary&amount=75")).toEqual({ status: 301, location: "/checkout?type=monetary&amount=75" });
  });

  it("moves a page's built file name to the page (301)", async () => {
    expect(await moved("/index.html")).toEqual({ status: 301, location: "/" });
    expect(await moved("/gallery/index.html")).toEqual({ status: 301, location: "/gallery" });
  });

  it("leaves the routes themselves, unknown paths and the admin host alone", async () => {
    expect((await moved("/gallery")).status).toBe(200);
    expect((await moved("/afternoon-tea/")).status).toBe(200);
    expect((await moved("/Nowhere")).status).toBe(404);
    expect((await s.app.inject({ url: "/admin/Login", headers: adminHost })).statusCode).not.toBe(301);
  });
});

describe("the test-mode banner (R22)", () => {
  // A built site as the build leaves it: prerendered pages with their compressed copies beside them.
  const page = (text: string) =>
    `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${text}</title><style>${"p{margin:0}".repeat(80)}</style></head><body><div id="root"><p>${text}</p></div><script type="module" src="/assets/entry-1a2b3c.js"></script></body></html>`;
  const pages: Record<string, string> = {
    "index.html": page("home, prerendered"),
    "afternoon-tea/index.html": page("afternoon tea, prerendered"),
    "404.html": page("not found, prerendered"),
    "shell.html": page("empty shell"),
  };
  let root: string;
  const servers: TestServer[] = [];
  const start = async (env: Record<string, string>) => {
    const server = await startTestServer({ env, spaRoots: { web: join(root, "web"), admin: join(root, "admin") } });
    servers.push(server);
    return server;
  };
  const production = { NODE_ENV: "production", ADMIN_USERNAME: "manager", ADMIN_PASSWORD: "a-long-secret" };

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "tearoom-banner-"));
    for (const [name, html] of Object.entries(pages)) {
      mkdirSync(join(root, "web", name, ".."), { recursive: true });
      writeFileSync(join(root, "web", name), html);
      writeFileSync(join(root, "web", `${name}.br`), fastBrotli(html));
      writeFileSync(join(root, "web", `${name}.gz`), fastGzip(html));
    }
    mkdirSync(join(root, "web", "assets"));
    writeFileSync(join(root, "web", "assets", "entry-1a2b3c.js"), bigScript);
    writeFileSync(join(root, "web", "assets", "entry-1a2b3c.js.br"), fastBrotli(bigScript));
    mkdirSync(join(root, "admin"));
    writeFileSync(join(root, "admin", "index.html"), page("admin app"));
    writeAdminRoutes(join(root, "admin"), SOME_ADMIN_ROUTES);
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    rmSync(root, { recursive: true, force: true });
  });

  const bannerAt = (html: string) => html.indexOf('<div role="region" aria-label="Test mode"');

  it("is on every public page when production runs the demo provider on purpose, before React's root", async () => {
    const s = await start({ ...production, PAYMENT_PROVIDER: "demo" });
    for (const [path, status, text] of [
      ["/", 200, "home, prerendered"],
      ["/afternoon-tea", 200, "afternoon tea, prerendered"],
      ["/checkout?amount=100", 200, "empty shell"],
      ["/confirmation?payment_intent=pi_1&redirect_status=succeeded", 200, "empty shell"],
      ["/no-such-page", 404, "not found, prerendered"],
      ["/404.html", 404, "not found, prerendered"],
    ] as const) {
      const res = await s.request(path);
      expect(res.status, path).toBe(status);
      const html = await res.text();
      expect(html, path).toContain(text);
      expect(html.indexOf("<body>") + "<body>".length, path).toBe(bannerAt(html));
      expect(bannerAt(html), path).toBeLessThan(html.indexOf('<div id="root">'));
      expect(html, path).toContain("Test mode – no real charge.");
    }
    // The staff app is not a public page.
    const admin = await s.app.inject({ url: "/admin/login", headers: adminHost });
    expect(admin.body).toContain("admin app");
    expect(bannerAt(admin.body)).toBe(-1);
  });

  it("is never left out by sending the build's compressed copy as it is, and is compressed once", async () => {
    const s = await start({ ...production, PAYMENT_PROVIDER: "demo" });
    for (const [encoding, unpack, copy] of [
      ["br", brotliDecompressSync, fastBrotli(pages["afternoon-tea/index.html"]!)],
      ["gzip", gunzipSync, fastGzip(pages["afternoon-tea/index.html"]!)],
    ] as const) {
      const res = await s.app.inject({ url: "/afternoon-tea", headers: { "accept-encoding": encoding } });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.rawPayload.equals(copy)).toBe(false);
      const html = unpack(res.rawPayload).toString();
      expect(bannerAt(html)).toBeGreaterThan(0);
      expect(html.replace(/<div role="region"[^]*?<\/div>/, "")).toBe(pages["afternoon-tea/index.html"]);
      const again = await s.app.inject({ url: "/afternoon-tea", headers: { "accept-encoding": encoding } });
      expect(again.rawPayload.equals(res.rawPayload)).toBe(true);
    }
    // Other files keep the build's copies.
    const asset = await s.app.inject({ url: "/assets/entry-1a2b3c.js", headers: { "accept-encoding": "br" } });
    expect(asset.rawPayload.equals(fastBrotli(bigScript))).toBe(true);
  });

  it("is not there outside production, nor with Stripe, and a page never keeps the other mode's ETag", async () => {
    const demo = await start({ ...production, PAYMENT_PROVIDER: "demo" });
    const dev = await start({});
    const stripe = await start({ ...production, STRIPE_SECRET_KEY: "sk_test_x", STRIPE_PUBLISHABLE_KEY: "pk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" });
    const withBanner = await demo.request("/afternoon-tea", { headers: { "accept-encoding": "br" } });
    expect(bannerAt(await withBanner.text())).toBeGreaterThan(0);
    for (const s of [dev, stripe]) {
      const res = await s.request("/afternoon-tea", { headers: { "accept-encoding": "br" } });
      expect(await res.text()).toBe(pages["afternoon-tea/index.html"]);
      const br = await s.app.inject({ url: "/afternoon-tea", headers: { "accept-encoding": "br" } });
      expect(br.rawPayload.equals(fastBrotli(pages["afternoon-tea/index.html"]!))).toBe(true);
      expect(res.headers.get("etag")).not.toBe(withBanner.headers.get("etag"));
      expect((await s.request("/afternoon-tea", { headers: { "if-none-match": withBanner.headers.get("etag")! } })).status).toBe(200);
    }
    expect((await demo.request("/afternoon-tea", { headers: { "if-none-match": withBanner.headers.get("etag")! } })).status).toBe(304);
  });

  it("is on the demo provider's authentication page too", async () => {
    const demo = await start({ ...production, PAYMENT_PROVIDER: "demo" });
    const dev = await start({});
    const inProduction = await demo.request("/api/payments/demo/authenticate");
    expect(inProduction.status).toBe(404);
    expect(bannerAt(await inProduction.text())).toBeGreaterThan(0);
    expect(bannerAt(await (await dev.request("/api/payments/demo/authenticate")).text())).toBe(-1);
  });
});
