import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { addDays, londonNow } from "@tearoom/domain";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, signInToAdmin } from "../../support/admin.js";

/** Last month in London: its first and last dates. */
function lastMonth(): { from: string; to: string } {
  const to = addDays(`${londonNow().date.slice(0, 7)}-01`, -1);
  return { from: `${to.slice(0, 7)}-01`, to };
}

test("the owner opens Reports, picks last month and downloads its takings as CSV (R54)", async ({ page }) => {
  await signInToAdmin(page);
  await openAdmin(page, "/dashboard", "Dashboard");
  await expect(page.getByRole("heading", { name: "This week" })).toBeVisible();
  await page.getByRole("navigation").getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible();

  const { from, to } = lastMonth();
  await page.getByRole("button", { name: "Last month" }).click();
  await expect(page).toHaveURL(new RegExp(`from=${from}&to=${to}`));
  await expect(page.getByRole("button", { name: "Last month" })).toHaveAttribute("aria-pressed", "true");
  const takings = page.getByRole("region", { name: "Takings", exact: true });
  await expect(takings.getByRole("region", { name: "Takings table" }).getByRole("row")).toHaveCount(Number(to.slice(8)) + 1);
  await expectNoSeriousA11yViolations(page);

  const [download] = await Promise.all([page.waitForEvent("download"), takings.getByRole("link", { name: "Download CSV" }).click()]);
  expect(download.suggestedFilename()).toBe(`takings-${from}-to-${to}.csv`);
  const lines = (await readFile((await download.path())!, "utf8")).split("\r\n");
  expect(lines[0]).toBe("Date,Card (GBP),Of which voucher sales (GBP),Of which fees (GBP),Refunds (GBP),Net (GBP),Vouchers redeemed (GBP)");
  // One line per day of last month, then the total line, then the final line break.
  const days = lines.slice(1, -2);
  expect(days.map((l) => l.split(",")[0])).toEqual(Array.from({ length: Number(to.slice(8)) }, (_, i) => addDays(from, i)));
  // The total line is the sum of the days, column by column, and agrees with the report the screen shows.
  const sums = [1, 2, 3, 4, 5, 6].map((c) => days.reduce((n, l) => n + Math.round(Number(l.split(",")[c]) * 100), 0));
  expect(lines.at(-2)).toBe(`Total,${sums.map((p) => (p / 100).toFixed(2)).join(",")}`);
  expect(lines.at(-1)).toBe("");
  const report = await (await page.request.get(`/api/reports/takings?from=${from}&to=${to}`)).json();
  expect(sums[0]).toBe(report.totals.cardPence);
  expect(sums[4]).toBe(report.totals.netPence);
});
