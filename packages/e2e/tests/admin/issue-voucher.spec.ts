import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, settled, signInToAdmin, uniquePerson } from "../../support/admin.js";
import { decodedMail, waitForMail } from "../payments/support.js";

test("staff issue a till voucher; its e-mail opens the tea form with the code filled in; after a part is redeemed the holder is e-mailed the balance (R50)", async ({
  page,
}) => {
  const recipient = uniquePerson("Till Friend");
  await signInToAdmin(page);
  await openAdmin(page, "/vouchers", "Gift Vouchers");

  await page.getByRole("button", { name: "Issue voucher" }).click();
  const form = page.getByRole("form", { name: "Issue a voucher" });
  await form.getByLabel(/Amount/).fill("40");
  await form.getByLabel("Recipient's name").fill(recipient.name);
  await form.getByLabel("Recipient's e-mail").fill(recipient.email);
  await form.getByLabel("How it was sold").selectOption({ label: "Sold at the till (card)" });
  await form.getByLabel("Note").fill("Terminal 2");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await form.getByRole("button", { name: "Issue voucher" }).click();

  // The new voucher opens with its code and its issue in the ledger.
  const dialog = page.getByRole("dialog", { name: /^Voucher TEA-/ });
  await expect(dialog).toBeVisible();
  const code = ((await dialog.locator(".mantine-Modal-title").textContent()) ?? "").match(/TEA-[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/)?.[0];
  expect(code, "the new voucher's code").toBeTruthy();
  await expect(dialog.getByText("£40.00 of £40.00")).toBeVisible();
  const issued = dialog.getByRole("table", { name: "Voucher ledger" }).getByRole("row").nth(1);
  await expect(issued).toContainText("Issued");
  await expect(issued).toContainText("Sold at the till (card). Terminal 2");

  // The recipient's e-mail links the tea form with the code filled in.
  const mail = decodedMail(await waitForMail("voucher-recipient", recipient.email));
  expect(mail).toContain(code!);
  const teaLink = new RegExp(`/afternoon-tea\\?voucher=${code}#book`).exec(mail)?.[0];
  expect(teaLink, "the tea form link in the e-mail").toBeTruthy();

  // Staff redeem £15 of it at the till.
  await dialog.getByLabel(/Amount/).fill("15");
  await dialog.getByLabel("Note").fill("Cream tea at the counter");
  await dialog.getByRole("button", { name: "Redeem" }).click();
  await expect(dialog.getByText("£25.00 of £40.00")).toBeVisible();
  await page.keyboard.press("Escape");
  const row = page.getByRole("row", { name: new RegExp(recipient.name) });
  await expect(row).toContainText("Sold at the till (card)");

  // The holder hears what is left.
  const balance = decodedMail(await waitForMail("voucher-balance", recipient.email));
  expect(balance).toContain("£25.00 is left to use");
  expect(balance).toContain(`Your gift voucher ${code} has just been used for £15.00.`);

  await page.goto(teaLink!);
  await expect(page.getByLabel("Gift voucher code")).toHaveValue(code!);
});
