import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/helpers.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

/**
 * The routes hidden from the document (`schema: { hide: true }`): pages and their files, the docs
 * page's own files, tRPC. Hiding a route is a choice this list records.
 */
const HIDDEN = [/^GET \/newsletter\//, /^GET \/voucher\/print\.js$/, /^GET \/api\/payments\/demo\/authenticate/, /^GET \/api\/docs/, /^\w+ \/api\/trpc\//];

/** Every route the app registered, as "METHOD /path/{param}", read from Fastify's route tree. */
function registeredRoutes(): string[] {
  const stack: string[] = [];
  const ops: string[] = [];
  for (const line of s.app.printRoutes().split("\n")) {
    const at = line.indexOf("── ");
    if (at < 0) continue;
    const depth = (at - 1) / 4; // "└── " at column 0 is depth 0
    const [, segment, methods] = /── (\S+)(?: \(([^)]+)\))?$/.exec(line) ?? [];
    if (!segment) continue;
    stack.length = depth;
    stack.push(segment);
    for (const method of methods?.split(", ") ?? []) {
      if (method !== "HEAD") ops.push(`${method} ${stack.join("").replace(/:(\w+)/g, "{$1}")}`);
    }
  }
  return ops;
}

describe("GET /api/openapi.json", () => {
  it("is generated from the routes: every route the app serves is in it, except pages, assets and tRPC", async () => {
    const res = await s.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.1.0");
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) =>
      Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`),
    );
    const shown = registeredRoutes().filter((op) => !HIDDEN.some((h) => h.test(op)));
    expect(shown.length).toBeGreaterThan(40);
    expect(ops.sort()).toEqual(shown.sort());
    // The operations the hand-kept table once missed.
    for (const op of [
      "POST /api/create-payment-intent",
      "GET /api/payments/{id}/status",
      "POST /api/stripe/webhook",
      "GET /api/admin/demo-hint",
      "POST /api/bookings/{id}/refunds",
    ])
      expect(ops).toContain(op);
    // Pages, scripts, the docs page and tRPC are not operations.
    for (const op of ["GET /newsletter/confirm", "GET /api/docs", "GET /api/trpc/{path}"]) expect(ops).not.toContain(op);
  });

  it("gives every operation an id, a summary, tags and security; staff routes name the session cookie", async () => {
    const doc = await (await s.request("/api/openapi.json")).json();
    const ids = new Set<string>();
    for (const [path, methods] of Object.entries(
      doc.paths as Record<string, Record<string, { operationId: string; summary: string; tags: string[]; security: unknown[] }>>,
    )) {
      for (const [method, op] of Object.entries(methods)) {
        expect(op.operationId, `${method} ${path}`).toMatch(/^[a-zA-Z]+$/);
        expect(op.summary, `${method} ${path}`).toBeTruthy();
        expect(op.tags?.length, `${method} ${path}`).toBe(1);
        expect(op.security, `${method} ${path}`).toBeDefined();
        ids.add(op.operationId);
      }
    }
    expect(doc.components.securitySchemes.cookieAuth).toMatchObject({ type: "apiKey", in: "cookie", name: "tearoom_session" });
    expect(doc.paths["/api/pricing"].get.security).toEqual([{ cookieAuth: [] }]);
    expect(doc.paths["/api/site"].get.security).toEqual([]);
  });

  it("describes bodies, queries and answers from the domain schemas the routes validate with", async () => {
    const doc = await (await s.request("/api/openapi.json")).json();
    const contact = doc.paths["/api/contact"].post.requestBody.content["application/json"].schema;
    expect(contact.required).toEqual(expect.arrayContaining(["name", "email", "enquiryType", "message"]));
    expect(contact.properties.enquiryType.enum).toEqual(["group-booking", "special-requirements", "gift-vouchers", "general-enquiry"]);
    // R26: one answer for every address.
    expect(Object.keys(doc.paths["/api/newsletter/subscribe"].post.responses)).toContain("202");
    const pricing = doc.paths["/api/pricing"].get.responses["200"].content["application/json"].schema;
    expect(pricing.items.properties.price.type).toBe("integer");
    const query = (doc.paths["/api/availability"].get.parameters as { name: string; in: string }[]).map((p) => `${p.in}:${p.name}`);
    expect(query).toEqual(expect.arrayContaining(["query:type", "query:date"]));
    // R34: the refund route's body, answers and refusals.
    const refund = doc.paths["/api/bookings/{id}/refunds"].post;
    expect(refund.requestBody.content["application/json"].schema.required).toEqual(["reason"]);
    expect(Object.keys(refund.responses)).toEqual(expect.arrayContaining(["201", "400", "401", "404", "409", "502"]));
    expect(refund.responses["201"].content["application/json"].schema.required).toEqual(expect.arrayContaining(["refundedPence", "status"]));
    expect(doc.paths["/api/bookings"].get.responses["200"].content["application/json"].schema.items.properties.payment).toBeDefined();
    expect(doc.paths["/api/pricing/{id}"].patch.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: "id", in: "path", required: true })]),
    );
  });

  it("answers a body the route schema refuses with the same 400 { message } as before", async () => {
    const res = await s.request("/api/contact", { json: { name: "Ada" } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: expect.stringMatching(/^\w+: /) });
    // Staff routes: no session is 401 whatever the body says.
    const patch = await s.request("/api/pricing/1", { method: "PATCH", json: { nonsense: true } });
    expect(patch.status).toBe(401);
  });
});

describe("GET /api/docs", () => {
  it("serves the docs page from the package's own files, with its own CSP", async () => {
    const res = await s.request("/api/docs/");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("https:");
    const html = await res.text();
    expect(html).not.toMatch(/https?:\/\//);
    const init = await s.request("/api/docs/static/swagger-initializer.js");
    expect(init.status).toBe(200);
    expect(await init.text()).toContain("./json");
  });
});
