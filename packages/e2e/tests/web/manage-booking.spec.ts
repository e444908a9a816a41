import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { decodedMail as decoded, fillAfternoonTea, fillCard, unique, waitForMail } from "../payments/support.js";

// R37: the guest manages their own booking from the link in their e-mail.

test.use({ bypassCSP: true });
test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
});

/** The manage link in a message. */
function manageLink(eml: string): string {
  const link = /\/booking\/[\w-]{43}/.exec(decoded(eml))?.[0];
  expect(link, "a manage link in the message").toBeTruthy();
  return link!;
}

const addDays = (date: string, days: number) => new Date(Date.parse(`${date}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

test("a guest sees the booking on the confirmation page, opens the link from their e-mail, moves the tea a week on, pays for one more guest, sees the refund for one fewer before saving it, then cancels it and is refunded", async ({
  page,
}) => {
  const guest = unique("Manage Guest");
  const form = await fillAfternoonTea(page, { ...guest, guests: 2 });
  await fillCard(form, "4242 4242 4242 4242");
  await form.getByRole("button", { name: /Book Afternoon Tea/ }).click();
  await page.waitForURL(/\/confirmation\?/);
  // R51: the confirmation page shows what was booked, not just references, and its calendar file.
  const booked = page.getByTestId("booked-visit");
  await expect(booked.getByRole("heading", { name: "Your booking" })).toBeVisible();
  await expect(booked).toContainText("Guests2");
  await expect(booked).toContainText("2 × Traditional afternoon tea");
  await expect(booked).toContainText("Paid by card£59.90");
  await expect(booked).toContainText("Where");
  await expectNoSeriousA11yViolations(page);
  const calendar = await page.request.get((await booked.getByRole("link", { name: "Add to calendar" }).getAttribute("href"))!);
  expect(calendar.headers()["content-type"]).toMatch(/^text\/calendar/);
  expect(await calendar.text()).toMatch(/^UID:TR-[\w-]+@heritage-tearoom\r?$/m);

  const link = manageLink(await waitForMail("afternoon-tea-confirmation", guest.email));
  await page.goto(link);
  await expect(page.getByRole("heading", { level: 1, name: "Your booking" })).toBeVisible();
  await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
  await expect(page.getByText("£59.90")).toBeVisible();
  await expect(page.getByText(/^You can change or cancel online until /)).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const date = await page.getByLabel("Date").inputValue();
  await page.getByLabel("Date").fill(addDays(date, 7));
  await expect(page.getByLabel("Time").locator("option").first()).not.toHaveText(/Loading/);
  await page.getByLabel("Time").selectOption({ index: 0 });
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Booking changed")).toBeVisible();
  expect(await waitForMail("guest-changed", guest.email)).toMatch(/^Subject: Your booking is changed: /m);
  await expect(page.getByLabel("Date")).toHaveValue(addDays(date, 7));

  // R37: one more guest is paid for by card before the booking changes.
  await page.getByLabel("Guests").selectOption("3");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("3 guests in all: £29.95 more to pay by card. Your booking changes once this is paid.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £29.95" }).click();
  await expect(page.getByText("£89.85")).toBeVisible();
  await expect(page.getByLabel("Guests")).toHaveValue("3");
  expect(decoded(await waitForMail("guest-changed", guest.email, 2))).toContain("We have taken £29.95 by card for the guests you added.");

  // R51: one guest fewer shows what goes back before it is saved (the demo provider's refund reaches no card).
  await page.getByLabel("Guests").selectOption("2");
  await expect(page.getByTestId("change-preview")).toContainText("If you save this change");
  await expect(page.getByTestId("change-preview")).toContainText("£29.95 is refunded in test mode");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Save changes" }).click();
  expect(await waitForMail("guest-changed", guest.email, 3)).toMatch(/^Subject: Your booking is changed: /m);
  await expect(page.getByLabel("Guests")).toHaveValue("2");
  await expect(page.getByTestId("change-preview")).toHaveCount(0);

  await page.getByRole("button", { name: "Cancel booking" }).click();
  await page.getByRole("button", { name: "Yes, cancel it" }).click();
  await expect(page.getByText("£59.90 is on its way back to your card.")).toBeVisible();
  await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Save changes" })).toHaveCount(0);
  // R51: one e-mail says where the money goes (the demo provider's refund reaches no card).
  expect(decoded(await waitForMail("guest-cancelled", guest.email))).toContain(
    "£59.90 is refunded in test mode: nothing was charged, so nothing reaches your card.",
  );
});

test("an unknown link says so, with the phone number, and is never indexed", async ({ page }) => {
  const res = await page.goto(`/booking/${"x".repeat(43)}`);
  expect(res?.status()).toBe(200);
  expect(res?.headers()["x-robots-tag"]).toBe("noindex");
  await expect(page.getByRole("alert")).toContainText("This link is not valid.");
  await expect(page.getByRole("alert")).toContainText("call us on");
});
