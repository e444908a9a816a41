import { expect, test, type Locator, type Page } from "@playwright/test";
import { settled, skipNewsletterPopup } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

/** True when the button's label is cut off (its content wider or taller than the box showing it). */
async function labelClipped(button: Locator): Promise<boolean> {
  return button.evaluate((el) => [el, ...Array.from(el.querySelectorAll("span"))].some((node) => node.scrollWidth > node.clientWidth + 1 || node.scrollHeight > node.clientHeight + 1));
}

/** The element drawn on top at the centre of the floating sound player. */
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
    await page.getByRole("button", { name: /The Rose Garden/ }).first().click();
    await page.getByRole("button", { name: "Book This Location" }).click();
    const reserve = page.getByRole("button", { name: "Reserve Your Secret Garden Experience" });
    await expect(reserve).toBeVisible();
    expect(await labelClipped(reserve)).toBe(false);
  });

  test("an open dialog covers the floating sound player", async ({ page }) => {
    await page.goto("/gallery");
    await settled(page);
    expect(await topmostAtPlayer(page)).toBe("player");
    await page.getByRole("button", { name: /View larger/ }).first().click();
    await expect(page.getByRole("dialog")).toBeVisible();
    expect(await topmostAtPlayer(page)).toBe("other");
  });
});
