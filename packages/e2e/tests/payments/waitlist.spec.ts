import { expect, test } from "@playwright/test";
import { addDays, isBookableDate, londonNow } from "@tearoom/domain";
import { expectAccessibleMain, fillCard, signInAsStaff, unique, waitForMail, decodedMail } from "./support.js";

// R52: a visitor joins the waiting list for a full afternoon-tea time, staff cancel a booking that
// frees it, and the visitor pays for the held seats from the offer e-mail.

test.use({ bypassCSP: true });

/** The date the tea form's calendar offers first after "Next month": the first open day of next month. */
function firstOpenNextMonth(): string {
  const today = londonNow().date;
  let date = `${addDays(`${today.slice(0, 8)}28`, 7).slice(0, 8)}01`;
  while (!isBookableDate({}, "afternoonTea", date)) date = addDays(date, 1);
  return date;
}

test("a visitor joins the waiting list for a full tea time, a staff cancel frees it, and the visitor pays from the offer e-mail", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  const date = firstOpenNextMonth();
  await signInAsStaff(request);
  // Staff fill 14:00: 24 afternoon-tea guests may start at one time.
  const ids: number[] = [];
  for (const n of [1, 2]) {
    const res = await request.post("/api/bookings", {
      data: {
        type: "afternoonTea",
        date,
        time: "14:00",
        guests: 12,
        teaType: "traditional",
        name: `Party ${n}`,
        email: "",
        phone: "01234 500000",
        sendConfirmation: false,
        acceptWarnings: true,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    ids.push((await res.json()).id as number);
  }

  const guest = unique("Waiting Guest");
  await page.goto("/afternoon-tea");
  const form = page.getByRole("form", { name: "Afternoon tea booking" });
  await form.getByText("Traditional Afternoon Tea", { exact: true }).click();
  await form.getByRole("button", { name: "Next month" }).click();
  await form.locator("button.mantine-DatePicker-day:not([data-disabled]):not([data-outside])").first().click();
  await form.getByLabel("Name").fill(guest.name);
  await form.getByLabel("Email").fill(guest.email);
  await form.getByLabel("Phone").fill("01234 567890");
  await form.getByRole("button", { name: "Join the waiting list" }).click();
  await form.getByRole("checkbox", { name: "2:00 PM" }).check();
  // The whole page with the form in this state: next month's grid shows bookable days of this
  // month in its first week, which once failed colour contrast (BookingCalendar.module.css).
  await expectAccessibleMain(page);
  await page.screenshot({ path: "test-results/waitlist-join.png", fullPage: false });
  await form.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(form.getByTestId("waitlist-joined")).toContainText("You are on the waiting list: number 1");
  const joined = decodedMail(await waitForMail("waitlist-joined", guest.email));
  expect(joined).toMatch(/\/waitlist\/leave\/[\w-]{43}/);

  // Staff cancel one party: the seats are offered to the visitor and held.
  const cancel = await request.delete(`/api/bookings/${ids[0]}?notifyGuest=false`);
  expect(cancel.status()).toBe(200);
  const offerMail = decodedMail(await waitForMail("waitlist-offer", guest.email));
  const link = /\/waitlist\/[\w-]{43}/.exec(offerMail)?.[0];
  expect(link, "the claim link in the offer e-mail").toBeTruthy();

  const res = await page.goto(link!);
  expect(res?.headers()["x-robots-tag"]).toBe("noindex");
  expect(res?.headers()["cache-control"]).toBe("no-store");
  await expect(page.getByRole("heading", { level: 1, name: "Seats held for you" })).toBeVisible();
  await expect(page.getByTestId("waitlist-offer-expiry")).toContainText(/in (29|30) minutes/);
  await expectAccessibleMain(page);
  await page.getByRole("button", { name: "Pay and confirm" }).click();
  await fillCard(page.getByRole("main"), "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay £59.90" }).click();
  await expect(page.getByTestId("waitlist-offer-claimed")).toContainText("your afternoon tea is booked");
  await waitForMail("afternoon-tea-confirmation", guest.email);
  const mine = await (await request.get(`/api/bookings?search=${encodeURIComponent(guest.email)}`)).json();
  expect(mine).toMatchObject([{ status: "confirmed", date, time: "14:00", guests: 2 }]);
});
