// Size: gzip bytes of the JS and CSS a first view of / and /admin/login loads, and of each lazy route chunk.
import { readFileSync, readdirSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join } from "node:path";
import { root } from "./lib.mjs";

const gz = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** Files the HTML loads up front: module scripts, modulepreloads and stylesheets. */
function firstView(distDir, htmlFile = "index.html") {
  const html = readFileSync(join(distDir, htmlFile), "utf8");
  const refs = [...html.matchAll(/(?:src|href)="([^"]+\.(?:js|css))"/g)].map((m) => m[1]);
  const files = [...new Set(refs)].map((r) => join(distDir, r.replace(/^\/(admin\/)?/, "")));
  const js = files.filter((f) => f.endsWith(".js")).reduce((s, f) => s + gz(f), 0);
  const css = files.filter((f) => f.endsWith(".css")).reduce((s, f) => s + gz(f), 0);
  return { js, css, files: new Set(files) };
}

export async function benchSize({ add }) {
  const web = join(root, "apps/web/dist");
  const home = firstView(web);
  add("public / first-view JS (gzip)", home.js, "KB", "< 120", home.js < 120);
  add("public / first-view CSS (gzip)", home.css, "KB", "< 12", home.css < 12);
  const lazy = readdirSync(join(web, "assets"))
    .filter((f) => f.endsWith(".js"))
    .map((f) => join(web, "assets", f))
    .filter((f) => !home.files.has(f));
  const largest = Math.max(0, ...lazy.map(gz));
  add("largest lazy public chunk (gzip)", largest, "KB", "< 50", largest < 50);
  // The sign-in page is drawn by the entry itself (decision 037): what index.html loads is all it needs.
  const admin = firstView(join(root, "apps/admin/dist"));
  add("admin /admin/login first-view JS (gzip)", admin.js, "KB", "<= 100", admin.js <= 100);
}
