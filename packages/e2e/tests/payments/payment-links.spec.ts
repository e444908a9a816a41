import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, openDate, signInToAdmin, settled, toast, uniquePerson } from "../../support/admin.js";
import { decodedMail, fillCard, mailsTo, waitForMail } from "./support.js";

// R49: staff take a booking by phone, send the guest a payment link, and the guest pays it from the e-mail.

test.use({ bypassCSP: true });

test("a phone booking without an e-mail, then a payment link the guest pays from the e-mail with the demo card; the booking shows paid", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  await signInToAdmin(page);
  const who = uniquePerson("Phone Guest");
  const date = openDate("table", 12);
  await openAdmin(page, "/reservations", "Reservations");

  await page.getByRole("button", { name: "Add New Reservation" }).click();
  const add = page.getByRole("dialog", { name: "Add New Reservation" });
  const create = add.getByRole("button", { name: "Create Reservation" });
  await add.getByLabel(/^Type/).selectOption({ label: "Table" });
  await add.getByLabel(/^Name/).fill(who.name);
  // Create says why it cannot be pressed yet.
  await expect(create).toBeDisabled();
  await expect(create).toHaveAccessibleDescription("Fill in the phone number, the date and the time to create the reservation.");
  await add.getByLabel(/^Phone/).fill("01234 555777");
  await add.getByLabel(/^Date/).fill(date);
  await add.getByLabel(/^Time/).selectOption("12:00");
  await add.getByLabel(/^Guests/).fill("3");
  // No e-mail address: a phone booking, nothing will be sent.
  await expect(add.getByText("No e-mail address: nothing is sent to the guest (a phone booking).")).toBeVisible();
  await expect(create).toBeEnabled();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await create.click();
  await expect(toast(page)).toContainText("The new reservation has been successfully created.");

  await page.getByLabel("Search").fill(who.tag);
  const row = page.getByRole("row", { name: new RegExp(who.name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Unpaid");

  // Without an address no link can be sent, and the dialog says so.
  await row.getByRole("button", { name: `Send payment link to ${who.name}` }).click();
  const linkDialog = page.getByRole("dialog", { name: "Send payment link" });
  await expect(linkDialog.getByTestId("payment-link-no-email")).toContainText("This booking has no e-mail address, so a payment link cannot be sent.");
  await linkDialog.getByRole("button", { name: "Close", exact: true }).click();

  // The guest gives an address on the phone: staff add it and send a £15 deposit link.
  await row.getByRole("button", { name: `Edit reservation for ${who.name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Reservation" });
  await edit.getByLabel(/^Email/).fill(who.email);
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("The reservation has been successfully updated.");

  await row.getByRole("button", { name: `Send payment link to ${who.name}` }).click();
  await linkDialog.getByLabel(/^Amount/).fill("15");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await linkDialog.getByRole("button", { name: "Send link for £15.00" }).click();
  await expect(toast(page)).toContainText("Payment link sent");
  await expect(row.getByTestId("payment-awaiting")).toContainText("Awaiting payment");
  await expect(row.getByTestId("payment-awaiting")).toContainText("£15.00 by payment link");

  // The guest opens the link from the e-mail and pays with the demo card.
  const mail = await waitForMail("payment-link", who.email);
  expect(decodedMail(mail)).toContain("The tearoom asks for a deposit of £15.00 for your booking on ");
  const link = /\/pay\/[\w-]{43}/.exec(decodedMail(mail))?.[0];
  expect(link, "a payment link in the message").toBeTruthy();
  const guest = await page.context().newPage();
  const res = await guest.goto(link!);
  expect(res?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(guest.getByRole("heading", { level: 1, name: "Pay for your booking" })).toBeVisible();
  await expect(guest.getByText("£15.00").first()).toBeVisible();
  await expect(guest.getByText("3", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(guest);
  await fillCard(guest, "4242 4242 4242 4242");
  await guest.getByRole("button", { name: "Pay £15.00" }).click();
  await expect(guest.getByTestId("payment-link-paid")).toContainText("Paid, thank you. £15.00 has been received");
  await waitForMail("payment-link-paid", who.email);

  // Staff see it paid.
  await page.bringToFront();
  await page.reload();
  await page.getByLabel("Search").fill(who.tag);
  await expect(row.getByTestId("payment-headline")).toHaveText("Paid £15.00");
  await expect(row.getByTestId("payment-awaiting")).toHaveCount(0);
  // Nothing was e-mailed before the guest had an address.
  expect(
    mailsTo(who.email)
      .map((f) => /payment-link(-paid)?\.eml$/.exec(f.name)?.[0] ?? f.name)
      .sort(),
  ).toEqual(["payment-link-paid.eml", "payment-link.eml"]);
});
