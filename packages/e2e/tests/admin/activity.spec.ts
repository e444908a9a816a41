import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { adminURL, openAdmin, settled, signInToAdmin, toast, uniquePerson } from "../../support/admin.js";
import { baseURL } from "../../playwright.config.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

test("a price change shows on the Activity screen with who made it and before → after (R40)", async ({ page }) => {
  const name = `Gift Amount ${uniquePerson("Activity").tag}`;
  await openAdmin(page, "/pricing", "Pricing Management");
  await page.getByRole("button", { name: "Add Pricing Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Pricing Item" });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Item type/).selectOption({ label: "Monetary Gift Voucher" });
  await dialog.getByLabel(/^Price/).fill("12.5");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page)).toContainText("Pricing created successfully");
  const card = page.getByRole("article", { name });
  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Pricing Item" });
  await edit.getByLabel(/^Price/).fill("13.75");
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(toast(page)).toContainText("Pricing updated successfully");

  await page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Activity" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Activity" })).toBeVisible();
  await page.getByRole("combobox", { name: "Change" }).click();
  await page.getByRole("option", { name: "Pricing item changed" }).click();
  const change = page.getByRole("listitem").filter({ hasText: name }).first();
  await expect(change).toContainText("Pricing item changed");
  await expect(change).toContainText("by admin");
  await expect(change).toContainText("£12.50 → £13.75");
  // Only what changed is listed.
  await expect(change).not.toContainText("item type");
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  // The creation is there too, with nothing before it.
  await page.getByRole("combobox", { name: "Change" }).click();
  await page.getByRole("option", { name: "Pricing item added" }).click();
  await expect(page.getByRole("listitem").filter({ hasText: name }).first()).toContainText("£12.50");
});

test("the owner adds a staff account, who sees only their own password on Accounts (R40)", async ({ page, browser }) => {
  const username = `staff-${uniquePerson("x").tag}`;
  await openAdmin(page, "/accounts", "Accounts");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  const add = page.getByRole("form", { name: "Add an account" });
  await add.getByLabel(/^Username/).fill(username);
  await add.getByLabel(/^Password/).fill("long-enough-1");
  await add.getByRole("button", { name: "Add account" }).click();
  await expect(toast(page)).toContainText("Account added");
  await expect(page.getByRole("button", { name: `Remove ${username}` })).toBeVisible();

  const staff = await browser.newPage();
  const res = await staff.request.post("/api/admin/login", { data: { username, password: "long-enough-1" } });
  expect(res.ok()).toBe(true);
  // The admin app is on its own host: the session cookie goes there too, as signInToAdmin does.
  const session = (await staff.context().cookies(baseURL)).find((c) => /session/.test(c.name));
  await staff.context().addCookies([{ ...session!, domain: new URL(adminURL).hostname }]);
  await openAdmin(staff, "/accounts", "Accounts");
  await expect(staff.getByRole("button", { name: "Change password" })).toBeVisible();
  await expect(staff.getByText("Staff accounts")).toHaveCount(0);
  expect((await staff.request.get("/api/staff-users")).status()).toBe(403);
  await staff.close();
});

test("at 375 px Activity and Accounts fit the phone and stay accessible", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  for (const [path, heading] of [
    ["/activity", "Activity"],
    ["/accounts", "Accounts"],
  ] as const) {
    await openAdmin(page, path, heading);
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  }
});
