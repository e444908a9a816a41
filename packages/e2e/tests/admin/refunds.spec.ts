import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, openDate, settled, signInToAdmin, toast, uniquePerson } from "../../support/admin.js";
import { asNewVisitor } from "../../support/visitors.js";
import { waitForMail } from "../payments/support.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

test("staff refund half of a card-paid tea; the guest is e-mailed (R34)", async ({ page, request }) => {
  const who = uniquePerson("Refund Guest");
  // A traditional tea for two, paid with the demo provider's test card (R7, R22).
  const intent = await request.post("/api/create-payment-intent", {
    headers: asNewVisitor(),
    data: {
      amount: 59.9,
      metadata: {
        type: "afternoon-tea",
        date: openDate("afternoonTea", 10),
        time: "14:00",
        guests: 2,
        teaType: "traditional",
        name: who.name,
        email: who.email,
        phone: "01234 567890",
        dietaryRequirements: "",
      },
    },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await request.post("/api/payments/demo/confirm", {
    data: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation?type=afternoon-tea" },
  });
  expect(await paid.json()).toMatchObject({ status: "succeeded" });

  await openAdmin(page, "/reservations", "Reservations");
  await page.getByLabel("Search").fill(who.tag);
  const row = page.getByRole("row", { name: new RegExp(who.name) });
  await expect(row.getByTestId("payment-headline")).toHaveText("Paid £59.90");
  await row.getByRole("button", { name: `Refund payment for ${who.name}` }).click();

  const dialog = page.getByRole("dialog", { name: "Refund payment" });
  await expect(dialog.getByText("£59.90 can still be refunded.")).toBeVisible();
  await dialog.getByRole("radio", { name: "Part of it" }).check();
  await dialog.getByLabel(/^Amount to refund/).fill("29.95");
  await dialog.getByLabel(/^Reason/).fill("One guest could not come");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Refund £29.95" }).click();

  await expect(toast(page)).toContainText("£29.95 has been refunded and the guest has been e-mailed.");
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("payment-headline")).toHaveText("Paid £59.90, refunded £29.95");
  await expect(row.getByText("Partly refunded")).toBeVisible();

  // Quoted-printable text, decoded as a mail program would.
  const mail = (await waitForMail("refund-guest", who.email)).replace(/=\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => `%${hex}`);
  const text = decodeURIComponent(mail.replace(/%(?![0-9A-F]{2})/g, "%25"));
  expect(text).toContain("We have refunded £29.95 of your payment");
  expect(text).toContain("Test mode – no real charge was made");
  expect(text).not.toContain("One guest could not come");
});
