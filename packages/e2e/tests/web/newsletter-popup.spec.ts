import { expect, test, type Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { demoCredentials, uniquePerson } from "../../support/admin.js";
import { pauseClockOnceHydrated, runClockUntilVisible } from "./web-helpers.js";

/** The popup's code loads on demand, so give it a moment of real time before saying it is absent. */
async function expectNoPopup(page: Page): Promise<void> {
  await page.waitForTimeout(1_000);
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("the popup opens 12 s after load, closing it stores the flag and it never shows again", async ({ page }) => {
  await page.clock.install();
  await page.goto("/");
  await pauseClockOnceHydrated(page);
  await page.clock.runFor(10_800);
  await expect(page.getByRole("dialog")).toBeHidden();
  await page.clock.runFor(1_300);
  const dialog = page.getByRole("dialog", { name: "Join Our Newsletter" });
  await runClockUntilVisible(page, dialog);
  await expect(dialog.getByText("By subscribing, you agree to our Privacy Policy.")).toBeVisible();
  await expect(dialog.getByLabel("Email address")).toHaveAttribute("type", "email");
  await page.clock.resume(); // axe waits on timers of its own
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Close newsletter popup" }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("newsletter_popup_closed"))).not.toBeNull();

  await page.reload();
  await page.clock.runFor(30_000);
  await expect(page.getByRole("dialog")).toBeHidden();
});

test("subscribing from the popup: Subscribing... for 1.5 s, Thank You, closed after 3 s, stored with source popup", async ({ page }) => {
  const person = uniquePerson("Popup Reader");
  await page.clock.install();
  await page.goto("/");
  await pauseClockOnceHydrated(page);
  await page.clock.runFor(12_100);
  const dialog = page.getByRole("dialog", { name: "Join Our Newsletter" });
  await runClockUntilVisible(page, dialog);
  await dialog.getByLabel("Email address").fill(person.email);
  await dialog.getByRole("button", { name: "Subscribe" }).click();
  await expect(dialog.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
  await page.clock.runFor(1_500);
  const thanks = page.getByRole("dialog", { name: "Thank You!" });
  await expect(thanks).toBeVisible();
  await page.clock.runFor(2_900);
  await expect(thanks).toBeVisible();
  await page.clock.runFor(200);
  await expect(thanks).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem("newsletter_popup_closed"))).not.toBeNull();

  expect((await page.request.post("/api/admin/login", { data: await demoCredentials(page.request) })).ok()).toBe(true);
  const subscribers = (await (await page.request.get(`/api/newsletters?search=${encodeURIComponent(person.email)}`)).json()) as {
    email: string;
    source: string;
  }[];
  expect(subscribers).toEqual([expect.objectContaining({ email: person.email, source: "popup" })]);
});

test("the popup belongs to the home page: other pages never open it, and leaving home early cancels it", async ({ page }) => {
  await page.clock.install();
  for (const path of ["/gallery", "/afternoon-tea", "/checkout?type=monetary&amount=50", "/secret-entrance"]) {
    await page.goto(path);
    await page.clock.runFor(13_000);
    await expectNoPopup(page);
  }

  await page.goto("/");
  await pauseClockOnceHydrated(page);
  await page.clock.runFor(5_000);
  await page.getByRole("banner").getByRole("link", { name: "Gift Vouchers" }).click();
  await expect(page).toHaveURL(/\/gift-vouchers$/);
  await page.clock.runFor(13_000);
  await page.clock.resume(); // a popup due by now would be shown with real time
  await expectNoPopup(page);
  expect(await page.evaluate(() => localStorage.getItem("newsletter_popup_closed"))).toBeNull();
});
