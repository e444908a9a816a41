import { expect, test, type Locator, type Page } from "@playwright/test";
import { uniquePerson } from "../../support/admin.js";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { bookableDate, pickDate, skipNewsletterPopup, toasts, waitUntilLive } from "./web-helpers.js";

test.beforeEach(async ({ page }) => skipNewsletterPopup(page));

test("afternoon tea form: the spec's messages tied to their fields, the guest stepper clamped 1 to 6", async ({ page }) => {
  await page.goto("/afternoon-tea");
  await waitUntilLive(page); // the form is React's once the page is live
  const form = page.getByRole("form", { name: "Afternoon tea booking" });
  await form.getByRole("button", { name: /Book Afternoon Tea/ }).click();
  for (const text of [
    "Please select tea type",
    "Please select a date",
    "Please select a time",
    "Name must be at least 2 characters",
    "Please enter a valid email",
    "Please enter a valid phone number",
  ]) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
  await expect(form.getByLabel("Email")).toHaveAccessibleDescription("Please enter a valid email");
  await expect(form.getByLabel("Phone")).toHaveAccessibleDescription("Please enter a valid phone number");
  await expect(form.getByRole("group", { name: "Date" })).toHaveAccessibleDescription(/Please select a date/);
  await expectNoSeriousA11yViolations(page);

  await form.getByLabel("Phone").fill("0123");
  await form.getByLabel("Name").fill("A");
  await form.getByRole("button", { name: /Book Afternoon Tea/ }).click();
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Name must be at least 2 characters");
  await expect(form.getByLabel("Phone")).toHaveAccessibleDescription("Please enter a valid phone number");

  const guests = form.getByRole("group", { name: "Number of guests" });
  await expect(guests.locator("output")).toHaveText("2");
  await guests.getByRole("button", { name: "Fewer guests" }).click();
  await expect(guests.locator("output")).toHaveText("1");
  await expect(guests.getByRole("button", { name: "Fewer guests" })).toBeDisabled();
  for (let i = 0; i < 5; i++) await guests.getByRole("button", { name: "More guests" }).click();
  await expect(guests.locator("output")).toHaveText("6");
  await expect(guests.getByRole("button", { name: "More guests" })).toBeDisabled();

  // The calendar offers no past day and no closed day; choosing a day lists only times with room.
  const date = await bookableDate(page, "afternoonTea", 3);
  await pickDate(form, date);
  const times = form.getByLabel("Time");
  await expect(times.locator("option")).toHaveText([
    "Select a time",
    "12:00 PM",
    "12:30 PM",
    "1:00 PM",
    "1:30 PM",
    "2:00 PM",
    "2:30 PM",
    "3:00 PM",
    "3:30 PM",
    "4:00 PM",
  ]);
});

test("the calendar disables past days and days the tearoom is closed", async ({ page }) => {
  await page.goto("/reservations");
  const calendar = page.getByRole("group", { name: "Date" });
  await expect(calendar.locator("button[data-disabled]").first()).toBeVisible();
  // A Monday is closed by the seed settings (open Wednesday to Sunday).
  const monday = calendar.locator("table button:not([data-outside])").filter({ hasNotText: /^$/ });
  const labels = await monday.evaluateAll((els) => els.map((e) => ({ label: e.getAttribute("aria-label"), disabled: e.hasAttribute("data-disabled") })));
  const mondays = labels.filter((l) => l.label && new Date(`${l.label} 12:00 UTC`).getUTCDay() === 1);
  expect(mondays.length).toBeGreaterThan(0);
  expect(mondays.every((m) => m.disabled)).toBe(true);
});

test("generic booking form: the spec's messages, then the Error toast for the missing extra field", async ({ page }) => {
  await page.goto("/reservations");
  const form = page.getByRole("form", { name: "Booking request" });
  await form.getByRole("button", { name: "Submit Booking" }).click();
  for (const text of [
    "Please select a date.",
    "Please select a time.",
    "Please select number of guests.",
    "Please enter your name.",
    "Please enter a valid email.",
    "Please enter your phone number.",
  ]) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel("Name")).toHaveAccessibleDescription("Please enter your name.");
  await expectNoSeriousA11yViolations(page);

  const date = await bookableDate(page, "table", 4);
  await pickDate(form, date);
  await form.getByLabel("Number of guests").selectOption("2");
  await form.getByLabel("Time").selectOption("12:00");
  const person = uniquePerson("Extra Check");
  await form.getByLabel("Name").fill(person.name);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Phone").fill("01234 111222");
  await form.getByRole("button", { name: "Submit Booking" }).click();
  await expect(toasts(page).getByRole("alert")).toContainText("Error");
  await expect(toasts(page).getByRole("alert")).toContainText("Please select a dining preference.");

  await form.getByLabel("Booking type").selectOption("picnicHamper");
  await expect(form.getByLabel("Hamper type")).toBeVisible();
  await expect(form.getByLabel("Number of guests").locator("option")).toHaveCount(9);
  await form.getByLabel("Booking type").selectOption("table");
  await expect(form.getByLabel("Number of guests").locator("option")).toHaveCount(7);
});

