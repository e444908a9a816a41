import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, openDate, signInToAdmin, toast, settled } from "../../support/admin.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

/** The afternoon-tea slot times the public site offers on an open date. */
async function teaSlots(page: Page, date: string): Promise<string[]> {
  const res = await page.request.get(`/api/availability?type=afternoonTea&date=${date}`);
  expect(res.ok()).toBe(true);
  return ((await res.json()) as { slots: { time: string }[] }).slots.map((s) => s.time);
}

test("settings are edited as grouped forms in their own editors and reset to their defaults; the public slots follow them (R11, R33, R46)", async ({
  page,
}) => {
  const date = openDate("afternoonTea", 21);
  expect((await teaSlots(page, date)).at(-1)).toBe("16:00");
  await openAdmin(page, "/booking-settings", "Booking Settings");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  const headings = page.getByRole("heading", { level: 2 });
  await expect(headings).toHaveText(["Opening hours", "Seating and durations", "Booking rules", "Payments and policies", "E-mails", "Privacy"]);
  await expect(page.getByText("afternoon_tea_last_slot")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  const rules = page.getByRole("region", { name: "Booking rules" });
  const input = rules.getByLabel("Last afternoon tea time", { exact: true });
  const field = page.locator("form").filter({ has: page.getByLabel("Last afternoon tea time", { exact: true }) });

  try {
    // A time picker: a time after closing is explained, naming both fields as the form shows them; a good one is saved.
    await expect(input).toHaveValue("16:00");
    await input.fill("17:30");
    await expect(field.getByText("Last afternoon tea time (5:30 PM) must be before Closing time (5:00 PM).")).toBeVisible();
    await expect(field.getByRole("button", { name: "Save Last afternoon tea time" })).toBeDisabled();
    await input.fill("15:00");
    await field.getByRole("button", { name: "Save Last afternoon tea time" }).click();
    await expect(toast(page)).toContainText("Booking setting updated successfully");
    await expect(field).toContainText("Default: 4:00 PM.");
    await expect(input).toHaveValue("15:00");
    expect((await teaSlots(page, date)).at(-1)).toBe("15:00");

    // Reset to default: it says so and names the default; the default comes back and the field stays.
    page.once("dialog", (d) => {
      expect(d.message()).toBe('Reset "Last afternoon tea time" to its default, 4:00 PM?');
      void d.accept();
    });
    await field.getByRole("button", { name: "Reset to default: Last afternoon tea time" }).click();
    await expect(toast(page)).toContainText("Booking setting reset to its default");
    await expect(input).toHaveValue("16:00");
    await expect(field).toContainText("Default value.");
    await expect(field.getByRole("button", { name: "Reset to default: Last afternoon tea time" })).toBeDisabled();
    expect((await teaSlots(page, date)).at(-1)).toBe("16:00");

    // Open days are checkboxes.
    const hours = page.getByRole("region", { name: "Opening hours" });
    await expect(hours.getByRole("checkbox", { name: "Wednesday" })).toBeChecked();
    await expect(hours.getByRole("checkbox", { name: "Monday" })).not.toBeChecked();

    // Closed dates on a calendar, Secret Garden times as a list with a time picker.
    await expect(hours.getByRole("group", { name: "Closed dates" }).getByRole("button", { name: /Remove .*25 Dec 2026/ })).toBeVisible();
    await expect(rules.getByRole("group", { name: "Secret Garden times", exact: true }).getByRole("button", { name: "Remove 6:00 PM" })).toBeVisible();
    await expect(page.getByRole("region", { name: "Privacy" }).getByLabel("How long nightly backups are kept", { exact: true })).toHaveValue("14");
  } finally {
    // Back to the seed value for the other tests on this server.
    await page.request.patch("/api/booking-settings/afternoon_tea_last_slot", { data: { value: "16:00" } });
  }
  expect((await teaSlots(page, date)).at(-1)).toBe("16:00");
});
