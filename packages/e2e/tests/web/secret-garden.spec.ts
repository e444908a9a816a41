import { asNewVisitor } from "../../support/visitors.js";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { uniquePerson } from "../../support/admin.js";
import { bookableDate, pickDate, skipNewsletterPopup, toasts } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

test("Secret Garden: map pins, details, location dialog, a stored booking with wine, and the same private slot refused the second time", async ({ page }) => {
  const date = await bookableDate(page, "secretGarden", 6);
  const person = uniquePerson("Garden Guest");
  await page.goto("/secret-garden-experience");
  for (const badge of ["Exclusive Access", "Premium Experience", "English Sparkling Wine Option"])
    await expect(page.getByText(badge, { exact: true })).toBeVisible();
  await expect(page.getByText("Standard Location")).toBeVisible();
  await expect(page.getByText("Private Location")).toBeVisible();
  const pins = page.getByRole("button", { name: /up to \d guests/ });
  await expect(pins).toHaveCount(5);

  // Pins are keyboard buttons: focus and press Enter.
  const alcove = page.getByRole("button", { name: "The Secret Alcove, up to 2 guests, private location" });
  await alcove.focus();
  await page.keyboard.press("Enter");
  await expect(alcove).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("heading", { name: /The Secret Alcove/ })).toBeVisible();
  await expect(page.getByText("Capacity: up to 2 guests")).toBeVisible();
  await expect(page.getByText("Private space - perfect for special moments")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Book This Location" }).click();

  const form = page.getByRole("form", { name: "Reserve your garden table" });
  // The location dialog lists every spot with its capacity and a Private badge.
  await form.getByRole("button", { name: "Change location" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a Garden Location" });
  await expect(dialog.getByRole("button")).toHaveCount(6); // five spots and the close button
  await expect(dialog.getByText("Up to 8 guests")).toBeVisible();
  await expect(dialog.getByText("Private", { exact: true })).toHaveCount(2);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: /The Secret Alcove/ }).click();
  await expect(dialog).toBeHidden();

  await pickDate(form, date);
  const time = form.getByLabel("Time");
  await expect(time.locator("option")).toHaveText(["Select a time", "12:00 PM", "2:00 PM", "4:00 PM", "6:00 PM (Private Events Only)"]);
  await time.selectOption("18:00");
  await expect(form.getByLabel("Number of guests").locator("option")).toHaveText(["1 guest", "2 guests"]);
  await form.getByLabel("Number of guests").selectOption("2");
  await form.getByLabel("Name").fill(person.name);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Phone").fill("01234 333444");
  await form.getByLabel(/Add a glass of English sparkling wine/).check();
  await form.getByLabel("Special requests").fill("A candle on the table, please");
  await form.getByRole("button", { name: "Reserve Your Secret Garden Experience" }).click();

  const card = page.getByRole("article", { name: "Your Secret Garden Experience is booked" });
  await expect(card).toBeVisible();
  await expect(toasts(page).getByRole("status")).toContainText("Booking Confirmed!");
  await expect(card).toContainText("The Secret Alcove");
  await expect(card).toContainText("6:00 PM (Private Events Only)");
  await expect(card).toContainText("Yes (£30.00 for 2 guests)");
  await expect(card).toContainText("A candle on the table, please");
  await expect(card).toContainText(`A confirmation has been sent to ${person.email}.`);
  await expect(card.getByRole("link", { name: "events@heritagetearoom.co.uk" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Print Confirmation" })).toBeVisible();

  // Make Another Booking returns to the empty start; the same private spot and slot is now taken.
  await card.getByRole("button", { name: "Make Another Booking" }).click();
  await expect(page.getByText("Choose a location on the map to see its details.")).toBeVisible();
  await page.getByRole("button", { name: "The Secret Alcove, up to 2 guests, private location" }).click();
  await page.getByRole("button", { name: "Book This Location" }).click();
  await pickDate(page.getByRole("form", { name: "Reserve your garden table" }), date);
  await expect(page.getByRole("form", { name: "Reserve your garden table" }).getByLabel("Time").locator("option", { hasText: "6:00 PM" })).toHaveCount(0);

  const again = uniquePerson("Second Guest");
  // Another visitor (R23 bounds what one address may request in a day; this is not about that).
  const refused = await page.request.post("/api/bookings", {
    headers: asNewVisitor(),
    data: {
      type: "secretGarden",
      gardenSpotId: "secret-alcove",
      date,
      time: "18:00",
      guests: 2,
      name: again.name,
      email: again.email,
      phone: "01234 555666",
      includeWine: false,
    },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(/\w/);
});

test("the 18:00 sitting is for private spots only", async ({ page }) => {
  const date = await bookableDate(page, "secretGarden", 8);
  await page.goto("/secret-garden-experience");
  await page.getByRole("button", { name: "Manor View, up to 4 guests" }).click();
  await page.getByRole("button", { name: "Book This Location" }).click();
  const form = page.getByRole("form", { name: "Reserve your garden table" });
  await pickDate(form, date);
  await expect(form.getByLabel("Time").locator("option")).toHaveText(["Select a time", "12:00 PM", "2:00 PM", "4:00 PM"]);
  const p = uniquePerson("Evening Guest");
  // Another visitor (R23 bounds what one address may request in a day; this is not about that).
  const refused = await page.request.post("/api/bookings", {
    headers: asNewVisitor(),
    data: { type: "secretGarden", gardenSpotId: "manor-view", date, time: "18:00", guests: 2, name: p.name, email: p.email, phone: "01234 555666" },
  });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
});
