import { expect, test, type Page } from "@playwright/test";
import { formatLongDate, londonNow, slotTimes, toMinutes } from "@tearoom/domain";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { adminURL, openAdmin, openDate, settled, signInToAdmin, uniquePerson } from "../../support/admin.js";
import { asNewVisitor } from "../../support/visitors.js";
import { outboxFiles, waitForMail } from "../payments/support.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

/** A guest pays for afternoon tea with the demo provider's test card, as the public page does; the booking is confirmed (R8). */
async function paidAfternoonTea(page: Page, booking: { date: string; time: string; guests: number; name: string; email: string; dietaryRequirements: string }) {
  const intent = await page.request.post("/api/create-payment-intent", {
    headers: asNewVisitor(),
    data: { metadata: { type: "afternoon-tea", teaType: "traditional", phone: "01234 567890", ...booking } },
  });
  expect(intent.ok(), await intent.text()).toBe(true);
  const { clientSecret } = (await intent.json()) as { clientSecret: string };
  const paid = await page.request.post("/api/payments/demo/confirm", {
    data: { clientSecret, card: { number: "4242 4242 4242 4242", expiry: "12 / 34", cvc: "123" }, returnUrl: "/confirmation?type=afternoon-tea" },
  });
  expect(((await paid.json()) as { status: string }).status).toBe("succeeded");
}

/** The day sheet as the API answers it (R31), with the staff session of `signInToAdmin`. */
async function daySheet(page: Page, date: string) {
  const res = await page.request.get(`/api/bookings/day?date=${date}`);
  expect(res.ok()).toBe(true);
  return (await res.json()) as {
    slots: { type: string; time: string; covers: number; capacity: number }[];
    bookings: { name: string; arrival: string | null }[];
  };
}

