import { expect, test, type Page } from "@playwright/test";
import { skipNewsletterPopup } from "./web-helpers.js";

// Issue 6: the web fonts are used only where they can be there for the first render
// (apps/web/src/styles/fonts.css). A slow first visit is set in the fallbacks and asks for no font
// file until the page has settled; the next visit uses the fonts from the cache.

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

/** The font files the page asks for. */
function fontRequests(page: Page): string[] {
  const files: string[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith(".woff2")) files.push(new URL(request.url()).pathname);
  });
  return files;
}

/** The font the browser actually draws the page's heading with. */
async function headingFont(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  const { root } = await cdp.send("DOM.getDocument");
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "h1" });
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId });
  await cdp.detach();
  return fonts.map((font) => font.familyName).join(", ");
}

test("on a fast connection the page preloads its four font files and sets its heading in Playfair Display", async ({ page }) => {
  const files = fontRequests(page);
  await page.goto("/afternoon-tea");
  await expect(page.locator("html[data-web-fonts]")).toHaveCount(1);
  const preloads = await page
    .locator('link[rel="preload"][as="font"]')
    .evaluateAll((links) => links.map((link) => new URL((link as HTMLLinkElement).href).pathname));
  expect(preloads).toHaveLength(4);
  expect(preloads.every((href) => /^\/assets\/(lora|playfair-display)-latin-[^/]+\.woff2$/.test(href))).toBe(true);
  await expect.poll(() => files.length).toBe(4);
  // Whether a first visit draws with them depends on their arriving within the first render (font-display: optional).
  expect(await page.locator("h1").evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"Playfair Display", "Playfair Fallback"/);
});

test("a first visit on a slow connection asks for no font file until it has settled, and the next visit uses the fonts", async ({ page }) => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Network.enable");
  // Lighthouse's mobile connection with its devtools throttling; the browser reports it as 3g.
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 562.5,
    downloadThroughput: (1474.56 * 1024) / 8,
    uploadThroughput: (675 * 1024) / 8,
  });
  const files = fontRequests(page);

  let requestedBeforeLoad: string[] | undefined;
  page.once("load", () => (requestedBeforeLoad = [...files]));
  await page.goto("/afternoon-tea", { waitUntil: "load" });
  expect(requestedBeforeLoad).toEqual([]);
  expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType: string } }).connection?.effectiveType)).toBe("3g");
  await expect(page.locator("html[data-web-fonts]")).toHaveCount(0);
  expect(await page.locator('link[rel="preload"][as="font"]').count()).toBe(0);
  expect(await page.locator("h1").evaluate((h1) => getComputedStyle(h1).fontFamily)).toMatch(/^"Playfair Fallback"/);
  expect(await headingFont(page)).not.toMatch(/Playfair Display/);

  // Once idle, the files are fetched for the next visit, and that is remembered.
  await expect.poll(() => page.evaluate(() => localStorage.getItem("tr-web-fonts")), { timeout: 20_000 }).toMatch(/\.woff2/);
  const cached = (await page.evaluate(() => localStorage.getItem("tr-web-fonts")))!.split(" ");
  expect([...cached].sort()).toEqual([...new Set(files)].sort());
  expect(cached).toHaveLength(4);
  expect(await headingFont(page)).not.toMatch(/Playfair Display/);

  files.length = 0;
  await page.reload({ waitUntil: "load" });
  await expect(page.locator("html[data-web-fonts]")).toHaveCount(1);
  await expect.poll(() => headingFont(page)).toMatch(/^Playfair Display/);
  expect(files).toHaveLength(4);
  await cdp.detach();
});
