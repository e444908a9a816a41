import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { skipNewsletterPopup } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

test("the gallery shows 9 pictures, filters by category and opens a picture in a dialog with its caption", async ({ page }) => {
  await page.goto("/gallery");
  const pictures = page.getByRole("main").getByRole("listitem");
  await expect(pictures).toHaveCount(9);
  await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");

  for (const [filter, count] of [
    ["House", 3],
    ["Tearoom", 3],
    ["Gardens", 3],
    ["All", 9],
  ] as const) {
    await page.getByRole("button", { name: filter, exact: true }).click();
    await expect(page.getByRole("button", { name: filter, exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(pictures).toHaveCount(count);
  }

  await page.getByRole("button", { name: "Gardens", exact: true }).click();
  await page.getByRole("button", { name: /View larger: The lily pond and pavilion/ }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("img", { name: /A lily pond with a timber pavilion/ })).toBeVisible();
  await expect(dialog.getByText("The lily pond and pavilion")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await expect(page.getByRole("main").getByRole("link", { name: "Reserve a Table" })).toHaveAttribute("href", "/reservations");
  await expect(page.getByRole("main").getByRole("link", { name: "Contact Us" })).toHaveAttribute("href", "/contact");
});
