import { createHash } from "node:crypto";
import { existsSync, readFileSync, statSync, type Stats } from "node:fs";
import { extname, join, normalize, resolve, sep } from "node:path";
import { brotliCompressSync, brotliDecompressSync, constants as zlib, gunzipSync, gzipSync } from "node:zlib";
import { MANAGE_BOOKING_PATH, PAYMENT_LINK_PATH, PUBLIC_PATHS, WAITLIST_LEAVE_PATH, WAITLIST_OFFER_PATH } from "@tearoom/domain";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Env } from "../env.js";
import { servedRoute } from "./request-log.js";
import { inlineScriptHashes } from "./security.js";
import { showsTestModeBanner, withTestModeBanner } from "./test-mode-banner.js";

/**
 * R18: one process serves the built public site on the main host and the built admin app on
 * ADMIN_HOST, with SPA fallbacks. Hashed files under /assets/ are cached for a year; text files
 * are sent compressed and kept in memory (the dist folders are small). The builds write the
 * compressed copies beside each file (scripts/precompress.mjs); a file without them, or with stale
 * ones, is compressed here on its first request. So is a public page the server changes: with the
 * test-mode banner (R22) its bytes are no longer the build's, and neither are its copies.
 */

export interface SpaRoots {
  web: string;
  admin: string;
}

/**
 * Screens of spec section 2, from the list the public site's router reads; any other path still
 * renders the SPA (its 404 page) but with status 404. The admin app's come from its build
 * (`adminRoutes`).
 */
const WEB_ROUTES = new Set<string>(PUBLIC_PATHS);

/**
 * The admin build's list of its addresses, beside its index.html: a JSON array of paths, written
 * from the lists its router is built from (apps/admin/build/route-list.ts). Read from the build
 * rather than the admin's sources, which the server never loads.
 */
export const ADMIN_ROUTE_LIST = "routes.json";

/** The list of each admin root, kept until the file changes (a rebuild while the server runs). */
const adminRouteLists = new Map<string, { key: string; routes: Set<string> | null }>();

/** The admin app's addresses, or null when its build has no list of /admin paths (built before there was one). */
function adminRoutes(root: string): Set<string> | null {
  const file = join(root, ADMIN_ROUTE_LIST);
  const stat = statFile(file);
  if (!stat) return null;
  const key = `${stat.size}-${stat.mtimeMs}`;
  const kept = adminRouteLists.get(file);
  if (kept?.key === key) return kept.routes;
  let routes: Set<string> | null = null;
  try {
    const list: unknown = JSON.parse(readFileSync(file, "utf8"));
    if (Array.isArray(list) && list.length > 0 && list.every((path) => typeof path === "string" && /^\/admin(\/|$)/.test(path))) {
      routes = new Set(list.map(routeOf));
    }
  } catch {}
  adminRouteLists.set(file, { key, routes });
  return routes;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".map": "application/json; charset=utf-8",
};

interface Cached {
  key: string;
  raw: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Files by path; a page with the test-mode banner under its path and "#banner" (one process may serve both). */
const memory = new Map<string, Cached>();

function compressedBody(file: string, stat: Stats, encoding: "br" | "gzip" | null, banner: boolean): Buffer {
  const key = `${stat.size}-${stat.mtimeMs}`;
  const memoryKey = banner ? `${file}#banner` : file;
  let entry = memory.get(memoryKey);
  if (!entry || entry.key !== key) {
    const raw = readFileSync(file);
    entry = { key, raw: banner ? Buffer.from(withTestModeBanner(raw.toString("utf8"))) : raw };
    memory.set(memoryKey, entry);
  }
  // The build's copies are of the file as built; a page with the banner is compressed here, once.
  if (encoding === "br") {
    entry.br ??=
      (banner ? null : precompressed(`${file}.br`, brotliDecompressSync, entry.raw)) ??
      brotliCompressSync(entry.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: entry.raw.length } });
    return entry.br;
  }
  if (encoding === "gzip") {
    entry.gzip ??= (banner ? null : precompressed(`${file}.gz`, gunzipSync, entry.raw)) ?? gzipSync(entry.raw, { level: 9 });
    return entry.gzip;
  }
  return entry.raw;
}

/**
 * The build's compressed copy of a file, if there is one and it still unpacks to the file's bytes
 * (a file edited or rebuilt without its copies must not be sent as it was). Unpacking is cheap
 * next to compressing: about a millisecond for the largest chunk.
 */
