// Renders SVG files to PNG for a look (and the Open Graph card) with Debian's Chromium.
import { chromium } from "/work/main/packages/e2e/node_modules/@playwright/test/index.mjs";
import { readFileSync } from "node:fs";
const [, , out, ...files] = process.argv;
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--headless", "--no-sandbox", "--disable-gpu"] });
const page = await browser.newPage();
for (const f of files) {
  const src = readFileSync(f, "utf8");
  const [, w, h] = src.match(/viewBox="0 0 (\d+) (\d+)"/);
  await page.setViewportSize({ width: Number(w), height: Number(h) });
  await page.setContent(`<html><body style="margin:0">${src}</body></html>`);
  const name = f.split("/").pop().replace(".svg", ".png");
  await page.screenshot({ path: `${out}/${name}` });
}
await browser.close();
