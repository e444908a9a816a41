import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { adminURL, openAdmin, signInToAdmin, settled } from "../../support/admin.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

/** Path, page heading and navigation label of every staff screen. */
const SCREENS = [
  ["/dashboard", "Dashboard", "Dashboard"],
  ["/day", "Day Sheet", "Day Sheet"],
  ["/reservations", "Reservations", "Reservations"],
  ["/guests", "Guests", "Guests"],
  ["/pricing", "Pricing Management", "Pricing"],
  ["/inquiries", "Customer Inquiries", "Inquiries"],
  ["/newsletters", "Newsletter Subscribers", "Newsletters"],
  ["/booking-settings", "Booking Settings", "Booking Settings"],
  ["/closures", "Closures", "Closures"],
  ["/vouchers", "Gift Vouchers", "Vouchers"],
] as const;

test("the dashboard shows counts, previews, quick stats, the server's status and links to every screen", async ({ page }) => {
  await openAdmin(page, "/dashboard", "Dashboard");
  for (const label of ["Total Inquiries", "Active Pricing Items", "Newsletter Subscribers", "Today's Reservations"]) {
    await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
  }
  await expect(page.getByText(/^\d+ unresolved$/)).toBeVisible();
  await expect(page.getByText(/^\d+ upcoming$/)).toBeVisible();
  const pricing = page.getByRole("region", { name: "Pricing", exact: true });
  await expect(pricing.getByRole("listitem")).toHaveCount(3);
  await expect(pricing).toContainText("Traditional Afternoon Tea");
  await expect(pricing).toContainText("£29.95");
  await expect(page.getByRole("region", { name: "Booking Settings", exact: true }).getByRole("listitem")).toHaveCount(3);
  await expect(page.getByRole("region", { name: "Quick Stats" })).toContainText("Open inquiries");
  const status = page.getByRole("region", { name: "System Status" });
  await expect(status).toContainText("Demo provider: test mode – no real charge");
  await expect(status).toContainText("Online");
  await expect(status).toContainText("Saved as files");
  const links = page.getByRole("region", { name: "Manage" });
  for (const [path, heading, label] of SCREENS.slice(1)) {
    await links.getByRole("link", { name: label, exact: true }).click();
    await expect(page).toHaveURL(`${adminURL}/admin${path}`);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    await page.goBack();
  }
});

test("every screen has no serious accessibility problems and a sign-out control", async ({ page }) => {
  for (const [path, heading] of SCREENS) {
    await openAdmin(page, path, heading);
    await page.waitForLoadState("networkidle");
    await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
  }
});

test("at 375 px the navigation folds behind a toggle that works from the keyboard", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await openAdmin(page, "/dashboard", "Dashboard");
  const nav = page.getByRole("navigation", { name: "Admin navigation" });
  await expect(nav.getByRole("link", { name: "Pricing" })).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open navigation" });
  await toggle.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("button", { name: "Close navigation" })).toHaveAttribute("aria-expanded", "true");
  await nav.getByRole("link", { name: "Pricing" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Pricing Management" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Pricing" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeVisible();
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
});

test("dialogs are usable from the keyboard: focus moves in, Escape closes, focus returns", async ({ page }) => {
  await openAdmin(page, "/pricing", "Pricing Management");
  const open = page.getByRole("button", { name: "Add Pricing Item" });
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Add Pricing Item" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel(/^Name/)).toBeFocused();
  await page.keyboard.type("Keyboard tea");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(open).toBeFocused();
});

test("every admin address the server lists loads directly and on refresh with status 200", async ({ page }) => {
  await openAdmin(page, "/dashboard", "Dashboard");
  // The list the admin build wrote from its router, as the server reads it.
  const paths = await page.evaluate(async () => (await (await fetch("/admin/routes.json")).json()) as string[]);
  expect(paths).toEqual(expect.arrayContaining(["/admin/day", "/admin/closures", "/admin/privacy", "/admin/activity", "/admin/accounts"]));
  for (const path of paths) {
    for (const load of [() => page.goto(`${adminURL}${path}`), () => page.reload()]) {
      const res = await load();
      expect(res?.status(), path).toBe(200);
      await expect(page.getByRole("heading", { level: 1 }).first(), path).toBeVisible();
      await expect(page.getByRole("heading", { name: "404 Page Not Found" }), path).toBeHidden();
    }
  }
});

test("an unknown admin path shows the 404 page", async ({ page }) => {
  const res = await page.goto(`${adminURL}/admin/no-such-screen`);
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
});