function precompressed(path: string, unpack: (buf: Buffer) => Buffer, raw: Buffer): Buffer | null {
  if (!statFile(path)) return null;
  try {
    const packed = readFileSync(path);
    return unpack(packed).equals(raw) ? packed : null;
  } catch {
    return null;
  }
}

function pickEncoding(req: FastifyRequest): "br" | "gzip" | null {
  const accept = String(req.headers["accept-encoding"] ?? "");
  if (/\bbr\b/.test(accept)) return "br";
  if (/\bgzip\b/.test(accept)) return "gzip";
  return null;
}

function statFile(path: string): Stats | null {
  try {
    const stat = statSync(path);
    return stat.isFile() ? stat : null;
  } catch {
    return null;
  }
}

function notBuiltPage(which: string): string {
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>Not built</title></head><body><h1>The ${which} is not built</h1><p>Run <code>pnpm build</code>, then restart the server.</p></body></html>`;
}

/**
 * Sends a text file, compressed when the client takes it. `banner`: a public page that gets the
 * test-mode banner (R22); its ETag differs from the page's without, so a browser that kept the
 * page from before a restart in another mode does not reuse it.
 */
function sendText(req: FastifyRequest, reply: FastifyReply, file: string, stat: Stats, status: number, cacheControl: string, banner = false): FastifyReply {
  const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}${banner ? "-test-mode" : ""}"`;
  reply.header("cache-control", cacheControl).header("vary", "accept-encoding").header("etag", etag);
  reply.header("content-type", TYPES[extname(file)] ?? "application/octet-stream");
  if (status === 200 && req.headers["if-none-match"] === etag) return reply.code(304).send();
  const encoding = stat.size > 512 ? pickEncoding(req) : null;
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(status).send(req.method === "HEAD" ? undefined : compressedBody(file, stat, encoding, banner));
}

/** A page path as the route lists hold it: without a trailing slash, except for "/". */
const routeOf = (path: string) => (path.length > 1 && path.endsWith("/") ? path.slice(0, -1) : path);

/**
 * A public form sent by the browser itself: the visitor submitted before the page's script had
 * taken over the form (its fields carry `method="post"` so nothing lands in the address bar or
 * logs). Nothing is read or stored; the page to send them back to, or null for anything else.
 */
export function earlyFormPost(req: FastifyRequest, env: Env): string | null {
  if (req.method !== "POST" || req.hostname.toLowerCase() === env.ADMIN_HOST) return null;
  const media = String(req.headers["content-type"] ?? "")
    .split(";")[0]!
    .trim()
    .toLowerCase();
  if (media !== "application/x-www-form-urlencoded" && media !== "multipart/form-data") return null;
  const [path = "/", query] = req.url.split("?", 2);
  const route = routeOf(path);
  // Only our own pages (never an outside address); the page keeps its query (checkout's choice).
  return WEB_ROUTES.has(route) ? `${route}${query === undefined ? "" : `?${query}`}` : null;
}

/**
 * What the server writes into a public page's <head> as it serves it (R53: /whats-on's schema.org
 * events, which change after the build), or "" for nothing.
 */
export type HeadExtra = (route: string) => Promise<string>;

/** A prerendered page with `extra` before its </head>: one kept per page and banner while `extra` is the same. */
const extended = new Map<string, { key: string; extra: string; raw: Buffer; etag: string; br?: Buffer; gzip?: Buffer }>();

function sendWithHead(req: FastifyRequest, reply: FastifyReply, file: string, stat: Stats, banner: boolean, extra: string): FastifyReply {
  const memoryKey = banner ? `${file}#banner` : file;
  const key = `${stat.size}-${stat.mtimeMs}`;
  let entry = extended.get(memoryKey);
  if (!entry || entry.key !== key || entry.extra !== extra) {
    const page = compressedBody(file, stat, null, banner).toString("utf8");
    const at = page.indexOf("</head>");
    const raw = Buffer.from(at < 0 ? page : `${page.slice(0, at)}${extra}${page.slice(at)}`);
    entry = { key, extra, raw, etag: `W/"${createHash("sha256").update(raw).digest("base64url").slice(0, 22)}"` };
    extended.set(memoryKey, entry);
  }
  reply.header("cache-control", "no-cache").header("vary", "accept-encoding").header("etag", entry.etag).header("content-type", TYPES[".html"]!);
  if (req.headers["if-none-match"] === entry.etag) return reply.code(304).send();
  const encoding = pickEncoding(req);
  // Compressed once per change of `extra`, at a quick level: it changes about once a minute at most.
  let body = entry.raw;
  if (encoding === "br") body = entry.br ??= brotliCompressSync(entry.raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 6 } });
  if (encoding === "gzip") body = entry.gzip ??= gzipSync(entry.raw, { level: 6 });
  if (encoding) reply.header("content-encoding", encoding);
  return reply.code(200).send(req.method === "HEAD" ? undefined : body);
}

