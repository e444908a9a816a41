import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, signInToAdmin, uniquePerson, settled } from "../../support/admin.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

/** The figure of a stat card on the vouchers screen. */
const stat = (page: import("@playwright/test").Page, label: string) => page.getByText(label, { exact: true }).locator("xpath=following-sibling::p[1]");

test("a voucher bought on the website is listed, with stats, total value and filters", async ({ page }) => {
  await openAdmin(page, "/vouchers", "Gift Vouchers");
  await expect(stat(page, "Total Vouchers")).toBeVisible();
  const totalBefore = Number(await stat(page, "Total Vouchers").innerText());
  const valueBefore = Number((await stat(page, "Total Value").innerText()).replace(/[£,]/g, ""));
  if (totalBefore === 0) await expect(page.getByText("No gift vouchers yet")).toBeVisible();

  // Buy a £25 monetary voucher with the demo provider's test card (R7, R10).
  const recipient = uniquePerson("Voucher Friend");
  const buyer = uniquePerson("Voucher Giver");
  await page.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  await page.goto("/checkout?type=monetary&amount=25");
  const form = page.getByRole("form", { name: "Gift voucher checkout" });
  await form.getByLabel("Recipient's name").fill(recipient.name);
  await form.getByLabel("Recipient's email").fill(recipient.email);
  await form.getByLabel("Your name").fill(buyer.name);
  await form.getByLabel("Your email").fill(buyer.email);
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry date").fill("12 / 34");
  await form.getByLabel("Security code").fill("123");
  await form.getByRole("button", { name: "Pay £25.00" }).click();
  await page.waitForURL(/\/confirmation\?payment_intent=.+&redirect_status=succeeded/);

  await openAdmin(page, "/vouchers", "Gift Vouchers");
  await expect(stat(page, "Total Vouchers")).toHaveText(String(totalBefore + 1));
  // Spec: the total value is the sum of the numbers in the price texts.
  await expect(stat(page, "Total Value")).toHaveText(`£${(valueBefore + 25).toLocaleString("en-GB", { minimumFractionDigits: 2 })}`);
  const row = page.getByRole("row", { name: new RegExp(recipient.name) });
  await expect(row).toContainText("£25.00");
  await expect(row).toContainText("Monetary Voucher");
  await expect(row).toContainText(buyer.name);
  await expect(row).toContainText("Active");
  await expect(row.getByText(/^TEA-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/)).toBeVisible();
  // No edit or delete in the list: the code opens the voucher and its ledger (R35).
  await expect(row.getByRole("button")).toHaveCount(1);
  await expect(row).toContainText("£25.00");
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByLabel("Search").fill(recipient.email);
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.getByLabel("Type").selectOption({ label: "Afternoon Tea Voucher" });
  await expect(page.getByText("No vouchers match these filters")).toBeVisible();
  await page.getByLabel("Type").selectOption({ label: "Monetary Voucher" });
  await page.getByLabel("Status").selectOption({ label: "Redeemed" });
  await expect(page.getByText("No vouchers match these filters")).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "Active" });
  await expect(row).toBeVisible();
  // The stats cover every voucher, whatever the filters.
  await expect(stat(page, "Total Vouchers")).toHaveText(String(totalBefore + 1));
  // Spec section 7: the list endpoint answers a list (one page of it, the full count in a header).
  const listed = await page.request.get(`/api/vouchers?search=${encodeURIComponent(recipient.email)}`);
  expect(listed.ok()).toBe(true);
  expect(await listed.json()).toMatchObject([{ recipientName: recipient.name, price: "£25.00" }]);
  expect(listed.headers()["x-total-count"]).toBe("1");
});
