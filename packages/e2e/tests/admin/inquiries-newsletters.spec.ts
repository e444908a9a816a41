import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, signInToAdmin, toast, uniquePerson, settled } from "../../support/admin.js";
import { linkInMail, waitForMail } from "../payments/support.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

test("an enquiry sent from the contact form is read and marked resolved", async ({ page }) => {
  const who = uniquePerson("Enquirer");
  const sent = await page.request.post("/api/contact", {
    data: {
      name: who.name,
      email: who.email,
      phone: "07700 900123",
      enquiryType: "special-requirements",
      message: "My mother is coeliac; can the scones be gluten free?",
    },
  });
  expect(sent.status()).toBe(201);

  await openAdmin(page, "/inquiries", "Customer Inquiries");
  const unresolved = page.getByRole("region", { name: /^Unresolved Inquiries \(\d+\)$/ });
  const resolved = page.getByRole("region", { name: /^Resolved Inquiries \(\d+\)$/ });
  const countOf = async (region: typeof unresolved) => Number((await region.getByRole("heading").innerText()).match(/\((\d+)\)/)![1]);
  const openBefore = await countOf(unresolved);
  const doneBefore = await countOf(resolved);
  await expect(unresolved.getByRole("article", { name: `Inquiry from ${who.name}` })).toBeVisible();

  await page.getByRole("button", { name: `View details of the inquiry from ${who.name}` }).click();
  const dialog = page.getByRole("dialog", { name: `Inquiry from ${who.name}` });
  await expect(dialog).toContainText(who.email);
  await expect(dialog).toContainText("07700 900123");
  await expect(dialog).toContainText("My mother is coeliac; can the scones be gluten free?");
  await expect(dialog).toContainText("Unresolved");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Mark Resolved" }).click();
  await expect(toast(page)).toContainText("Inquiry marked as resolved");
  await expect(dialog).toBeHidden();
  await expect(resolved.getByRole("article", { name: `Inquiry from ${who.name}` })).toBeVisible();
  await expect(unresolved.getByRole("heading")).toHaveText(`Unresolved Inquiries (${openBefore - 1})`);
  await expect(resolved.getByRole("heading")).toHaveText(`Resolved Inquiries (${doneBefore + 1})`);

  // Resolved is one way: its details offer no Mark Resolved.
  await page.getByRole("button", { name: `View details of the inquiry from ${who.name}` }).click();
  await expect(dialog).toContainText("Resolved");
  await expect(dialog.getByRole("button", { name: "Mark Resolved" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("a newsletter subscriber is found, switched off and deleted", async ({ page }) => {
  const who = uniquePerson("Reader");
  const lastName = `Fairweather${who.tag}`;
  const sent = await page.request.post("/api/newsletter/subscribe", { data: { email: who.email, firstName: "Rosa", lastName, source: "footer" } });
  expect(sent.status()).toBe(202);
  // Double opt-in (R16 as amended by R26): the subscription is active once its owner uses the e-mailed link.
  const link = linkInMail(await waitForMail("newsletter-confirm", who.email), "/newsletter/confirm");
  const token = new URL(link, "http://localhost").searchParams.get("token");
  expect((await page.request.post("/api/newsletter/confirm", { data: { token } })).status()).toBe(200);
  // Someone else on the list, so an empty search result is not an empty list.
  const other = uniquePerson("Other Reader");
  expect((await page.request.post("/api/newsletter/subscribe", { data: { email: other.email, source: "popup" } })).status()).toBe(202);

  await openAdmin(page, "/newsletters", "Newsletter Subscribers");
  const total = page.getByText("Total Subscribers").locator("..");
  await expect(total).toBeVisible();
  const search = page.getByLabel("Search subscribers");
  await search.fill(lastName.toUpperCase());
  // The search is sent after a pause and the last page stays on screen until its answer: wait for
  // the search's one row (and the header row), so the row below is the search's, not the old page's.
  await expect(page.getByRole("row")).toHaveCount(2);
  const row = page.getByRole("row", { name: new RegExp(who.email.replace(/\./g, "\\.")) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Rosa ${lastName}`);
  await expect(row).toContainText("Active");
  await expect(row).toContainText("footer");
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole("switch", { name: `Active subscription for ${who.email}` }).click({ force: true });
  await expect(toast(page)).toContainText("Newsletter subscription status updated successfully");
  await expect(row).toContainText("Inactive");
  await expect(row.getByRole("switch")).not.toBeChecked();

  page.once("dialog", (d) => void d.accept());
  await row.getByRole("button", { name: `Delete ${who.email}` }).click();
  await expect(toast(page)).toContainText("Newsletter subscription deleted successfully");
  await expect(page.getByText("No subscribers found matching your search.")).toBeVisible();
  const list = (await (await page.request.get(`/api/newsletters?search=${encodeURIComponent(who.email)}`)).json()) as unknown[];
  expect(list).toHaveLength(0);
});
