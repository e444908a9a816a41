import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { adminURL, openAdmin, openDate, settled, signInToAdmin, uniquePerson } from "../../support/admin.js";

// R55: staff tag a regular on the Guests screen, and the tag is beside their next booking.

test("staff tag a regular on the Guests screen and see the tag beside their next booking", async ({ page }, testInfo) => {
  await signInToAdmin(page);
  const who = uniquePerson("Regular Guest");
  const book = async (date: string) => {
    const res = await page.request.post("/api/bookings", {
      data: {
        type: "table",
        date,
        time: "12:00",
        guests: 2,
        diningPreference: "lunch",
        name: who.name,
        email: who.email,
        phone: "01234 567890",
        acceptWarnings: true,
        sendConfirmation: false,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  };
  await book(openDate("table", 14));

  await openAdmin(page, "/guests", "Guests");
  await page.getByRole("searchbox", { name: "Search" }).fill(who.tag);
  await page.getByRole("button", { name: `Open guest ${who.name}` }).click();
  const dialog = page.getByRole("dialog", { name: who.name });
  await expect(dialog.getByText("Bookings (1)")).toBeVisible();
  const tags = dialog.getByRole("combobox", { name: "Tags" });
  await tags.fill("Regular");
  await tags.press("Enter");
  await tags.fill("Corner table");
  await tags.press("Enter");
  await dialog.getByRole("textbox", { name: "Notes" }).fill("Likes the corner table by the window");
  await dialog.getByRole("button", { name: "Save notes and tags" }).click();
  await expect(page.getByText("Guest saved")).toBeVisible();
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: testInfo.outputPath(`guest-dialog-${width}.png`), fullPage: true });
  }
  await page.keyboard.press("Escape");
  await expect(page.getByRole("cell", { name: "Regular" }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: testInfo.outputPath(`guests-${width}.png`), fullPage: true });
  }

  // Their next booking, in the reservations list, carries the tags and the guest's summary.
  await book(openDate("table", 21));
  await page.goto(`${adminURL}/admin/reservations?search=${who.tag}`);
  const rows = page.getByRole("row").filter({ hasText: who.name });
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row.getByText("Regular", { exact: true })).toBeVisible();
    await expect(row.getByText("Corner table", { exact: true })).toBeVisible();
    await expect(row.getByRole("link", { name: /Guest record of .*: No visits yet/ })).toBeVisible();
  }
  await expectNoSeriousA11yViolations(page);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await settled(page);
    await page.screenshot({ path: testInfo.outputPath(`reservations-guest-${width}.png`), fullPage: true });
  }

  // The summary opens the guest.
  await rows
    .first()
    .getByRole("link", { name: /Guest record of/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`^${adminURL.replace(/[.]/g, "\\.")}/admin/guests\\?id=\\d+`));
  await expect(page.getByRole("dialog", { name: who.name }).getByText("Bookings (2)")).toBeVisible();
});
