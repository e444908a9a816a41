import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, settled, signInToAdmin, uniquePerson } from "../../support/admin.js";
import { linkInMail, waitForMail } from "../payments/support.js";

/** The voucher code in a voucher e-mail (quoted-printable text part). */
function codeInMail(eml: string): string {
  const code = /TEA-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}/.exec(eml.replace(/=\n/g, ""))?.[0];
  expect(code, "a voucher code in the e-mail").toBeTruthy();
  return code!;
}

test("staff redeem part of a voucher and the guest sees what is left; the e-mail's printable voucher (R35)", async ({ page }) => {
  // Buy a £75 monetary voucher with the demo provider's test card (R7, R10).
  const recipient = uniquePerson("Ledger Friend");
  const buyer = uniquePerson("Ledger Giver");
  await page.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  await page.goto("/checkout?type=monetary&amount=75");
  const form = page.getByRole("form", { name: "Gift voucher checkout" });
  await form.getByLabel("Recipient's name").fill(recipient.name);
  await form.getByLabel("Recipient's email").fill(recipient.email);
  await form.getByLabel("Your name").fill(buyer.name);
  await form.getByLabel("Your email").fill(buyer.email);
  await form.getByLabel("Card number").fill("4242 4242 4242 4242");
  await form.getByLabel("Expiry date").fill("12 / 34");
  await form.getByLabel("Security code").fill("123");
  await form.getByRole("button", { name: "Pay £75.00" }).click();
  await page.waitForURL(/\/confirmation\?payment_intent=.+&redirect_status=succeeded/);

  const mail = await waitForMail("voucher-recipient", recipient.email);
  const code = codeInMail(mail);

  // The printable voucher the e-mail links to: by a token of its own, never the code.
  const printLink = linkInMail(mail, "/voucher/print");
  expect(printLink).not.toContain(code);
  await page.goto(printLink);
  await expect(page.getByRole("heading", { name: "Gift Voucher" })).toBeVisible();
  await expect(page.getByText(code)).toBeVisible();
  await expect(page.getByText("£75.00", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Print this voucher" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print this voucher" })).toBeHidden();
  await expect(page.getByText(code)).toBeVisible();
  await page.emulateMedia({ media: "screen" });

  // Staff find it by its code, typed loosely, and redeem £59.90 of it.
  await signInToAdmin(page);
  await openAdmin(page, "/vouchers", "Gift Vouchers");
  await page.getByLabel("Find a voucher by code").fill(code.toLowerCase().replaceAll("-", " "));
  await page.getByRole("button", { name: "Open", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Voucher ${code}` });
  await expect(dialog.getByText("£75.00 of £75.00")).toBeVisible();
  await dialog.getByLabel(/Amount/).fill("59.90");
  await dialog.getByLabel("Note").fill("Afternoon tea for two");
  await dialog.getByRole("button", { name: "Redeem" }).click();
  await expect(dialog.getByText("£15.10 of £75.00")).toBeVisible();
  const entry = dialog.getByRole("table", { name: "Voucher ledger" }).getByRole("row").nth(1);
  await expect(entry).toContainText("−£59.90");
  await expect(entry).toContainText("Afternoon tea for two");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  // More than is left is refused with the server's reason.
  await dialog.getByLabel(/Amount/).fill("20");
  await dialog.getByRole("button", { name: "Redeem" }).click();
  await expect(page.getByText("Only £15.10 is left on this voucher.")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("row", { name: new RegExp(recipient.name) })).toContainText("£15.10");

  // The guest checks the balance on /gift-vouchers.
  await page.goto("/gift-vouchers");
  await page.getByLabel("Voucher code").fill(code);
  await page.getByRole("button", { name: "Check voucher" }).click();
  await expect(page.getByText("£15.10 left")).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});
