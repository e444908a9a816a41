import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { demoCredentials, openAdmin, signInToAdmin, toast, uniquePerson } from "../../support/admin.js";
import { decodedMail, waitForMail } from "../payments/support.js";

// R56: staff write a newsletter, preview it, and send a test to themselves.
test("staff compose a newsletter, preview it and send a test to themselves", async ({ page }) => {
  await signInToAdmin(page);
  const me = uniquePerson("Owner");
  const { username } = await demoCredentials(page.request);
  const accounts = (await (await page.request.get("/api/staff-users")).json()) as { id: number; username: string }[];
  const mine = accounts.find((a) => a.username === username)!;
  expect((await page.request.patch(`/api/staff-users/${mine.id}`, { data: { email: me.email } })).status()).toBe(200);

  await openAdmin(page, "/campaigns", "Send a newsletter");
  const subject = `Summer menu ${me.tag}`;
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Message").fill("The **summer menu** starts on Saturday.\n\n<b>not bold</b>");
  await page.getByRole("button", { name: "Preview" }).click();
  const preview = page.frameLocator('iframe[title="Newsletter preview"]');
  await expect(preview.locator("strong")).toHaveText("summer menu");
  // Raw HTML is shown as typed, never as markup.
  await expect(preview.locator("body")).toContainText("<b>not bold</b>");
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Send test to me" }).click();
  await expect(toast(page)).toContainText(`A test copy is on its way to ${me.email}.`);
  const mail = decodedMail(await waitForMail("newsletter-test", me.email));
  expect(mail).toContain(`Subject: [Test] ${subject}`);
  expect(mail).toContain("summer menu");

  // The draft is listed; nothing went to subscribers.
  await expect(page.getByRole("list", { name: "Newsletters" }).getByText(subject)).toBeVisible();
  await expect(page.getByRole("list", { name: "Newsletters" }).getByText("Draft").first()).toBeVisible();
});