/** Answers a GET/HEAD that no API route matched: a file, the SPA's index.html, or a redirect to the admin host. */
export async function serveSpa(req: FastifyRequest, reply: FastifyReply, env: Env, roots: SpaRoots, headExtra?: HeadExtra): Promise<FastifyReply> {
  const isAdmin = req.hostname.toLowerCase() === env.ADMIN_HOST;
  const rawPath = req.url.split("?")[0] ?? "/";
  let path: string;
  try {
    path = decodeURIComponent(rawPath);
  } catch {
    return reply.code(400).type("text/plain; charset=utf-8").send("Bad request");
  }
  if (path.includes("\0")) return reply.code(400).type("text/plain; charset=utf-8").send("Bad request");

  // R18: the admin app lives on its own host; keep the path (and query) when sending staff there.
  if (!isAdmin && (path === "/admin" || path.startsWith("/admin/"))) {
    const port = /:(\d+)$/.exec(req.host)?.[1];
    return reply.redirect(`${req.protocol}://${env.ADMIN_HOST}${port ? `:${port}` : ""}${req.url}`, 302);
  }

  // The admin app lives under /admin (its router's basename); its host's bare root goes there.
  if (isAdmin && path === "/") return reply.redirect("/admin/dashboard", 302);

  const root = isAdmin ? roots.admin : roots.web;
  // R22: every public page says so when production takes no real payments; the staff app does not.
  const banner = !isAdmin && showsTestModeBanner(env);
  const index = join(root, "index.html");
  const indexStat = statFile(index);
  // An admin build without its list of addresses could only guess which are screens.
  const knownAdmin = isAdmin ? adminRoutes(root) : null;
  if (!indexStat || (isAdmin && !knownAdmin)) {
    return reply
      .code(503)
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(notBuiltPage(isAdmin ? "admin app" : "public site"));
  }

  if (!isAdmin) {
    // A page has one address: "/Gallery" and "/gallery/index.html" are moved to "/gallery" (301),
    // rather than answering a 404 status with the gallery drawn over it, or a 200 for the home
    // page's file that the router draws as not found. Other built HTML files (404.html,
    // shell.html) are no pages of their own: those are not found.
    const moved = canonicalRoute(path);
    if (moved !== null && moved !== path) {
      const query = req.url.includes("?") ? req.url.slice(req.url.indexOf("?")) : "";
      return reply.redirect(`${encodeURI(moved)}${query}`, 301);
    }
    if (path.endsWith(".html")) {
      const page = prerenderedPage(root, null);
      return page ? sendText(req, reply, page.file, page.stat, 404, "no-cache", banner) : sendText(req, reply, index, indexStat, 404, "no-cache", banner);
    }
  }

  // The admin app is built with base "/admin/", so its files sit at its dist root.
  const filePath = isAdmin && path.startsWith("/admin/") ? path.slice("/admin".length) : path;
  const file = normalize(join(root, filePath));
  if (file.startsWith(root + sep) && filePath !== "/") {
    const stat = statFile(file);
    if (stat) {
      // A built file's path is no secret: it is in the dist folder for anyone to fetch.
      servedRoute(req, path);
      const immutable = filePath.startsWith("/assets/");
      const cacheControl = immutable ? "public, max-age=31536000, immutable" : "public, max-age=3600";
      if (TYPES[extname(file)] && !file.endsWith(".html")) return sendText(req, reply, file, stat, 200, cacheControl);
      if (file.endsWith(".html")) return sendText(req, reply, file, stat, 200, "no-cache", banner);
      return reply.header("cache-control", cacheControl).sendFile(file.slice(root.length + 1), root, { cacheControl: false });
    }
    // A missing file (an old hashed asset, a typo in an image path) is a plain 404, not the SPA.
    if (extname(path) !== "") return reply.code(404).header("cache-control", "no-store").type("text/plain; charset=utf-8").send("Not found");
  }
  const route = routeOf(path);
  const secretPage = isAdmin ? null : secretRoute(route);
  if (secretPage) {
    servedRoute(req, secretPage);
    // The address is the guest's key to their booking: no search engine, no Referer, no shared cache.
    reply.header("x-robots-tag", "noindex").header("referrer-policy", "no-referrer");
    const shell = join(root, "shell.html");
    const shellStat = statFile(shell);
    return shellStat ? sendText(req, reply, shell, shellStat, 200, "no-store", banner) : sendText(req, reply, index, indexStat, 200, "no-store", banner);
  }
  const known = (isAdmin ? knownAdmin : WEB_ROUTES)?.has(route) ?? false;
  if (known) servedRoute(req, route);
  const page = isAdmin ? null : prerenderedPage(root, known ? route : null);
  const extra = page && known && headExtra ? await headExtra(route) : "";
  if (page && extra) return sendWithHead(req, reply, page.file, page.stat, banner, extra);
  if (page) return sendText(req, reply, page.file, page.stat, known ? 200 : 404, "no-cache", banner);
  return sendText(req, reply, index, indexStat, known ? 200 : 404, "no-cache", banner);
}

