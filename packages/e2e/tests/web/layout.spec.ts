import { expect, test, type Locator, type Page } from "@playwright/test";
import { settled, skipNewsletterPopup } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

/** True when the button's label is cut off (its content wider or taller than the box showing it). */
async function labelClipped(button: Locator): Promise<boolean> {
  return button.evaluate((el) =>
    [el, ...Array.from(el.querySelectorAll("span"))].some((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1),
  );
}

/** The element drawn on top at the centre of the sound player. */
async function topmostAtPlayer(page: Page): Promise<string> {
  const box = await page.getByRole("complementary", { name: "Garden sounds" }).boundingBox();
  expect(box).not.toBeNull();
  return page.evaluate(
    ({ x, y }) => {
      const top = document.elementFromPoint(x, y);
      return top?.closest('[aria-label="Garden sounds"]') ? "player" : "other";
    },
    { x: box!.x + box!.width / 2, y: box!.y + box!.height / 2 },
  );
}

test.describe("on a 375 px phone", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the long submit buttons wrap their label instead of cutting it off", async ({ page }) => {
    await page.goto("/afternoon-tea");
    const tea = page.getByRole("button", { name: "Book Afternoon Tea Coming Soon" });
    await expect(tea).toBeVisible();
    expect(await labelClipped(tea)).toBe(false);

    await page.goto("/secret-garden-experience");
    await page
      .getByRole("button", { name: /The Rose Garden/ })
      .first()
      .click();
    await page.getByRole("button", { name: "Book This Location" }).click();
    const reserve = page.getByRole("button", { name: "Reserve Your Secret Garden Experience" });
    await expect(reserve).toBeVisible();
    expect(await labelClipped(reserve)).toBe(false);
  });

  test("an open dialog covers the sound player", async ({ page }) => {
    await page.goto("/gallery");
    await settled(page);
    expect(await topmostAtPlayer(page)).toBe("player");
    await page
      .getByRole("button", { name: /View larger/ })
      .first()
      .click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await topmostAtPlayer(page)).toBe("other");
  });
});

/** Whether any part of the sound player is drawn over the centre of each of `targets` that is on screen. */
async function playerCovers(targets: Locator): Promise<string[]> {
  return targets.evaluateAll((elements) =>
    elements.flatMap((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (r.width === 0 || y < 0 || y > window.innerHeight) return [];
      const top = document.elementFromPoint(x, y);
      return top?.closest('[aria-label="Garden sounds"]') ? [el.getAttribute("aria-label") ?? el.textContent ?? el.tagName] : [];
    }),
  );
}

test.describe("the sound player never covers the page (issue 19)", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  test("the hero's Buy Gift Voucher button is uncovered at 375×667, and no field is covered while scrolling a form", async ({ page }) => {
    await page.goto("/");
    await settled(page);
    const buy = page.getByRole("link", { name: "Buy Gift Voucher" }).first();
    await expect(buy).toBeInViewport();
    expect(await playerCovers(buy)).toEqual([]);
    // It is part of the page, not floating over it.
    expect(await page.getByRole("complementary", { name: "Garden sounds" }).evaluate((el) => getComputedStyle(el).position)).toBe("static");

    await page.goto("/reservations");
    await settled(page);
    const fields = page.locator("main input:not([type=hidden]):not(.honeypot input), main select, main button");
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 150) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      expect(await playerCovers(fields), `scrolled to ${y}`).toEqual([]);
    }
  });
});

test("the desktop navigation stays on one line from 768 px up", async ({ page }) => {
  await page.goto("/");
  for (let width = 768; width <= 1280; width += 32) {
    await page.setViewportSize({ width, height: 700 });
    const rows = await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link")
      .evaluateAll((links) => {
        const tops = new Set(links.map((l) => Math.round(l.getBoundingClientRect().top)));
        const wrapped = links.filter((l) => l.getBoundingClientRect().height > 48).length;
        return { rows: tops.size, wrapped };
      });
    expect(rows, `${width} px`).toEqual({ rows: 1, wrapped: 0 });
  }
});

test.describe("on a 320 px phone", () => {
  test.use({ viewport: { width: 320, height: 700 } });

  test("no page is wider than the screen", async ({ page }) => {
    for (const path of ["/reservations", "/", "/afternoon-tea", "/gift-vouchers", "/contact", "/accessibility", "/checkout?type=afternoonTea"]) {
      await page.goto(path);
      await settled(page);
      const wide = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        ...Array.from(document.querySelectorAll("body *"))
          .filter((el) => el.getBoundingClientRect().right > 320.5)
          .map((el) => `${el.tagName}.${String(el.className).slice(0, 40)}`)
          .slice(0, 3),
      ]);
      expect(wide, path).toEqual([320]);
    }
  });
});

test("a text field shows a 2 px focus ring (WCAG 2.2 focus appearance)", async ({ page }) => {
  await page.goto("/contact");
  await settled(page);
  const name = page.getByRole("main").getByLabel(/^Name/);
  await name.focus();
  const ring = await name.evaluate((el) => {
    const style = getComputedStyle(el);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(ring.style).toBe("solid");
  expect(ring.width).toBeGreaterThanOrEqual(2);
});

test("on the secret entrance the keyboard never reaches the hidden header and footer; the sound player stays on top", async ({ page }) => {
  await page.goto("/secret-entrance");
  await expect(page.getByRole("button", { name: "Enter the Secret Garden" })).toBeVisible();
  await expect(page.locator("html[data-page-live]")).toHaveCount(1);
  const reached: string[] = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    reached.push(
      await page.evaluate(() =>
        document.activeElement?.closest("header, footer, .skip-link") ? "hidden" : (document.activeElement?.textContent ?? "").trim(),
      ),
    );
  }
  expect(reached).not.toContain("hidden");
  expect(reached).toContain("Enter the Secret Garden");
  expect(reached).toContain("Return to the tearoom");
  await settled(page);
  expect(await topmostAtPlayer(page)).toBe("player");
});

test("the footer landmark holds the address, the opening hours and the newsletter", async ({ page }) => {
  await page.goto("/");
  const footer = page.getByRole("contentinfo");
  await expect(footer).toHaveCount(1);
  await expect(footer.getByRole("heading", { name: "Visit Us" })).toBeVisible();
  await expect(footer.getByRole("heading", { name: "Opening Hours" })).toBeVisible();
  await expect(footer.getByRole("form", { name: "Newsletter" })).toBeVisible();
  await expect(footer.getByRole("link", { name: "Accessibility" })).toHaveAttribute("href", "/accessibility");
});

test("one address per page: /Gallery and /index.html are moved to the page itself", async ({ page, request }) => {
  const gallery = await request.get("/Gallery", { maxRedirects: 0 });
  expect([gallery.status(), gallery.headers()["location"]]).toEqual([301, "/gallery"]);
  await page.goto("/Gallery");
  await expect(page).toHaveURL(/\/gallery$/);
  await expect(page.getByRole("heading", { level: 1, name: "Gallery" })).toBeVisible();
  const index = await request.get("/index.html", { maxRedirects: 0 });
  expect([index.status(), index.headers()["location"]]).toEqual([301, "/"]);
  expect((await request.get("/favicon.ico")).headers()["content-type"]).toMatch(/icon/);
  expect((await request.get("/apple-touch-icon.png")).headers()["content-type"]).toBe("image/png");
});
