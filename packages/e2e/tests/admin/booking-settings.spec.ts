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

test("settings are edited, deleted and added, and the public slots follow them (R11)", async ({ page }) => {
  const date = openDate("afternoonTea", 21);
  expect((await teaSlots(page, date)).at(-1)).toBe("16:00");
  await openAdmin(page, "/booking-settings", "Booking Settings");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  const row = page.getByRole("listitem").filter({ has: page.getByText("afternoon_tea_last_slot", { exact: true }) });

  try {
    // Edit inline: blank is not saved, a bad time is explained, a good one saved trimmed.
    await row.getByRole("button", { name: "Edit afternoon_tea_last_slot" }).click();
    const input = row.getByLabel("New value for afternoon_tea_last_slot");
    await input.fill("   ");
    await expect(row.getByRole("button", { name: "Save" })).toBeDisabled();
    await input.fill("half past three");
    await expect(row.getByText(/afternoon_tea_last_slot: Use a 24-hour time/)).toBeVisible();
    await expect(row.getByRole("button", { name: "Save" })).toBeDisabled();
    await input.fill(" 15:00 ");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(toast(page)).toContainText("Booking setting updated successfully");
    await expect(row).toContainText("15:00");
    expect((await teaSlots(page, date)).at(-1)).toBe("15:00");

    // Delete: the default comes back.
    page.once("dialog", (d) => void d.accept());
    await row.getByRole("button", { name: "Delete afternoon_tea_last_slot" }).click();
    await expect(toast(page)).toContainText("Booking setting deleted successfully");
    await expect(row).toHaveCount(0);
    expect((await teaSlots(page, date)).at(-1)).toBe("16:00");

    // Add: enabled only with key and value; the key must be snake_case.
    const form = page.getByRole("region", { name: "Add New Setting" });
    const create = form.getByRole("button", { name: "Create Setting" });
    await expect(create).toBeDisabled();
    await form.getByLabel("Key").fill("Afternoon Tea Last Slot");
    await expect(create).toBeDisabled();
    await form.getByLabel("Value").fill("15:30");
    await create.click();
    await expect(form.getByText("Use snake_case: lower-case words joined by underscores, e.g. max_guests")).toBeVisible();
    await form.getByLabel("Key").fill("afternoon_tea_last_slot");
    await create.click();
    await expect(toast(page)).toContainText("New booking setting created successfully");
    await expect(form.getByLabel("Key")).toHaveValue("");
    await expect(row).toContainText("15:30");
    expect((await teaSlots(page, date)).at(-1)).toBe("15:30");

    // A key that exists is refused by the server with its reason.
    await form.getByLabel("Key").fill("opening_time");
    await form.getByLabel("Value").fill("10:00");
    await create.click();
    await expect(toast(page).getByRole("alert")).toContainText("Failed to create booking setting");
    await expect(toast(page).getByRole("alert")).toContainText("opening_time already exists");
  } finally {
    // Back to the seed value for the other tests on this server.
    const res = await page.request.patch("/api/booking-settings/afternoon_tea_last_slot", { data: { value: "16:00" } });
    if (res.status() === 404) await page.request.post("/api/booking-settings", { data: { settingKey: "afternoon_tea_last_slot", settingValue: "16:00" } });
  }
  expect((await teaSlots(page, date)).at(-1)).toBe("16:00");
});
