import { expect, test } from "@playwright/test";
import { demoCredentials, uniquePerson } from "../../support/admin.js";
import { bookableDate, pickDate, skipNewsletterPopup, toasts } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

const tablePolicy = (over: Record<string, unknown>) => ({
  kind: "none",
  depositPencePerGuest: 0,
  minGuests: 1,
  weekdays: [],
  noShowFeePencePerGuest: 0,
  lateCancelFeePencePerGuest: 0,
  text: "",
  ...over,
});

// R47: staff set a £10-a-guest deposit for tables (from 6 guests, so other specs' smaller tables are untouched).
test("a table request under a £10-per-guest deposit is paid with the demo card and ends pending with the deposit shown", async ({ page }) => {
  expect((await page.request.post("/api/admin/login", { data: await demoCredentials(page.request) })).ok()).toBe(true);
  const set = await page.request.put("/api/booking-policies/table", { data: tablePolicy({ kind: "deposit", depositPencePerGuest: 1000, minGuests: 6 }) });
  expect(set.status()).toBe(200);
  // The guest books without the staff session (a signed-in POST /api/bookings is a staff booking).
  await page.context().clearCookies();
  try {
    const person = uniquePerson("Deposit Guest");
    const date = await bookableDate(page, "table", 10);
    await page.goto("/reservations");
    const form = page.getByRole("form", { name: "Booking request" });
    await expect(form.getByTestId("booking-policy")).toContainText("For parties of 6 or more: A deposit of £10.00 per guest is taken when you book");
    await form.getByLabel("Dining preference").selectOption("lunch");
    await pickDate(form, date);
    await form.getByLabel("Number of guests").selectOption("6");
    await form.getByLabel("Time").selectOption("12:00");
    await form.getByLabel("Name").fill(person.name);
    await form.getByLabel("Email").fill(person.email);
    await form.getByLabel("Phone").fill("01234 222333");
    await form.getByRole("button", { name: "Submit Booking" }).click();

    const held = form.getByTestId("held-payment");
    await expect(held).toContainText("A deposit of £60.00 is taken now");
    await held.getByLabel("Card number").fill("4242 4242 4242 4242");
    await held.getByLabel("Expiry date").fill("12 / 34");
    await held.getByLabel("Security code").fill("123");
    await held.getByRole("button", { name: "Pay £60.00 deposit" }).click();

    await expect(toasts(page).getByRole("status")).toContainText("Deposit of £60.00 paid.");
    await expect(form.getByTestId("request-received")).toBeVisible();
    await expect(form.getByTestId("deposit-paid")).toHaveText("Deposit paid: £60.00");

    expect((await page.request.post("/api/admin/login", { data: await demoCredentials(page.request) })).ok()).toBe(true);
    const list = (await (await page.request.get(`/api/bookings?search=${encodeURIComponent(person.email)}`)).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ type: "table", guests: 6, status: "pending", cardOnFile: false, payment: { paidPence: 6000 } });
  } finally {
    await page.request.post("/api/admin/login", { data: await demoCredentials(page.request) });
    await page.request.put("/api/booking-policies/table", { data: tablePolicy({}) });
  }
});
