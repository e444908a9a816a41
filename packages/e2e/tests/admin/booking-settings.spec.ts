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

test("settings are edited in their own editors and deleted back to their defaults; the public slots follow them (R11, R33)", async ({ page }) => {
  const date = openDate("afternoonTea", 21);
  expect((await teaSlots(page, date)).at(-1)).toBe("16:00");
  await openAdmin(page, "/booking-settings", "Booking Settings");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  const row = page.getByRole("listitem").filter({ has: page.getByText("afternoon_tea_last_slot", { exact: true }) });

  try {
    // A time picker: a slot after closing is explained, naming both settings; a good one is saved.
    await row.getByRole("button", { name: "Edit afternoon_tea_last_slot" }).click();
    const input = row.getByLabel("New value for afternoon_tea_last_slot");
    await input.fill("17:30");
    await expect(row.getByText("afternoon_tea_last_slot (17:30) must be before closing_time (17:00)")).toBeVisible();
    await expect(row.getByRole("button", { name: "Save" })).toBeDisabled();
    await input.fill("15:00");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Booking setting updated successfully");
    await expect(row).toContainText("15:00");
    await expect(row).toContainText("Default 16:00");
    expect((await teaSlots(page, date)).at(-1)).toBe("15:00");

    // Delete: the default comes back and the row stays.
    page.once("dialog", (d) => {
      expect(d.message()).toBe("Are you sure you want to delete this booking setting?");
      void d.accept();
    });
    await row.getByRole("button", { name: "Delete afternoon_tea_last_slot" }).click();
    await expect(toast(page)).toContainText("Booking setting deleted successfully");
    await expect(row).toContainText("16:00");
    await expect(row).toContainText("Default value");
    expect((await teaSlots(page, date)).at(-1)).toBe("16:00");

    // Open days are checkboxes.
    const days = page.getByRole("listitem").filter({ has: page.getByText("open_days", { exact: true }) });
    await expect(days).toContainText("Wed, Thu, Fri, Sat, Sun");
    await days.getByRole("button", { name: "Edit open_days" }).click();
    await expect(days.getByRole("checkbox", { name: "Wednesday" })).toBeChecked();
    await expect(days.getByRole("checkbox", { name: "Monday" })).not.toBeChecked();

    // Closed dates on a calendar, Secret Garden times as a list with a time picker.
    const closed = page.getByRole("listitem").filter({ has: page.getByText("closed_dates", { exact: true }) });
    await closed.getByRole("button", { name: "Edit closed_dates" }).click();
    await expect(closed.getByRole("button", { name: /Remove .*25 Dec 2026/ })).toBeVisible();
    const times = page.getByRole("listitem").filter({ has: page.getByText("secret_garden_times", { exact: true }) });
    await times.getByRole("button", { name: "Edit secret_garden_times" }).click();
    await expect(times.getByRole("button", { name: "Remove 18:00" })).toBeVisible();
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    for (const editing of [days, closed, times]) await editing.getByRole("button", { name: "Cancel" }).click();

    // Only known settings exist, all of them listed: nothing is left to add.
    await expect(page.getByRole("region", { name: "Add New Setting" })).toContainText("Every setting the site uses is listed below");
  } finally {
    // Back to the seed value for the other tests on this server.
    await page.request.patch("/api/booking-settings/afternoon_tea_last_slot", { data: { value: "16:00" } });
  }
  expect((await teaSlots(page, date)).at(-1)).toBe("16:00");
});
