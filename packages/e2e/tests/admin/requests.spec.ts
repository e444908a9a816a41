import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { adminURL, openAdmin, openDate, settled, signInToAdmin, toast, uniquePerson } from "../../support/admin.js";
import { asNewVisitor } from "../../support/visitors.js";
import { waitForMail } from "../payments/support.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

test("a manager confirms a table request and the guest's confirmation, with its calendar file, lands in the outbox (R28)", async ({ page, request }) => {
  const who = uniquePerson("Request");
  const date = openDate("table", 12);
  // A visitor's request: the test's own request context, without the staff session of the page.
  const res = await request.post("/api/bookings", {
    headers: asNewVisitor(),
    data: { type: "table", date, time: "12:30", guests: 3, name: who.name, email: who.email, phone: "01234 000000", diningPreference: "lunch" },
  });
  expect(res.status(), await res.text()).toBe(201);

  await page.goto(`${adminURL}/admin/reservations?search=${who.tag}`);
  const row = page.getByRole("row", { name: new RegExp(who.name) });
  await expect(row).toContainText("Pending");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("button", { name: `Confirm request from ${who.name}` }).click();
  await expect(toast(page)).toContainText(`${who.name} has been e-mailed the confirmation.`);
  await expect(row).toContainText("Confirmed");
  await expect(row.getByRole("button", { name: /^Confirm request/ })).toHaveCount(0);

  const mail = await waitForMail("booking-confirmed", who.email);
  expect(mail).toMatch(/^Subject: Your booking is confirmed \(TR-/m);
  expect(mail).toContain("text/calendar");
});

test("a declined request needs a reason, which the guest is e-mailed (R28)", async ({ page, request }) => {
  const who = uniquePerson("Declined");
  const date = openDate("picnicHamper", 16);
  const res = await request.post("/api/bookings", {
    headers: asNewVisitor(),
    data: { type: "picnicHamper", date, time: "13:00", guests: 2, name: who.name, email: who.email, phone: "01234 000000", hamperType: "standard" },
  });
  expect(res.status()).toBe(201);
  await page.goto(`${adminURL}/admin/reservations?search=${who.tag}`);
  const row = page.getByRole("row", { name: new RegExp(who.name) });
  await row.getByRole("button", { name: `Decline request from ${who.name}` }).click();
  const dialog = page.getByRole("dialog", { name: "Decline Request" });
  await dialog.getByRole("button", { name: "Decline Request" }).click();
  await expect(dialog).toContainText("Please give a reason for the guest.");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByLabel(/^Reason/).fill("The hampers are all spoken for that day.");
  await dialog.getByRole("button", { name: "Decline Request" }).click();
  await expect(toast(page)).toContainText(`${who.name} has been e-mailed the reason.`);
  await expect(row).toHaveCount(0);
  await page.getByLabel("Status").selectOption({ label: "Declined" });
  await expect(row).toContainText("Declined");
  expect(await waitForMail("booking-declined", who.email)).toContain("The hampers are all spoken for that day.");
});

test("a warning stops a double-booked private garden spot until staff save anyway (R29)", async ({ page, request }) => {
  const first = uniquePerson("Garden First");
  const second = uniquePerson("Garden Second");
  const date = openDate("secretGarden", 20);
  const res = await request.post("/api/bookings", {
    headers: asNewVisitor(),
    data: {
      type: "secretGarden",
      date,
      time: "14:00",
      guests: 2,
      name: first.name,
      email: first.email,
      phone: "01234 000000",
      gardenSpotId: "rose-garden",
      includeWine: false,
    },
  });
  expect(res.status()).toBe(201);

  await openAdmin(page, "/reservations", "Reservations");
  await page.getByRole("button", { name: "Add New Reservation" }).click();
  const add = page.getByRole("dialog", { name: "Add New Reservation" });
  await add.getByLabel(/^Type/).selectOption({ label: "Secret Garden" });
  await add.getByLabel(/^Garden location/).selectOption("rose-garden");
  await add.getByLabel(/^Name/).fill(second.name);
  await add.getByLabel(/^Email/).fill(second.email);
  await add.getByLabel(/^Phone/).fill("01234 222333");
  await add.getByLabel(/^Date/).fill(date);
  await add.getByLabel(/^Time/).selectOption("14:00");
  await add.getByLabel(/^Guests/).fill("2");
  await add.getByLabel(/^Staff notes/).fill("Knows the first party");
  await add.getByRole("button", { name: "Create Reservation" }).click();

  const warnings = page.getByRole("dialog", { name: "Please check before saving" });
  await expect(warnings).toContainText("The Rose Garden is a private spot and is already booked at 2:00 PM");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await warnings.getByRole("button", { name: "Go back" }).click();
  await expect(warnings).toBeHidden();
  await expect(add).toBeVisible();
  // Nothing was stored.
  const before = await (await page.request.get(`/api/bookings?search=${second.tag}`)).json();
  expect(before).toEqual([]);

  await add.getByRole("button", { name: "Create Reservation" }).click();
  await warnings.getByRole("button", { name: "Save anyway" }).click();
  await expect(toast(page)).toContainText("The new reservation has been successfully created.");
  await expect(add).toBeHidden();
  await page.getByLabel("Search").fill(second.tag);
  const row = page.getByRole("row", { name: new RegExp(second.name) });
  await expect(row).toContainText("Confirmed");
  await expect(row).toContainText("Knows the first party");
  await waitForMail("booking-confirmed", second.email);
});