test("the day sheet shows a slot's covers against capacity and a guest's dietary note (R31)", async ({ page }) => {
  const guest = uniquePerson("Dietary");
  const date = openDate("afternoonTea", 40);
  await paidAfternoonTea(page, { date, time: "15:30", guests: 3, name: guest.name, email: guest.email, dietaryRequirements: "Coeliac: no gluten, please" });
  const slot = (await daySheet(page, date)).slots.find((s) => s.type === "afternoonTea" && s.time === "15:30")!;
  expect(slot.covers).toBeGreaterThanOrEqual(3);

  await openAdmin(page, `/day?date=${date}`, "Day Sheet");
  await expect(page.getByText(formatLongDate(date), { exact: true })).toBeVisible();
  const tea = page.getByRole("region", { name: /^Afternoon Tea/ });
  await expect(tea.getByRole("listitem").filter({ hasText: "15:30" })).toContainText(`${slot.covers} / ${slot.capacity}`);
  const row = page.getByRole("row", { name: new RegExp(guest.name) });
  await expect(row).toContainText("Confirmed");
  await expect(row.getByRole("listitem")).toHaveText("Dietary Coeliac: no gluten, please");
  // A visit still to come is not marked yet.
  await expect(row.getByRole("button", { name: /arrived/ })).toHaveCount(0);
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  // On paper: the sheet without navigation or buttons.
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("navigation", { name: "Admin navigation" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(row).toContainText("Coeliac: no gluten, please");
  await page.emulateMedia({ media: "screen" });
});

test("staff mark a guest arrived on the day, and can take the mark back (R28)", async ({ page }) => {
  // Arrival is marked on the day of the visit: a booking for today needs a table slot still to come in London.
  const london = londonNow();
  const time = slotTimes({}, "table").find((t) => toMinutes(t) > london.minutes);
  test.skip(!time, "no table slot is left today in London, so no booking for today can be made");
  const guest = uniquePerson("Arrival");
  const made = await page.request.post("/api/bookings", {
    data: {
      type: "table",
      diningPreference: "lunch",
      date: london.date,
      time,
      guests: 2,
      name: guest.name,
      email: guest.email,
      phone: "01234 567890",
      acceptWarnings: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await openAdmin(page, "/dashboard", "Dashboard");
  await page.getByRole("link", { name: "Today's day sheet" }).click();
  await expect(page).toHaveURL(`${adminURL}/admin/day`);
  await expect(page.getByRole("heading", { level: 1, name: "Day Sheet" })).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(guest.name) });
  await row.getByRole("button", { name: `Mark ${guest.name} arrived` }).click();
  await expect(row.getByRole("button", { name: `Undo arrived for ${guest.name}` })).toBeVisible();
  await expect(row).toContainText("Arrived");
  expect((await daySheet(page, london.date)).bookings.find((b) => b.name === guest.name)?.arrival).toBe("arrived");
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  await row.getByRole("button", { name: `Undo arrived for ${guest.name}` }).click();
  await expect(row.getByRole("button", { name: `Mark ${guest.name} arrived` })).toBeVisible();
  expect((await daySheet(page, london.date)).bookings.find((b) => b.name === guest.name)?.arrival).toBeNull();
});

test("closing a date lists its bookings, cancels them and e-mails the guest (R32)", async ({ page }) => {
  const guest = uniquePerson("Closure");
  const date = openDate("table", 50);
  const made = await page.request.post("/api/bookings", {
    data: {
      type: "table",
      diningPreference: "lunch",
      date,
      time: "12:00",
      guests: 2,
      name: guest.name,
      email: guest.email,
      phone: "01234 567890",
      acceptWarnings: true,
    },
  });
  expect(made.status(), await made.text()).toBe(201);

  await openAdmin(page, `/closures?date=${date}`, "Closures");
  const panel = page.getByRole("region", { name: "The chosen date" });
  await expect(panel.getByRole("list", { name: `Bookings on ${formatLongDate(date)}` })).toContainText(guest.name);
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await panel.getByLabel(/^Cancel/).check();
  await expect(panel.getByLabel("E-mail each guest that their booking is cancelled")).toBeChecked();
  await panel.getByRole("button", { name: /^Close and cancel/ }).click();
  await expect(panel.getByText("Closed", { exact: true })).toBeVisible();
  await expect(panel.getByRole("button", { name: "Reopen this date" })).toBeVisible();
  // Text parts arrive quoted-printable: long lines folded with "=", "=" written "=3D".
  const mail = (await waitForMail("booking-cancelled-closure", guest.email))
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  expect(mail).toContain(`the tearoom has to close on ${formatLongDate(date)}`);

  // Reopened, the date takes bookings again; the cancelled booking stays cancelled.
  await panel.getByRole("button", { name: "Reopen this date" }).click();
  await expect(panel.getByText("Open", { exact: true })).toBeVisible();
  await expect(panel.getByText("No bookings on this date.")).toBeVisible();
});

test("closing a date with a paid afternoon tea refunds it in full first, and the guest gets one e-mail saying so (R32, R34, R51)", async ({ page }) => {
  const guest = uniquePerson("Closure Refund");
  const date = openDate("afternoonTea", 53);
  await paidAfternoonTea(page, { date, time: "14:00", guests: 2, name: guest.name, email: guest.email, dietaryRequirements: "" });

  await openAdmin(page, `/closures?date=${date}`, "Closures");
  const panel = page.getByRole("region", { name: "The chosen date" });
  await expect(panel.getByRole("list", { name: `Bookings on ${formatLongDate(date)}` })).toContainText(`${guest.name}`);
  await expect(panel.getByRole("list", { name: `Bookings on ${formatLongDate(date)}` })).toContainText("paid £59.90");
  await panel.getByLabel(/^Cancel/).check();
  await expect(panel.getByText("1 booking is paid: refund them?")).toBeVisible();
  await expect(panel.getByLabel("Refund in full (£59.90 in all)")).toBeChecked();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await panel.getByRole("button", { name: "Close and cancel 1 booking" }).click();
  await expect(panel.getByText("Closed", { exact: true })).toBeVisible();
  await expect(page.getByText("Not refunded, so not cancelled")).toHaveCount(0);
  // R51: one e-mail says the booking is cancelled and where the £59.90 goes; no refund e-mail of its own.
  expect(await waitForMail("booking-cancelled-closure", guest.email)).toContain("59.90");
  expect(outboxFiles().filter((f) => f.name.endsWith("-refund-guest.eml") && f.text.includes(`To: ${guest.email}`))).toEqual([]);
  await panel.getByRole("button", { name: "Reopen this date" }).click();
  await expect(panel.getByText("Open", { exact: true })).toBeVisible();
});
