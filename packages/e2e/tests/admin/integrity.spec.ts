import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, settled, signInToAdmin, toast, uniquePerson } from "../../support/admin.js";

// R33 as staff meet it: a second active price for a product, and settings that contradict each other.

test.beforeEach(async ({ page }) => signInToAdmin(page));

test("a second active price for a product is refused, naming the active one, and the site keeps its price", async ({ page }) => {
  const { tag } = uniquePerson("Tea");
  const name = `Cheap Tea ${tag}`;
  await openAdmin(page, "/pricing", "Pricing Management");
  await page.getByRole("button", { name: "Add Pricing Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Pricing Item" });
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Item type/).selectOption({ label: "Traditional Afternoon Tea" });
  await expect(dialog.getByText("Only one item of each type can be active")).toBeVisible();

  // Typed amounts are read strictly: refused with a message, never changed.
  const price = dialog.getByLabel(/^Price/);
  await price.fill("1e9");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Price must be in pounds and pence, e.g. 29.95")).toBeVisible();
  await expect(price).toHaveValue("1e9");
  await price.fill("0.001");
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Price must be in pounds and pence, e.g. 29.95")).toBeVisible();

  await price.fill("5");
  await dialog.getByRole("button", { name: "Create" }).click();
  const refusal = '"Traditional Afternoon Tea" (£29.95) is the active Traditional Afternoon Tea. Deactivate it first, or save this item as inactive.';
  await expect(toast(page).getByRole("alert")).toContainText("Failed to create pricing");
  await expect(dialog.getByRole("alert")).toContainText(refusal);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  expect((await (await page.request.get("/api/site")).json()).prices.traditional).toBe(2995);

  // Saved as inactive it is kept, beside the active one.
  // The switch's input is hidden under its track, so the click is forced, and a forced click can land
  // while the dialog is still moving in: click again until it has taken.
  const active = dialog.getByRole("switch", { name: "Active" });
  await expect(async () => {
    if (await active.isChecked()) await active.click({ force: true });
    await expect(active).not.toBeChecked({ timeout: 500 });
  }).toPass();
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page)).toContainText("Pricing created successfully");
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("£5.00");
  await expect(card).toContainText("Inactive");
  page.once("dialog", (d) => void d.accept());
  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(card).toHaveCount(0);
});

test("settings that contradict each other are refused, naming both as the form shows them, and the site never shows them", async ({ page }) => {
  await openAdmin(page, "/booking-settings", "Booking Settings");
  const hours = page.getByRole("region", { name: "Opening hours" });
  const field = (label: string) => page.locator("form").filter({ has: page.getByLabel(label, { exact: true }) });

  // Checked before sending: an opening after the closing.
  const opening = hours.getByLabel("Opening time", { exact: true });
  await opening.fill("18:00");
  await expect(field("Opening time").getByText("Opening time (6:00 PM) must be before Closing time (5:00 PM).")).toBeVisible();
  await expect(field("Opening time").getByRole("button", { name: "Save Opening time" })).toBeDisabled();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await opening.fill("11:00");
  await expect(field("Opening time").getByRole("button", { name: "Save Opening time" })).toBeDisabled();

  try {
    // Checked by the server too: someone else moved the closing to 16:30 meanwhile, so food until
    // 16:45 no longer fits. The 400 names both fields, shown on the field, and nothing is saved.
    expect((await page.request.patch("/api/booking-settings/closing_time", { data: { value: "16:30" } })).ok()).toBe(true);
    const food = hours.getByLabel("Food served until", { exact: true });
    await food.fill("16:45");
    await field("Food served until").getByRole("button", { name: "Save Food served until" }).click();
    const alert = toast(page).getByRole("alert");
    const refusal = "Food served until (4:45 PM) must not be after Closing time (4:30 PM).";
    await expect(alert).toContainText("Failed to update booking setting");
    await expect(alert).toContainText(refusal);
    await expect(field("Food served until").getByText(refusal)).toBeVisible();
    const settings = (await (await page.request.get("/api/booking-settings")).json()) as { settingKey: string; settingValue: string }[];
    expect(settings.find((s) => s.settingKey === "food_served_until")?.settingValue).toBe("16:30");
  } finally {
    await page.request.patch("/api/booking-settings/closing_time", { data: { value: "17:00" } });
  }

  // The public pages show hours that make sense.
  await page.goto("/contact");
  await expect(page.getByText("Wednesday to Sunday 11am-5pm").first()).toBeVisible();
});
