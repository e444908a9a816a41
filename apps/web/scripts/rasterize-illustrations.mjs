#!/usr/bin/env node
// Renders the SVG illustrations of the gallery (also the home page figures) to WebP at
// the widths in src/lib/illustrations.ts. A phone parses and paints an SVG image on its main thread
// (tens of milliseconds each on a mid-range phone); a WebP is decoded off it. The SVGs stay the
// source: after changing one, run this script (needs Chromium and cwebp, `apt-get install webp`)
// and commit the WebP files it writes beside it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const publicDir = new URL("../public", import.meta.url).pathname;
const source = readFileSync(new URL("../src/lib/illustrations.ts", import.meta.url), "utf8");
const widths = JSON.parse(/RASTER_WIDTHS = (\[[^\]]*\])/.exec(source)[1]);
const files = [...source.matchAll(/"(\/images\/[^"]+\.svg)"/g)].map((m) => m[1]);
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const work = mkdtempSync(join(tmpdir(), "rasterize-"));

try {
  for (const file of files) {
    const svg = join(publicDir, file);
    const [, w0, h0] = /viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)"/.exec(readFileSync(svg, "utf8")) ?? [];
    if (!w0) throw new Error(`${file}: no viewBox to size it by`);
    for (const width of widths) {
      const height = Math.round((width * Number(h0)) / Number(w0));
      const page = join(work, "page.html");
      const png = join(work, "shot.png");
      writeFileSync(page, `<!doctype html><body style="margin:0"><img src="file://${svg}" width="${width}" height="${height}" style="display:block">`);
      execFileSync(
        chromium,
        [
          "--headless=new",
          "--no-sandbox",
          "--disable-gpu",
          "--hide-scrollbars",
          "--no-first-run",
          `--screenshot=${png}`,
          `--window-size=${width},${height}`,
          `file://${page}`,
        ],
        { stdio: "ignore", timeout: 60_000 },
      );
      const out = svg.replace(/\.svg$/, `-${width}.webp`);
      execFileSync("cwebp", ["-quiet", "-q", "78", "-m", "6", png, "-o", out]);
      console.log(`${out.slice(publicDir.length)}  ${width}×${height}`);
    }
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
