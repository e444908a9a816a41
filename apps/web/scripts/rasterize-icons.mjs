#!/usr/bin/env node
// Renders the site icon (public/favicon.svg) to the raster files browsers ask for by name:
// /apple-touch-icon.png (180 px, iOS takes no SVG and fills transparent corners with black, so it
// is drawn on the icon's own green) and /favicon.ico (16, 32 and 48 px PNGs in one ICO, for
// browsers, feed readers and tools that ask for /favicon.ico without reading the page).
// The SVG stays the source: after changing it, run this script (needs Chromium) and commit the
// files it writes.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const publicDir = new URL("../public", import.meta.url).pathname;
const svg = join(publicDir, "favicon.svg");
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const work = mkdtempSync(join(tmpdir(), "icons-"));

/** A PNG of the icon at `size` px; `background` null keeps it transparent. */
function render(size, background, inset = 0) {
  const page = join(work, "page.html");
  const png = join(work, `icon-${size}.png`);
  const icon = size - 2 * inset;
  writeFileSync(
    page,
    `<!doctype html><body style="margin:0;background:${background ?? "transparent"}"><img src="file://${svg}" width="${icon}" height="${icon}" style="display:block;margin:${inset}px">`,
  );
  execFileSync(
    chromium,
    [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--hide-scrollbars",
      "--no-first-run",
      "--default-background-color=00000000",
      "--force-device-scale-factor=1",
      `--screenshot=${png}`,
      `--window-size=${size},${size}`,
      `file://${page}`,
    ],
    { stdio: "ignore", timeout: 60_000 },
  );
  return readFileSync(png);
}

/** An ICO file holding PNG images (each entry: its size, then the PNG's bytes). */
function ico(images) {
  const header = Buffer.alloc(6 + 16 * images.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  let offset = header.length;
  images.forEach(({ size, png }, i) => {
    const entry = 6 + 16 * i;
    header.writeUInt8(size >= 256 ? 0 : size, entry);
    header.writeUInt8(size >= 256 ? 0 : size, entry + 1);
    header.writeUInt16LE(1, entry + 4);
    header.writeUInt16LE(32, entry + 6);
    header.writeUInt32LE(png.length, entry + 8);
    header.writeUInt32LE(offset, entry + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...images.map((image) => image.png)]);
}

try {
  writeFileSync(join(publicDir, "apple-touch-icon.png"), render(180, "#2c3e28", 8));
  writeFileSync(join(publicDir, "favicon.ico"), ico([16, 32, 48].map((size) => ({ size, png: render(size, null) }))));
  console.log("public/apple-touch-icon.png  180×180\npublic/favicon.ico  16, 32, 48");
} finally {
  rmSync(work, { recursive: true, force: true });
}
