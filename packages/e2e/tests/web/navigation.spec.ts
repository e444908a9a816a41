import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { pauseClock, skipNewsletterPopup, waitUntilLive } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

test("the header marks the current route with aria-current and links to the house's own site", async ({ page }) => {
  await page.goto("/gift-vouchers");
  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "Gift Vouchers" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("link", { name: /The House & Gardens/ })).toHaveAttribute("target", "_blank");
  await nav.getByRole("link", { name: "Contact" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(nav.getByRole("link", { name: "Contact" })).toHaveAttribute("aria-current", "page");
});

test.describe("below 768 px", () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test("the menu opens from its toggle, offers Make a Reservation, closes on route change and on widening", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
    const toggle = page.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu.getByRole("link", { name: "Make a Reservation" })).toHaveAttribute("href", "/reservations");
    await expect(menu.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
    await expectNoSeriousA11yViolations(page);

    await menu.getByRole("link", { name: "Afternoon Tea" }).click();
    await expect(page).toHaveURL(/\/afternoon-tea$/);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(toggle).toBeFocused();

    await toggle.click();
    await expect(menu).toBeVisible();
    await page.setViewportSize({ width: 1024, height: 800 });
    await expect(toggle).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await page.setViewportSize({ width: 375, height: 800 });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
  });
});

test("the secret entrance: intro, a click fades out and 1.5 s later opens the Secret Garden; the body style leaves with it", async ({ page }) => {
  await pauseClock(page);
  await page.goto("/");
  await page.getByRole("link", { name: "Secret Garden" }).click();
  await expect(page).toHaveURL(/\/secret-entrance$/);
  await expect(page.locator("body")).toHaveClass(/secret-entrance-active/);
  const portal = page.getByRole("button", { name: "Enter the Secret Garden" });
  await page.clock.runFor(600);
  await portal.click();
  await page.clock.runFor(1_300);
  await expect(page).toHaveURL(/\/secret-entrance$/);
  await page.clock.runFor(300);
  await expect(page).toHaveURL(/\/secret-garden-experience$/);
  await expect(page.getByRole("heading", { level: 1, name: "Secret Garden Experience" })).toBeVisible();
  await expect(page.locator("body")).not.toHaveClass(/secret-entrance-active/);
});

test("F8 moves focus to the notification region", async ({ page }) => {
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await waitUntilLive(page);
  await page.keyboard.press("F8");
  const focused = await page.evaluate(() => document.activeElement?.closest("section")?.getAttribute("aria-label"));
  expect(focused).toBe("Notifications (F8)");
});
