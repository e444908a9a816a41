// Renders public/images/og-card.jpg (1200×630) from the hero illustration with Debian's Chromium.
// Run after build.mjs: `node scripts/illustrations/og-card.mjs`.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const web = join(here, "../..");
const require = createRequire(join(web, "../../packages/e2e/package.json"));
const { chromium } = require("@playwright/test");
const hero = readFileSync(join(web, "public/images/hero-house.svg"), "base64");
const font = (pkg, file) => readFileSync(join(web, "node_modules/@fontsource", pkg, "files", file)).toString("base64");

const html = `<html><head><style>
@font-face { font-family: Playfair; src: url(data:font/woff2;base64,${font("playfair-display", "playfair-display-latin-600-normal.woff2")}) format("woff2"); }
@font-face { font-family: Lora; src: url(data:font/woff2;base64,${font("lora", "lora-latin-400-italic.woff2")}) format("woff2"); font-style: italic; }
body { margin: 0; width: 1200px; height: 630px; position: relative; overflow: hidden; }
img { position: absolute; inset: 0; width: 100%; height: 100%; object-fit: cover; object-position: 50% 40%; }
.veil { position: absolute; inset: 0; background: linear-gradient(180deg, rgba(20,30,18,0.05), rgba(24,34,22,0.85)); }
.text { position: absolute; left: 64px; bottom: 56px; color: #fffaf0; }
h1 { font-family: Playfair; font-weight: 600; font-size: 76px; margin: 0; line-height: 1; }
p { font-family: Lora; font-style: italic; font-size: 30px; margin: 14px 0 0; color: #f3ecdc; }
.rule { width: 120px; height: 3px; background: #e9d59a; margin-bottom: 22px; }
</style></head><body><img src="data:image/svg+xml;base64,${hero}"><div class="veil"></div><div class="text"><div class="rule"></div><h1>The Heritage Tearoom</h1><p>Afternoon tea in a historic garden</p></div></body></html>`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 1200, height: 630 } });
await page.setContent(html);
await page.waitForTimeout(300);
await page.screenshot({ path: join(web, "public/images/og-card.jpg"), type: "jpeg", quality: 82 });
await browser.close();
console.log("public/images/og-card.jpg");
