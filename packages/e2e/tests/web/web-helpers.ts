import { expect, type Locator, type Page } from "@playwright/test";
import { addDays, isBookableDate, londonNow, type BookingType } from "@tearoom/domain";

/** Every public screen of the spec's route table with a heading that proves it rendered. */
export const PUBLIC_PAGES: { path: string; title: RegExp; heading: RegExp }[] = [
  { path: "/", title: /^The Heritage Tearoom$/, heading: /Afternoon tea in a historic garden/ },
  { path: "/afternoon-tea", title: /^Afternoon Tea \| The Heritage Tearoom$/, heading: /^Afternoon Tea$/ },
  { path: "/reservations", title: /^Table Reservations \| The Heritage Tearoom$/, heading: /^Table Reservations$/ },
  { path: "/gift-vouchers", title: /^Gift Vouchers \| The Heritage Tearoom$/, heading: /^Gift Vouchers$/ },
  { path: "/whats-on", title: /^What's On \| The Heritage Tearoom$/, heading: /^What's On$/ },
  { path: "/gallery", title: /^Gallery \| The Heritage Tearoom$/, heading: /^Gallery$/ },
  { path: "/contact", title: /^Contact \| The Heritage Tearoom$/, heading: /^Contact Us$/ },
  { path: "/secret-entrance", title: /^The Secret Entrance \| The Heritage Tearoom$/, heading: /^The Secret Entrance$/ },
  { path: "/secret-garden-experience", title: /^Secret Garden Experience \| The Heritage Tearoom$/, heading: /^Secret Garden Experience$/ },
  { path: "/privacy-policy", title: /^Privacy Policy \| The Heritage Tearoom$/, heading: /^Privacy Policy$/ },
  { path: "/accessibility", title: /^Accessibility Statement \| The Heritage Tearoom$/, heading: /^Accessibility Statement$/ },
];

/**
 * Fakes the page's clock and holds it still from the first load: after install() alone it would
 * go on with real time, so on a busy machine a timer could fire before the test looks. Only
 * clock.runFor moves it.
 */
export async function pauseClock(page: Page): Promise<void> {
  const start = Date.now();
  await page.clock.install({ time: start });
  await page.clock.pauseAt(start + 1_000);
}

/**
 * For a page loaded on an installed fake clock (which goes on with real time): waits until the
 * page is hydrated and its site data shown, so its timers have started, then holds the clock
 * still; from there only clock.runFor moves it. Up to a second of real time may have passed.
 */
export async function pauseClockOnceHydrated(page: Page): Promise<void> {
  await waitUntilLive(page);
  await holdClock(page);
}

/**
 * Pages are prerendered, so their text shows before their code runs: wait until the page itself
 * is hydrated with its effects run (`data-page-live`, set inside the page's Suspense boundary,
 * which hydrates after the header and footer) and the site data is shown (the footer's hours).
 */
export async function waitUntilLive(page: Page): Promise<void> {
  await expect(page.locator("html[data-page-live]")).toHaveCount(1);
  await expect(page.getByText("Wednesday to Sunday 11am-5pm").first()).toBeVisible();
}

/**
 * Lets the fake clock go on with real time until `locator` shows (React reveals lazily loaded
 * content on a timer of its own), then holds it still again.
 */
export async function runClockUntilVisible(page: Page, locator: Locator): Promise<void> {
  await page.clock.resume();
  await expect(locator).toBeVisible();
  await holdClock(page);
}

async function holdClock(page: Page): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  await page.clock.pauseAt(now + 100);
}

/** Keeps the newsletter popup (12 s) out of tests that are not about it. */
export async function skipNewsletterPopup(page: Page): Promise<void> {
  await page.addInitScript(() => window.localStorage.setItem("newsletter_popup_closed", "true"));
}

/** An open date for a booking type `fromDays` or more ahead (R12), per the settings the server publishes. */
export async function bookableDate(page: Page, type: BookingType, fromDays: number): Promise<string> {
  const site = (await (await page.request.get("/api/site")).json()) as { settings: Record<string, string> };
  let date = addDays(londonNow().date, fromDays);
  while (!isBookableDate(site.settings, type, date)) date = addDays(date, 1);
  return date;
}

/** Clicks a day in the booking calendar inside `scope`, moving forward month by month. */
export async function pickDate(scope: Page | Locator, iso: string): Promise<void> {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  const [ty, tm] = londonNow().date.split("-").map(Number) as [number, number];
  for (let i = 0; i < (y - ty) * 12 + (m - tm); i++) await scope.getByRole("button", { name: "Next month" }).click();
  const label = new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
  await scope.getByRole("button", { name: label, exact: true }).click();
  await expect(scope.getByText(/^Selected: /)).toBeVisible();
}

/** The notification region of spec section 9 (one toast at a time). */
export function toasts(page: Page): Locator {
  return page.getByRole("region", { name: "Notifications (F8)" });
}

/** Waits until the page has loaded the site data (prices shown) and the floating player. */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole("button", { name: /garden sounds/ })).toBeVisible({ timeout: 15_000 });
}
