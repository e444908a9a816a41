import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { openAdmin, signInToAdmin, toast, uniquePerson, settled } from "../../support/admin.js";

test.beforeEach(async ({ page }) => signInToAdmin(page));

test("pricing items are created, edited and deleted, with the spec's toasts", async ({ page }) => {
  const { tag } = uniquePerson("Price");
  const name = `Cream Tea ${tag}`;
  await openAdmin(page, "/pricing", "Pricing Management");
  await expect(page.getByRole("article", { name: "Traditional Afternoon Tea" })).toContainText("£29.95");
  await settled(page);
  await expectNoSeriousA11yViolations(page);

  // Create: pounds with two decimals in, £ with two decimals shown.
  await page.getByRole("button", { name: "Add Pricing Item" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Pricing Item" });
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Item type is required")).toBeVisible();
  await expect(dialog.getByText("Price must be a positive number")).toBeVisible();
  await dialog.getByLabel(/^Name/).fill(name);
  await dialog.getByLabel(/^Item type/).selectOption({ label: "Monetary Gift Voucher" });
  await dialog.getByLabel(/^Price/).fill("12.5");
  await settled(page);
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Create" }).click();
  await expect(toast(page)).toContainText("Pricing created successfully");
  await expect(dialog).toBeHidden();
  const card = page.getByRole("article", { name });
  await expect(card).toContainText("£12.50");
  await expect(card).toContainText("Monetary Gift Voucher");
  await expect(card).toContainText("Active");

  // Edit: the stored pence come back as pounds; switching it off shows Inactive.
  await card.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Pricing Item" });
  await expect(edit.getByLabel(/^Price/)).toHaveValue("12.50");
  await edit.getByLabel(/^Price/).fill("13.75");
  // The switch's input is hidden under its track, so the click is forced, and a forced click can land
  // while the dialog is still moving in: click again until it has taken.
  const active = edit.getByRole("switch", { name: "Active" });
  await expect(async () => {
    if (await active.isChecked()) await active.click({ force: true });
    await expect(active).not.toBeChecked({ timeout: 500 });
  }).toPass();
  await edit.getByRole("button", { name: "Update" }).click();
  await expect(toast(page)).toContainText("Pricing updated successfully");
  await expect(card).toContainText("£13.75");
  await expect(card).toContainText("Inactive");

  // Delete asks the browser first; dismissing keeps the item.
  page.once("dialog", (d) => {
    expect(d.message()).toBe("Are you sure you want to delete this pricing item?");
    void d.dismiss();
  });
  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(card).toBeVisible();
  page.once("dialog", (d) => void d.accept());
  await card.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(toast(page)).toContainText("Pricing deleted successfully");
  await expect(card).toHaveCount(0);
});

test("a price changed in the admin is the price the public site shows (R6)", async ({ page }) => {
  const before = await (await page.request.get("/api/site")).json();
  expect(before.prices.champagne).toBe(3995);
  await openAdmin(page, "/pricing", "Pricing Management");
  const card = page.getByRole("article", { name: "Champagne Afternoon Tea" });
  try {
    await card.getByRole("button", { name: "Edit Champagne Afternoon Tea" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Pricing Item" });
    await expect(edit.getByLabel(/^Price/)).toHaveValue("39.95");
    await edit.getByLabel(/^Price/).fill("41");
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(card).toContainText("£41.00");
    const after = await (await page.request.get("/api/site")).json();
    expect(after.prices.champagne).toBe(4100);
  } finally {
    // Put the seed price back for the other tests on this server.
    const items = (await (await page.request.get("/api/pricing")).json()) as { id: number; itemType: string }[];
    const champagne = items.find((i) => i.itemType === "champagne-afternoon-tea")!;
    await page.request.patch(`/api/pricing/${champagne.id}`, {
      data: { name: "Champagne Afternoon Tea", itemType: "champagne-afternoon-tea", price: 39.95, isActive: true },
    });
  }
  expect((await (await page.request.get("/api/site")).json()).prices.champagne).toBe(3995);
});

test("a failure shows the spec's failure toast with the server's reason", async ({ page }) => {
  const { tag } = uniquePerson("Gone");
  const created = await page.request.post("/api/pricing", {
    data: { name: `Short-lived ${tag}`, itemType: "gift-voucher-monetary", price: 5, isActive: false },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  await openAdmin(page, "/pricing", "Pricing Management");
  await page.getByRole("button", { name: `Edit Short-lived ${tag}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Pricing Item" });
  // Someone else deletes it meanwhile.
  expect((await page.request.delete(`/api/pricing/${id}`)).ok()).toBe(true);
  await edit.getByLabel(/^Price/).fill("6");
  await edit.getByRole("button", { name: "Update" }).click();
  const alert = toast(page).getByRole("alert");
  await expect(alert).toContainText("Failed to update pricing");
  await expect(alert).toContainText(`Pricing item ${id} not found`);
  await expect(edit).toBeVisible();
});
