import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, settled, signInToAdmin, uniquePerson } from "../../support/admin.js";
import { decodedMail, fillCard, waitForMail } from "../payments/support.js";

// R48: a guest saves a card through a "save a card" payment link (R49); they do not come, and staff
// charge the no-show fee from the reservations list.

test.use({ bypassCSP: true });

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

test("staff charge a no-show fee of the policy's amount to a card the guest saved through a card link, and see it charged", async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  await signInToAdmin(page);
  // A card policy with a £15-per-guest no-show fee that asks visitors for nothing (parties of 100 or more only).
  const set = await page.request.put("/api/booking-policies/table", { data: tablePolicy({ kind: "card", minGuests: 100, noShowFeePencePerGuest: 1500 }) });
  expect(set.status(), await set.text()).toBe(200);
  try {
    // A party seated today (a walk-in, so at any hour), whose e-mail address staff then add.
    const who = uniquePerson("No Show");
    const seated = await page.request.post("/api/walk-ins", { data: { guests: 2, name: who.name, force: true } });
    expect(seated.status(), await seated.text()).toBe(201);
    const booking = (await seated.json()) as { id: number; cardOnFile: boolean; date: string; time: string };
    expect(booking.cardOnFile).toBe(false);
    const edited = await page.request.patch(`/api/bookings/${booking.id}`, {
      data: {
        type: "table",
        date: booking.date,
        time: booking.time,
        guests: 2,
        name: who.name,
        email: who.email,
        phone: "01234 567890",
        diningPreference: "lunch",
        notifyGuest: false,
      },
    });
    expect(edited.status(), await edited.text()).toBe(200);

    const sent = await page.request.post(`/api/bookings/${booking.id}/payment-link`, { data: { kind: "card" } });
    expect(sent.status(), await sent.text()).toBe(201);
    const mail = decodedMail(await waitForMail("payment-link", who.email));
    expect(mail).toContain("Nothing is charged now.");
    const link = /\/pay\/[\w-]{43}/.exec(mail)![0];

    // The guest saves a card with the demo card form.
    const guest = await page.context().newPage();
    await guest.goto(link);
    await expect(guest.getByRole("heading", { name: "Save a card for your booking" })).toBeVisible();
    await fillCard(guest, "4242 4242 4242 4242");
    await guest.getByRole("button", { name: "Save card" }).click();
    await expect(guest.getByTestId("payment-link-paid")).toContainText("your card is saved");
    await guest.close();

    const marked = await page.request.post(`/api/bookings/${booking.id}/arrival`, { data: { status: "no-show" } });
    expect(marked.status(), await marked.text()).toBe(200);

    await openAdmin(page, "/reservations", "Reservations");
    await page.getByLabel("Search").fill(who.tag);
    const row = page.getByRole("row", { name: new RegExp(who.name) });
    await expect(row).toContainText("Unpaid");
    await row.getByRole("button", { name: `Charge no-show fee for ${who.name}` }).click();
    const dialog = page.getByRole("dialog", { name: "Charge no-show fee" });
    await expect(dialog.getByLabel(/^Amount/)).toHaveValue("30.00");
    await expect(dialog.getByText("Up to £30.00: the policy's £15.00 per guest for 2 guests")).toBeVisible();
    // The reason is required.
    await dialog.getByRole("button", { name: "Charge £30.00" }).click();
    await expect(dialog.getByText("Please say why the fee is charged")).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill("Did not come and did not call");
    await settled(page);
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Charge £30.00" }).click();
    await expect(dialog.getByTestId("fee-result")).toContainText("£30.00 has been charged to");
    await dialog.getByRole("button", { name: "Done" }).click();

    await expect(row.getByTestId("payment-headline")).toHaveText("Paid £30.00");
    await expect(row.getByTestId("payment-fee")).toHaveText("No-show fee £30.00");
    await expect(row.getByRole("button", { name: `Charge no-show fee for ${who.name}` })).toHaveCount(0);
    const feeMail = decodedMail(await waitForMail("booking-fee", who.email));
    expect(feeMail).toContain("Reason: Did not come and did not call");
  } finally {
    await page.request.put("/api/booking-policies/table", { data: tablePolicy({}) });
  }
});
