import { expect, test } from "@playwright/test";
import { addDays, dayOfWeek, isBookableDate, londonNow, type WeeklyHours } from "@tearoom/domain";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, settled, signInToAdmin, toast } from "../../support/admin.js";
import { pickDate, skipNewsletterPopup } from "../web/web-helpers.js";

const usual = { open: "11:00", close: "17:00" };
const SEED_WEEK: WeeklyHours = { mon: null, tue: null, wed: usual, thu: usual, fri: usual, sat: usual, sun: usual };

/** The first bookable date of a weekday (0 = Sunday) `fromDays` or more ahead, on the seed settings. */
function next(weekday: number, fromDays: number): string {
  let date = addDays(londonNow().date, fromDays);
  while (dayOfWeek(date) !== weekday || !isBookableDate({}, "afternoonTea", date)) date = addDays(date, 1);
  return date;
}

test.beforeEach(async ({ page }) => {
  await skipNewsletterPopup(page);
  await signInToAdmin(page);
});

test("the owner sets a shorter Sunday and a winter season; a visitor then sees Sunday's last afternoon tea time move earlier (R45)", async ({ page }) => {
  const sunday = next(0, 3);
  // The season starts the week after, so the first Sunday keeps the usual week's Sunday.
  const winterFrom = addDays(sunday, 1);
  const winterTo = addDays(sunday, 60);
  const winterSunday = addDays(sunday, 7);
  const winterWednesday = addDays(sunday, 10);
  const teaTimes = async (date: string) =>
    ((await (await page.request.get(`/api/availability?type=afternoonTea&date=${date}`)).json()) as { slots: { time: string }[] }).slots.map((s) => s.time);
  expect((await teaTimes(sunday)).at(-1)).toBe("16:00");

  try {
    await openAdmin(page, "/booking-settings", "Booking Settings");
    const hours = page.getByRole("region", { name: "Opening hours" });
    await expect(hours.getByRole("switch", { name: "Sunday open" })).toBeChecked();
    await expect(hours.getByText("weekly_hours")).toHaveCount(0);

    // A closing before opening is refused as the server says, naming the day.
    await hours.getByLabel("Sunday closing time").fill("10:00");
    await hours.getByRole("button", { name: "Save opening hours" }).click();
    await expect(hours.getByRole("alert")).toContainText("Sunday: closing time (10:00 AM) must be after opening time (11:00 AM).");

    await hours.getByLabel("Sunday closing time").fill("16:00");
    await hours.getByRole("button", { name: "Add a season" }).click();
    await hours.getByLabel("Season 1: name").fill("Winter");
    await hours.getByLabel("Winter: first day").fill(winterFrom);
    await hours.getByLabel("Winter: last day").fill(winterTo);
    await hours.getByRole("switch", { name: "Winter: Wednesday open" }).click();
    await hours.getByLabel("Winter: Sunday closing time").fill("15:00");
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await hours.getByRole("button", { name: "Save opening hours" }).click();
    await expect(toast(page)).toContainText("Opening hours saved");
    await expect(hours.getByRole("alert")).toHaveCount(0);
    await expect(hours.getByRole("button", { name: "Save opening hours" })).toBeDisabled();

    // The visitor's afternoon tea form offers Sunday's times to 3pm, an hour earlier than on other days.
    await page.goto("/afternoon-tea");
    await expect(page.getByText("Wednesday to Saturday 11am-5pm, Sunday 11am-4pm").first()).toBeVisible();
    await expect(page.locator("html[data-page-live]")).toHaveCount(1);
    const form = page.getByRole("form", { name: "Afternoon tea booking" });
    await pickDate(form, sunday);
    const time = form.getByLabel("Time");
    await expect(time.locator("option").last()).toHaveText("3:00 PM");
    await expect(time.locator("option", { hasText: /^3:30 PM$/ })).toHaveCount(0);

    // In winter, Sunday closes at 3pm and Wednesday not at all.
    expect((await teaTimes(winterSunday)).at(-1)).toBe("14:00");
    expect(await teaTimes(winterWednesday)).toEqual([]);
  } finally {
    // Back to the seed hours for the other tests on this server.
    const res = await page.request.put("/api/opening-hours", { data: { weekly: SEED_WEEK, seasons: [] } });
    expect(res.ok()).toBe(true);
  }
  expect((await teaTimes(sunday)).at(-1)).toBe("16:00");
});