/** The pattern of a page whose address holds a secret (a manage, payment or waiting-list link), or null. */
function secretRoute(route: string): string | null {
  if (MANAGE_BOOKING_PATH.test(route)) return "/booking/:token";
  if (PAYMENT_LINK_PATH.test(route)) return "/pay/:token";
  if (WAITLIST_LEAVE_PATH.test(route)) return "/waitlist/leave/:token";
  if (WAITLIST_OFFER_PATH.test(route)) return "/waitlist/:token";
  return null;
}

/**
 * The public route a path means when it is written another way: another case ("/Gallery"), or
 * the built file's name ("/index.html", "/gallery/index.html"). Null when it is no public route.
 */
function canonicalRoute(path: string): string | null {
  const page = path.endsWith("/index.html") ? path.slice(0, -"index.html".length) : path;
  const route = routeOf(page).toLowerCase();
  if (!WEB_ROUTES.has(route)) return null;
  return route === routeOf(page) && !path.endsWith(".html") ? path : route;
}

/**
 * The public site's HTML for a route (apps/web/scripts/prerender.mjs): index.html is home,
 * <route>/index.html a prerendered screen, 404.html the not-found screen (route null), and
 * shell.html the bare app for screens that depend on the query string. Null for a build without
 * them, which serves index.html for every route.
 */
function prerenderedPage(root: string, route: string | null): { file: string; stat: Stats } | null {
  const candidates = route === "/" ? [] : route === null ? ["404.html", "shell.html"] : [join(route.slice(1), "index.html"), "shell.html"];
  for (const name of candidates) {
    const file = join(root, name);
    const stat = statFile(file);
    if (stat) return { file, stat };
  }
  return null;
}

/** dist folders: env overrides, else beside this server (src/… or dist/server.js → ../../web/dist). */
export function resolveSpaRoots(env: Env, serverDir: string): SpaRoots {
  const web = resolve(env.WEB_DIST ?? join(serverDir, "..", "..", "web", "dist"));
  const admin = resolve(env.ADMIN_DIST ?? join(serverDir, "..", "..", "admin", "dist"));
  return { web: web.replace(/[\\/]+$/, ""), admin: admin.replace(/[\\/]+$/, "") };
}

/**
 * The hashes of the public site's inline scripts, for the CSP: read once from its index.html, whose
 * head every prerendered page shares. None before the site is built. A rebuild that changes the
 * script needs a restart.
 */
export function webInlineScriptHashes(roots: SpaRoots): string[] {
  const index = join(roots.web, "index.html");
  return existsSync(index) ? inlineScriptHashes(readFileSync(index, "utf8")) : [];
}

export function spaBuilt(roots: SpaRoots): { web: boolean; admin: boolean } {
  return { web: existsSync(join(roots.web, "index.html")), admin: existsSync(join(roots.admin, "index.html")) && adminRoutes(roots.admin) !== null };
}
