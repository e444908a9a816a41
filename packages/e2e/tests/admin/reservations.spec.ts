import { expect, test } from "@playwright/test";
import { formatLongDate } from "@tearoom/domain";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { adminURL, openAdmin, openDate, signInToAdmin, toast, uniquePerson, settled } from "../../support/admin.js";
import { asNewVisitor } from "../../support/visitors.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

test("a reservation is added, edited and cancelled; the cancelled record is kept (R14)", async ({ page }) => {
  const who = uniquePerson("Guest");
  const date = openDate("table", 10);
  await openAdmin(page, "/reservations", "Reservations");
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("button", { name: "Add New Reservation" }).click();
  const add = page.getByRole("dialog", { name: "Add New Reservation" });
  const create = add.getByRole("button", { name: "Create Reservation" });
  await expect(add.getByLabel(/^Guests/)).toHaveValue("1");
  await add.getByLabel(/^Type/).selectOption({ label: "Table" });
  await add.getByLabel(/^Dining preference/).selectOption({ label: "Lunch" });
  await add.getByLabel(/^Name/).fill(who.name);
  await add.getByLabel(/^Email/).fill(who.email);
  await add.getByLabel(/^Phone/).fill("01234 555666");
  await add.getByLabel(/^Date/).fill(date);
  await expect(create).toBeDisabled();
  await add.getByLabel(/^Time/).selectOption("12:00");
  await add.getByLabel(/^Guests/).fill("many");
  await add.getByLabel(/^Guests/).blur();
  await expect(add.getByLabel(/^Guests/)).toHaveValue("1");
  await add.getByLabel(/^Guests/).fill("3");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await create.click();
  await expect(toast(page)).toContainText("The new reservation has been successfully created.");
  await expect(add).toBeHidden();

  await page.getByLabel("Search").fill(who.tag);
  await expect(page).toHaveURL(new RegExp(`search=${who.tag}`));
  const row = page.getByRole("row", { name: new RegExp(who.name) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("12:00 PM");
  await expect(row).toContainText("Table");
  await expect(row).toContainText("Confirmed");

  // Edit: guests 1–20 (a larger number is brought back to 20).
  await row.getByRole("button", { name: `Edit reservation for ${who.name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Reservation" });
  await expect(edit.getByLabel(/^Guests/)).toHaveValue("3");
  await edit.getByLabel(/^Guests/).fill("21");
  await edit.getByLabel(/^Guests/).blur();
  await expect(edit.getByLabel(/^Guests/)).toHaveValue("20");
  await edit.getByLabel(/^Guests/).fill("5");
  await edit.getByLabel(/^Time/).selectOption("13:30");
  await edit.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page)).toContainText("The reservation has been successfully updated.");
  await expect(row).toContainText("1:30 PM");
  await expect(row.getByRole("cell", { name: "5", exact: true })).toBeVisible();

  // Cancel: the spec's question, Keep Reservation changes nothing.
  await row.getByRole("button", { name: `Cancel reservation for ${who.name}` }).click();
  const cancel = page.getByRole("dialog", { name: "Cancel Reservation" });
  await expect(cancel).toContainText(`Are you sure you want to cancel this reservation for ${who.name}? This action cannot be undone.`);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await cancel.getByRole("button", { name: "Keep Reservation" }).click();
  await expect(cancel).toBeHidden();
  await expect(row).toContainText("Confirmed");
  await row.getByRole("button", { name: `Cancel reservation for ${who.name}` }).click();
  await cancel.getByRole("button", { name: "Cancel Reservation" }).click();
  await expect(toast(page)).toContainText("The reservation has been successfully cancelled.");
  await expect(row).toHaveCount(0);
  await expect(page.getByText("No reservations match these filters")).toBeVisible();

  await page.getByLabel("Status").selectOption({ label: "Cancelled" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("Cancelled");
  await expect(row.getByRole("button", { name: /Edit reservation/ })).toHaveCount(0);
});

test("a staff booking over the slot's capacity is made once its warning is accepted (R13, R29)", async ({ page }) => {
  const who = uniquePerson("Big Party");
  const date = openDate("picnicHamper", 30);
  await openAdmin(page, "/reservations", "Reservations");
  await page.getByRole("button", { name: "Add New Reservation" }).click();
  const add = page.getByRole("dialog", { name: "Add New Reservation" });
  await add.getByLabel(/^Type/).selectOption({ label: "Picnic Hamper" });
  await add.getByLabel(/^Name/).fill(who.name);
  await add.getByLabel(/^Email/).fill(who.email);
  await add.getByLabel(/^Phone/).fill("01234 777888");
  await add.getByLabel(/^Date/).fill(date);
  await add.getByLabel(/^Time/).selectOption("11:00");
  await add.getByLabel(/^Guests/).fill("18");
  await add.getByRole("button", { name: "Create Reservation" }).click();
  const warnings = page.getByRole("dialog", { name: "Please check before saving" });
  await expect(warnings).toContainText(`Picnic Hamper at 11:00 AM on ${formatLongDate(date)} would have 18 of 16 places taken (2 over).`);
  await warnings.getByRole("button", { name: "Save anyway" }).click();
  await expect(toast(page)).toContainText("The new reservation has been successfully created.");
  // Visitors now find that slot full.
  const availability = await (await page.request.get(`/api/availability?type=picnicHamper&date=${date}`)).json();
  expect(availability.slots.find((s: { time: string }) => s.time === "11:00").remaining).toBe(0);

  // Tidy up: cancelling frees the seats.
  await page.getByLabel("Search").fill(who.tag);
  const row = page.getByRole("row", { name: new RegExp(who.name) });
  await row.getByRole("button", { name: `Cancel reservation for ${who.name}` }).click();
  await page.getByRole("dialog", { name: "Cancel Reservation" }).getByRole("button", { name: "Cancel Reservation" }).click();
  await expect(row).toHaveCount(0);
});

test("filters and pages run on the server: type including Secret Garden, date, search, status", async ({ page, request }) => {
  const family = uniquePerson("Pager");
  const date = openDate("table", 40);
  // 30 requests from the public site (no staff session, so they arrive as pending requests), on one
  // date, from 30 visitors (one address may send only a few a day, R23).
  const times = ["11:00", "11:30", "12:00", "12:30", "13:00", "13:30"];
  for (let i = 0; i < 30; i++) {
    const res = await request.post("/api/bookings", {
      headers: asNewVisitor(),
      data: {
        type: "table",
        date,
        time: times[i % times.length],
        guests: 2,
        name: `${family.name} ${String(i).padStart(2, "0")}`,
        email: family.email,
        phone: "01234 000000",
        diningPreference: "lunch",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  const spotDate = openDate("secretGarden", 40);
  const garden = await request.post("/api/bookings", {
    headers: asNewVisitor(),
    data: {
      type: "secretGarden",
      date: spotDate,
      time: "14:00",
      guests: 2,
      name: `${family.name} Garden`,
      email: family.email,
      phone: "01234 000000",
      gardenSpotId: "pond-pavilion",
      includeWine: true,
    },
  });
  expect(garden.status()).toBe(201);

  await page.goto(`${adminURL}/admin/reservations?search=${family.tag}`);
  await expect(page.getByText(`Showing 1–25 of 31 reservations`)).toBeVisible();
  await page.getByRole("button", { name: "Page 2" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(`Showing 26–31 of 31 reservations`)).toBeVisible();

  await page.getByLabel("Type").selectOption({ label: "Secret Garden" });
  await expect(page.getByText("Showing 1–1 of 1 reservation")).toBeVisible();
  const gardenRow = page.getByRole("row", { name: new RegExp(`${family.name} Garden`) });
  await expect(gardenRow).toContainText("The Pond Pavilion, with sparkling wine");
  await expect(gardenRow).toContainText("Confirmed");

  await page.getByLabel("Type").selectOption({ label: "Table" });
  await page.getByLabel("Date").fill(date);
  await expect(page.getByText("Showing 1–25 of 30 reservations")).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "Confirmed" });
  await expect(page.getByText("No reservations match these filters")).toBeVisible();
  await page.getByLabel("Status").selectOption({ label: "Pending" });
  await expect(page.getByText("Showing 1–25 of 30 reservations")).toBeVisible();
  await page.getByRole("button", { name: "Clear filters" }).click();
  await expect(page.getByLabel("Search")).toHaveValue("");
  await expect(page).toHaveURL(new RegExp(`^${adminURL}/admin/reservations\\??$`));
});

test("at 375 px the pages of a long list fit on one line", async ({ page, request }) => {
  const family = uniquePerson("Long list");
  const dates = [openDate("table", 50), openDate("table", 57)];
  const times = ["11:00", "11:30", "12:00", "12:30", "13:00", "13:30", "14:00", "14:30", "15:00", "15:30", "16:00"];
  // 160 reservations (requests from 160 visitors): seven pages, so page 4 shows the first, the last and both gaps.
  for (let i = 0; i < 160; i++) {
    const res = await request.post("/api/bookings", {
      headers: asNewVisitor(),
      data: {
        type: "table",
        date: dates[i % 2],
        time: times[i % times.length],
        guests: 1,
        name: `${family.name} ${i}`,
        email: family.email,
        phone: "01234 000000",
        diningPreference: "lunch",
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto(`${adminURL}/admin/reservations?search=${family.tag}&page=4`);
  await expect(page.getByText("Showing 76–100 of 160 reservations")).toBeVisible();
  const previous = await page.getByRole("button", { name: "Previous page" }).boundingBox();
  const next = await page.getByRole("button", { name: "Next page" }).boundingBox();
  expect(next!.y).toBe(previous!.y);
  expect(next!.x + next!.width).toBeLessThanOrEqual(375);
});