test("contact form: the spec's messages, then Message Sent and a cleared form", async ({ page }) => {
  await page.goto("/contact");
  await waitUntilLive(page); // the form is React's once the page is live
  const form = page.getByRole("form", { name: "Contact form" });
  await form.getByRole("button", { name: "Send Message" }).click();
  for (const text of ["Please enter your name", "Please enter a valid email", "Please select an enquiry type", "Message must be at least 10 characters"]) {
    await expect(form.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(form.getByLabel("Message")).toHaveAccessibleDescription("Message must be at least 10 characters");
  const person = uniquePerson("Contact Visitor");
  await form.getByLabel("Name").fill(person.name);
  await form.getByLabel("Email").fill(person.email);
  await form.getByLabel("Enquiry type").selectOption("group-booking");
  await form.getByLabel("Message").fill("Could we book the tearoom for twelve people in June?");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(toasts(page).getByRole("status")).toContainText("Message Sent");
  await expect(toasts(page).getByRole("status")).toContainText("Thank you for your enquiry. We'll be in touch soon.");
  await expect(form.getByLabel("Name")).toHaveValue("");
});

test("the message box shows five empty lines and grows with a longer message instead of scrolling", async ({ page }) => {
  await page.goto("/contact");
  await waitUntilLive(page);
  const message = page.getByRole("form", { name: "Contact form" }).getByLabel("Message");
  const size = () =>
    message.evaluate((el) => ({
      height: el.getBoundingClientRect().height,
      line: parseFloat(getComputedStyle(el).lineHeight),
      scrolls: el.scrollHeight > el.clientHeight,
    }));
  const empty = await size();
  expect(empty.height).toBeGreaterThanOrEqual(5 * empty.line);
  expect(empty.height).toBeLessThan(6 * empty.line);
  await message.fill(Array.from({ length: 12 }, (_, i) => `Line ${i + 1} of our plans for the party.`).join("\n"));
  const full = await size();
  expect(full.height).toBeGreaterThanOrEqual(12 * full.line);
  expect(full.scrolls).toBe(false);
});

test("the footer newsletter form: a required e-mail field that really subscribes", async ({ page }) => {
  await page.goto("/gallery");
  await waitUntilLive(page); // typed before hydration, the text would be replaced by the form's empty state
  const field = page.getByRole("form", { name: "Newsletter" }).getByLabel("Email address");
  await expect(field).toHaveAttribute("type", "email");
  await expect(field).toHaveAttribute("required", "");
  await field.fill(uniquePerson("Footer Reader").email);
  await page.getByRole("button", { name: "Subscribe" }).click();
  await expect(toasts(page).getByRole("status")).toContainText("Thank You!");
  await expect(field).toHaveValue("");
});

test("secret garden: submitting without date, time and location shows Missing Information", async ({ page }) => {
  await page.goto("/secret-garden-experience");
  await waitUntilLive(page); // the form is React's once the page is live
  await page.getByRole("button", { name: /^Wisteria Terrace, up to 8 guests$/ }).click();
  await page.getByRole("button", { name: "Book This Location" }).click();
  await page.getByRole("button", { name: "Reserve Your Secret Garden Experience" }).click();
  const alert = toasts(page).getByRole("alert");
  await expect(alert).toContainText("Missing Information");
  await expect(alert).toContainText("Please select a date, time, and garden location.");
});

test.describe("on a phone, an empty submit brings the first field to fix into view and focuses it", () => {
  test.use({ viewport: { width: 375, height: 667 } });

  const FORMS: { path: string; button: RegExp; first: (page: Page) => Locator; before?: (page: Page) => Promise<void> }[] = [
    { path: "/afternoon-tea", button: /Book Afternoon Tea/, first: (page) => page.getByRole("radio", { name: /Traditional Afternoon Tea/ }) },
    { path: "/reservations", button: /^Submit Booking$/, first: (page) => page.getByLabel("Dining preference") },
    { path: "/contact", button: /^Send Message$/, first: (page) => page.getByRole("form", { name: "Contact form" }).getByLabel("Name") },
    { path: "/checkout?type=monetary&amount=50", button: /^Pay £50\.00$/, first: (page) => page.getByLabel("Recipient's name") },
    {
      path: "/secret-garden-experience",
      button: /^Reserve Your Secret Garden Experience$/,
      first: (page) => page.getByRole("group", { name: /^Date/ }).locator("table button[tabindex='0']"),
      before: async (page) => {
        await page.getByRole("button", { name: /^Wisteria Terrace, up to 8 guests$/ }).click();
        await page.getByRole("button", { name: "Book This Location" }).click();
      },
    },
  ];

  for (const form of FORMS) {
    test(form.path, async ({ page }) => {
      await page.goto(form.path);
      await waitUntilLive(page);
      await form.before?.(page);
      const button = page.getByRole("button", { name: form.button });
      await button.scrollIntoViewIfNeeded();
      await button.click();
      const first = form.first(page);
      await expect(first).toBeFocused();
      // The page scrolls smoothly: once it has come to rest the field is fully in view, and not under the sticky header.
      const header = (await page.locator("header").first().boundingBox())!;
      await expect.poll(async () => (await first.boundingBox())!.y, { timeout: 5_000 }).toBeGreaterThanOrEqual(header.y + header.height);
      await expect(first).toBeInViewport({ ratio: 1 });
      await expectNoSeriousA11yViolations(page);
    });
  }
});

test.describe("before the page's script runs", () => {
  test.use({ javaScriptEnabled: false });

  test("a submitted contact form puts nothing in the address and comes back to the page", async ({ page }) => {
    await page.goto("/contact");
    const form = page.getByRole("form", { name: "Contact form" });
    await form.getByLabel("Name").fill("Early Visitor");
    await form.getByLabel("Email").fill("early@example.com");
    await form.getByLabel("Message").fill("Sent before the page was ready");
    await form.getByRole("button", { name: "Send Message" }).click();
    await page.waitForURL("**/contact");
    expect(page.url()).not.toContain("early");
    expect(new URL(page.url()).search).toBe("");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
});
