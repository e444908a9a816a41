import { expect, test, type Page } from "@playwright/test";
import { londonNow } from "@tearoom/domain";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, settled, signInToAdmin, toast, uniquePerson } from "../../support/admin.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

/** The Terrace's day as the API answers it (R44): its seats and its busiest step. */
async function terrace(page: Page, date: string) {
  const res = await page.request.get(`/api/occupancy?date=${date}`);
  expect(res.ok()).toBe(true);
  const { areas } = (await res.json()) as { areas: { id: number; name: string; seats: number; steps: { time: string; seatsTaken: number }[] }[] };
  const area = areas.find((a) => a.name === "Terrace")!;
  const peak = area.steps.reduce<{ time: string; seatsTaken: number } | null>((best, s) => (s.seatsTaken > (best?.seatsTaken ?? 0) ? s : best), null);
  return { id: area.id, summary: peak ? `Terrace: busiest ${peak.seatsTaken} of ${area.seats} at ${peak.time}` : "Terrace: no seats taken" };
}

test("staff seat a walk-in of 3 on the Terrace from today's day sheet on a phone (R44, issue 31)", async ({ page }) => {
  // A walk-in sits down now, whatever the hour: the Terrace's day widens to show a stay after closing.
  const london = londonNow();
  const guest = uniquePerson("Walk-in");
  await page.setViewportSize({ width: 375, height: 812 });
  const before = await terrace(page, london.date);

  await openAdmin(page, "/day", "Day Sheet");
  const chart = page.getByRole("figure", { name: /^Terrace:/ });
  await expect(chart).toHaveAccessibleName(before.summary);
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Seat walk-in" }).click();
  const dialog = page.getByRole("dialog", { name: "Seat walk-in" });
  await dialog.getByRole("button", { name: "One guest more" }).click();
  await expect(dialog.getByLabel("Guests")).toHaveValue("3");
  await dialog.getByLabel("Area").selectOption(String(before.id));
  await dialog.getByLabel("Name").fill(guest.name);
  await dialog.getByLabel("Table").fill("T2");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Seat 3" }).click();

  await expect(toast(page)).toContainText("Walk-in seated");
  await expect(dialog).toBeHidden();
  // In the list, already arrived, on the Terrace at table T2.
  const row = page.getByRole("row", { name: new RegExp(guest.name) });
  await expect(row).toContainText("Arrived");
  await expect(row).toContainText("Terrace");
  await expect(row).toContainText("T2");
  // The Terrace's chart counts the three seats.
  const after = await terrace(page, london.date);
  expect(after.summary).not.toBe(before.summary);
  await expect(chart).toHaveAccessibleName(after.summary);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
});
