import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../test/helpers.js";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(async () => s.close());

describe("GET /api/openapi.json", () => {
  it("describes every REST path of spec section 7 and the public additions, from the domain schemas", async () => {
    const res = await s.request("/api/openapi.json");
    expect(res.status).toBe(200);
    const doc = await res.json();
    expect(doc.openapi).toBe("3.0.3");
    const ops = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`));
    for (const op of [
      "POST /api/bookings",
      "POST /api/contact",
      "GET /api/inquiries",
      "GET /api/inquiries/stats",
      "POST /api/inquiries/resolve/{id}",
      "GET /api/pricing",
      "POST /api/pricing",
      "PATCH /api/pricing/{id}",
      "DELETE /api/pricing/{id}",
      "GET /api/newsletters",
      "GET /api/newsletters/stats",
      "PATCH /api/newsletters/{id}/status",
      "DELETE /api/newsletters/{id}",
      "GET /api/booking-settings",
      "PATCH /api/booking-settings/{key}",
      "POST /api/booking-settings",
      "DELETE /api/booking-settings/{key}",
      "GET /api/bookings",
      "PATCH /api/bookings/{id}",
      "DELETE /api/bookings/{id}",
      "GET /api/vouchers",
      "GET /api/vouchers/stats",
      "GET /api/site",
      "GET /api/availability",
      "GET /api/garden-spots",
      "POST /api/newsletter/subscribe",
      "POST /api/newsletter/confirm",
      "GET /api/newsletter/unsubscribe",
      "POST /api/newsletter/unsubscribe",
      "POST /api/admin/login",
      "POST /api/admin/logout",
      "GET /api/admin/session",
    ]) {
      expect(ops, op).toContain(op);
    }
    const contact = doc.paths["/api/contact"].post.requestBody.content["application/json"].schema;
    expect(contact.required).toEqual(expect.arrayContaining(["name", "email", "enquiryType", "message"]));
    expect(contact.properties.enquiryType.enum).toEqual(["group-booking", "special-requirements", "gift-vouchers", "general-enquiry"]);
    // R26: one answer for every address.
    expect(Object.keys(doc.paths["/api/newsletter/subscribe"].post.responses)).toContain("202");
    const pricing = doc.paths["/api/pricing"].get.responses["200"].content["application/json"].schema;
    expect(pricing.items.properties.price.type).toBe("integer");
    expect(doc.paths["/api/pricing"].get.security).toEqual([{ staffSession: [] }]);
  });
});
