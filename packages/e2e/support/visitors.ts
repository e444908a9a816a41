// Requests a test sends straight to the API to set up its data stand for many visitors, not one:
// R23 bounds what one address may request and hold, and every request of a run comes from
// 127.0.0.1. The test server runs as behind a reverse proxy (TRUST_PROXY in
// playwright.config.ts), so such a request names its visitor in X-Forwarded-For. What a test
// does in the browser still comes from 127.0.0.1, limits and all.

// Random start: a worker restarted after a failure does not reuse the addresses of the one before.
let next = Math.floor(Math.random() * 0xffffff);

/** Headers for a request from a visitor no other request of the run has used (10.x.y.z). */
export function asNewVisitor(): { "x-forwarded-for": string } {
  const n = next++ & 0xffffff;
  return { "x-forwarded-for": `10.${n >> 16}.${(n >> 8) & 255}.${n & 255}` };
}
