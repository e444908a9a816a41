// Public pages: Lighthouse (mobile, devtools throttling, median of 3) in Debian's Chromium.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { median, root } from "./lib.mjs";

const PAGES = ["/", "/afternoon-tea", "/reservations", "/gift-vouchers", "/whats-on", "/gallery", "/contact", "/secret-garden-experience"];
const FLAGS =
  "--headless=new --no-sandbox --disable-gpu --disable-background-networking --disable-component-update --no-first-run --disable-quic --disable-sync";

function lighthouse(url) {
  const out = join(mkdtempSync(join(tmpdir(), "lh-")), "report.json");
  execFileSync(
    join(root, "node_modules/.bin/lighthouse"),
    [
      url,
      "--quiet",
      "--output=json",
      `--output-path=${out}`,
      `--chrome-flags=${FLAGS}`,
      "--throttling-method=devtools",
      "--only-categories=performance,accessibility,best-practices,seo",
    ],
    { env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium" }, stdio: "ignore", timeout: 120_000 },
  );
  const r = JSON.parse(readFileSync(out, "utf8"));
  return {
    performance: r.categories.performance.score * 100,
    accessibility: r.categories.accessibility.score * 100,
    bestPractices: r.categories["best-practices"].score * 100,
    seo: r.categories.seo.score * 100,
    lcp: r.audits["largest-contentful-paint"].numericValue,
    cls: r.audits["cumulative-layout-shift"].numericValue,
    tbt: r.audits["total-blocking-time"].numericValue,
  };
}

export async function benchPages({ base, add }) {
  for (const path of PAGES) {
    const runs = [lighthouse(base + path), lighthouse(base + path), lighthouse(base + path)];
    const m = (k) => median(runs.map((r) => r[k]));
    add(`${path} performance`, m("performance"), "score", "≥ 98", m("performance") >= 98);
    add(`${path} accessibility`, m("accessibility"), "score", "100", m("accessibility") === 100);
    add(`${path} best practices`, m("bestPractices"), "score", "100", m("bestPractices") === 100);
    add(`${path} SEO`, m("seo"), "score", "100", m("seo") === 100);
    add(`${path} LCP`, m("lcp"), "ms", "< 1800", m("lcp") < 1800);
    add(`${path} CLS`, m("cls"), "", "0", m("cls") === 0);
    add(`${path} TBT`, m("tbt"), "ms", "< 100", m("tbt") < 100);
  }
}
