import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { addDays, isBookableDate, londonNow, type BookingType } from "@tearoom/domain";
import { baseURL } from "../playwright.config.js";

/** The admin app's origin for this run: the admin host on the same port (R18). */
export const adminURL = baseURL.replace("//localhost", "//admin.localhost");

/** The demo staff pair the server offers outside production (R2). */
export async function demoCredentials(request: APIRequestContext): Promise<{ username: string; password: string }> {
  const hint = (await (await request.get("/api/admin/demo-hint")).json()) as { username: string; password: string } | null;
  expect(hint, "the demo staff hint is offered outside production").not.toBeNull();
  return hint!;
}

/**
 * Signs the page's browser context in without going through the login form (the form has its
 * own tests). Node cannot resolve admin.localhost (Chromium resolves it itself), so the sign-in
 * goes to the main host and the host-only session cookie is copied to the admin host. Afterwards
 * `page.request` calls the staff REST paths on the main host with the same session.
 */
export async function signInToAdmin(page: Page): Promise<void> {
  const credentials = await demoCredentials(page.request);
  const res = await page.request.post("/api/admin/login", { data: credentials });
  expect(res.ok(), "staff sign-in").toBe(true);
  const host = new URL(baseURL).hostname;
  const session = (await page.context().cookies(baseURL)).find((c) => c.domain === host && /session/.test(c.name));
  expect(session, "a session cookie").toBeTruthy();
  await page.context().addCookies([{ ...session!, domain: new URL(adminURL).hostname }]);
}

/** Opens an admin screen and waits for its heading. */
export async function openAdmin(page: Page, path: string, heading: string | RegExp): Promise<void> {
  await page.goto(`${adminURL}/admin${path}`);
  await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
}

/** A name and e-mail no other test uses. */
export function uniquePerson(label: string): { name: string; email: string; tag: string } {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
  return { name: `${label} ${tag}`, email: `${label.toLowerCase().replace(/\W+/g, ".")}.${tag}@example.com`, tag };
}

/** An open date for a booking type, at least `fromDays` ahead in London time (R12), per the seed settings. */
export function openDate(type: BookingType, fromDays = 14): string {
  let date = addDays(londonNow().date, fromDays);
  while (!isBookableDate({}, type, date)) date = addDays(date, 1);
  return date;
}

/** The toast region's current toast, for the spec's section-8 texts. */
export function toast(page: Page) {
  return page.getByRole("region", { name: /Notifications/ });
}

/** Waits until running finite CSS transitions end (a dialog fading in), so an axe check sees final colours. */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}
