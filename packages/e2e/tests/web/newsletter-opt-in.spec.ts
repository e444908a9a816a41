import { expect, test, type Page } from "@playwright/test";
import { demoCredentials, uniquePerson } from "../../support/admin.js";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { linkInMail, mailsTo, waitForMail } from "../payments/support.js";

// R16 as amended by R26 (double opt-in) and R39 (a GET never unsubscribes): the e-mailed links open
// pages in the site's look whose button makes the change.

async function subscriber(page: Page, email: string): Promise<{ isActive: boolean } | undefined> {
  expect((await page.request.post("/api/admin/login", { data: await demoCredentials(page.request) })).ok()).toBe(true);
  const list = (await (await page.request.get(`/api/newsletters?search=${encodeURIComponent(email)}`)).json()) as { email: string; isActive: boolean }[];
  return list.find((s) => s.email === email);
}

test("the confirmation link opens a page whose button subscribes; the welcome's link opens a page whose button unsubscribes", async ({ page }) => {
  const who = uniquePerson("Opt In Reader");
  const asked = await page.request.post("/api/newsletter/subscribe", { data: { email: who.email, source: "footer" } });
  expect(asked.status()).toBe(202);
  expect(await asked.json()).toEqual({ ok: true });
  const confirm = linkInMail(await waitForMail("newsletter-confirm", who.email), "/newsletter/confirm");

  // Opening the link, as a mail scanner would, twice: nothing changes.
  await page.goto(confirm);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  expect(await subscriber(page, who.email)).toMatchObject({ isActive: false });
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Confirm subscription" }).click();
  await expect(page.getByRole("heading", { name: "You're subscribed" })).toBeVisible();
  expect(await subscriber(page, who.email)).toMatchObject({ isActive: true });

  // A used link says so.
  const used = await page.goto(confirm);
  expect(used?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Link not recognised" })).toBeVisible();

  const unsubscribe = linkInMail(await waitForMail("newsletter-welcome", who.email), "/newsletter/unsubscribe");
  await page.goto(unsubscribe);
  await page.reload();
  await expect(page.getByRole("heading", { name: "Unsubscribe from our newsletter" })).toBeVisible();
  expect(await subscriber(page, who.email)).toMatchObject({ isActive: true });
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You are unsubscribed" })).toBeVisible();
  expect(await subscriber(page, who.email)).toMatchObject({ isActive: false });
});

test("asking again and again for the same address sends one confirmation e-mail", async ({ page }) => {
  const who = uniquePerson("Often Asked");
  for (let i = 0; i < 4; i++) {
    const res = await page.request.post("/api/newsletter/subscribe", { data: { email: who.email, source: "popup" } });
    expect(res.status()).toBe(202);
  }
  await waitForMail("newsletter-confirm", who.email);
  // Give the delivery worker time to write anything else it had queued.
  await page.waitForTimeout(2_000);
  expect(mailsTo(who.email)).toHaveLength(1);
});
