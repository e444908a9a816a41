import { createHash } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Env } from "../env.js";

/**
 * R5: security headers on every response. The CSP allows our own origin, Stripe's script and
 * frames (R7) and the OpenStreetMap embed on the contact page; Mantine sets inline styles. Inline
 * scripts run only if listed by hash (`scriptHashes`, from inlineScriptHashes).
 */
export function securityHeaders(env: Env, scriptHashes: readonly string[] = []): Record<string, string> {
  const csp = [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes, "https://js.stripe.com"].join(" "),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https://*.stripe.com https://*.openstreetmap.org",
    "font-src 'self' data:",
    "media-src 'self'",
    "connect-src 'self' https://api.stripe.com https://m.stripe.network",
    "frame-src 'self' https://js.stripe.com https://hooks.stripe.com https://www.openstreetmap.org",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(env.secureCookies ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
  return {
    "content-security-policy": csp,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "strict-origin-when-cross-origin",
    "cross-origin-opener-policy": "same-origin",
    "permissions-policy": "camera=(), microphone=(), geolocation=(), usb=()",
    ...(env.secureCookies ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The CSP sources ('sha256-…') of the inline scripts in a page the server sends: the public site's
 * index.html carries one (the web-font check every prerendered page shares), and the build is the
 * only place that knows its text.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    // Only scripts that run: not external ones, not data blocks such as JSON-LD.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes!)?.[1]?.toLowerCase();
    if (/\bsrc\s*=/i.test(attributes!) || (type !== undefined && type !== "module" && !type.includes("javascript"))) continue;
    hashes.add(`'sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** The origins allowed to send mutations: the public site, the admin host (same scheme and port), and same-origin. */
export function allowedOrigins(env: Env): Set<string> {
  const pub = new URL(env.PUBLIC_ORIGIN);
  const admin = new URL(env.PUBLIC_ORIGIN);
  admin.hostname = env.ADMIN_HOST;
  return new Set([pub.origin, admin.origin]);
}

export type GuardRefusal = { status: 403 | 415; message: string } | null;

export const CROSS_SITE_MESSAGE = "Cross-site requests are not allowed.";
export const JSON_ONLY_MESSAGE = "Send the request body as JSON (Content-Type: application/json).";

/**
 * RFC 8058: a mail program unsubscribes by POSTing the form field `List-Unsubscribe=One-Click` to the
 * address in the List-Unsubscribe header, the unsubscribe page's own. The one body that is not JSON.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";
const FORM = "application/x-www-form-urlencoded";

/**
 * Cross-site requests change nothing (R5): a mutation whose Origin is not ours, or that the
 * browser marks cross-site, is refused; requests without either header (curl, scripts) pass.
 * Mutations with a body must be JSON: forms from other sites can only send urlencoded,
 * multipart or text/plain, and multipart would also skip the body limit.
 */
export function checkRequest(req: FastifyRequest, origins: Set<string>): GuardRefusal {
  if (!MUTATING.has(req.method)) return null;
  const origin = req.headers.origin;
  const fetchSite = req.headers["sec-fetch-site"];
  if (fetchSite === "cross-site") return { status: 403, message: CROSS_SITE_MESSAGE };
  if (origin !== undefined) {
    const sameOrigin = req.headers.host !== undefined && (origin === `http://${req.headers.host}` || origin === `https://${req.headers.host}`);
    if (!sameOrigin && !origins.has(origin)) return { status: 403, message: CROSS_SITE_MESSAGE };
  } else if (fetchSite === "same-site") {
    return { status: 403, message: CROSS_SITE_MESSAGE };
  }
  const type = req.headers["content-type"];
  const hasBody = (req.headers["content-length"] !== undefined && req.headers["content-length"] !== "0") || req.headers["transfer-encoding"] !== undefined;
  if (type !== undefined) {
    const media = type.split(";")[0]!.trim().toLowerCase();
    const oneClick = media === FORM && req.url.split("?")[0] === ONE_CLICK_UNSUBSCRIBE_PATH;
    if (media !== "application/json" && !oneClick) return { status: 415, message: JSON_ONLY_MESSAGE };
  } else if (hasBody) {
    return { status: 415, message: JSON_ONLY_MESSAGE };
  }
  return null;
}

export function refuse(reply: FastifyReply, refusal: NonNullable<GuardRefusal>): FastifyReply {
  return reply.code(refusal.status).header("content-type", "application/json; charset=utf-8").send({ message: refusal.message });
}
