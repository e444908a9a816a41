import { expect, test } from "@playwright/test";
import { demoCredentials, uniquePerson } from "../../support/admin.js";
import { asNewVisitor } from "../../support/visitors.js";
import { bookableDate, pickDate, skipNewsletterPopup, toasts } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

test("a table booking made on the site appears in the staff booking list", async ({ page }) => {
  const person = uniquePerson("Table Guest");
  const date = await bookableDate(page, "table", 9);
  await page.goto("/reservations");
  const form = page.getByRole("form", { name: "Booking request" });
  await form.getByLabel("Dining preference").selectOption("lunch");
  await pickDate(form, date);
  await form.getByLabel("Number of guests").selectOption("3");
  await form.getByLabel("Time").selectOption("13:00");
  await form.getByLabel("Name").fill(person.name);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Phone").fill("01234 222333");
  await form.getByRole("button", { name: "Submit Booking" }).click();
  const done = toasts(page).getByRole("status");
  await expect(done).toContainText("Booking Submitted");
  await expect(done).toContainText("We'll confirm your reservation shortly.");
  await expect(form.getByLabel("Name")).toHaveValue("");
  // R51: what was asked for stays on the page with the reference, and where.
  const received = page.getByTestId("request-received");
  await expect(received).toContainText("Time1:00 PM");
  await expect(received).toContainText("Guests3");
  await expect(received).toContainText("Where");

  // Staff see it: sign in as the demo pair and read GET /api/bookings.
  expect((await page.request.post("/api/admin/login", { data: await demoCredentials(page.request) })).ok()).toBe(true);
  const list = (await (await page.request.get(`/api/bookings?search=${encodeURIComponent(person.email)}`)).json()) as Record<string, unknown>[];
  expect(list).toHaveLength(1);
  expect(list[0]).toMatchObject({
    type: "table",
    name: person.name,
    email: person.email,
    date,
    time: "13:00",
    guests: 3,
    diningPreference: "lunch",
    status: "pending",
  });

  // The times offered for that day now count those three seats.
  const availability = await (await page.request.get(`/api/availability?type=table&date=${date}`)).json();
  const slot = availability.slots.find((s: { time: string }) => s.time === "13:00");
  expect(slot.remaining).toBe(27);
});

test("a full slot is not offered, and the server refuses it with a readable message", async ({ page }) => {
  const date = await bookableDate(page, "picnicHamper", 11);
  // Fill the Lawn's 12 places from 14:00 (a picnic stays two hours, R44) directly, as two other visitors.
  for (const guests of [6, 6]) {
    const p = uniquePerson("Hamper Party");
    const res = await page.request.post("/api/bookings", {
      headers: asNewVisitor(),
      data: { type: "picnicHamper", hamperType: "standard", date, time: "14:00", guests, name: p.name, email: p.email, phone: "01234 000000" },
    });
    expect(res.status()).toBe(201);
  }
  await page.goto("/reservations");
  const form = page.getByRole("form", { name: "Booking request" });
  await form.getByLabel("Booking type").selectOption("picnicHamper");
  await form.getByLabel("Number of guests").selectOption("2");
  await pickDate(form, date);
  await expect(form.getByLabel("Time").locator("option", { hasText: /^2:00 PM$/ })).toHaveCount(0);
  // A picnic from 1:30 PM would still be on the Lawn at 2:00 PM; one from noon has left by then.
  await expect(form.getByLabel("Time").locator("option", { hasText: /^1:30 PM$/ })).toHaveCount(0);
  await expect(form.getByLabel("Time").locator("option", { hasText: /^12:00 PM$/ })).toHaveCount(1);

  const p = uniquePerson("Late Hamper");
  const refused = await page.request.post("/api/bookings", {
    headers: asNewVisitor(),
    data: { type: "picnicHamper", hamperType: "standard", date, time: "14:00", guests: 1, name: p.name, email: p.email, phone: "01234 000000" },
  });
  expect(refused.status()).toBe(409);
  expect(((await refused.json()) as { message: string }).message).toMatch(/\w/);
});
