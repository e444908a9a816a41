import { expect, test } from "@playwright/test";
import { createRequire } from "node:module";
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { fillAfternoonTea, fillCard, unique, waitForMail } from "./support.js";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * axe on part of the page (serious or critical problems): the voucher field and the summary. The
 * calendar above them is checked where the booking form itself is tested.
 */
async function expectAccessible(page: Page, selectors: string[]): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async (include) => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run({ include: include.map((s) => [s]) }, { resultTypes: ["violations"] });
    return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  }, selectors);
  expect(violations, violations.join("\n")).toEqual([]);
}

/** The voucher code in a voucher e-mail (quoted-printable text part). */
function codeInMail(eml: string): string {
  const code = /TEA-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}/.exec(eml.replace(/=\n/g, ""))?.[0];
  expect(code, "a voucher code in the e-mail").toBeTruthy();
  return code!;
}

test("a £75 voucher pays a £59.90 afternoon tea with no card, and £15.10 is left (R36)", async ({ page, request }) => {
  await page.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  // Buy the voucher with the demo provider's test card (R7, R10).
  const recipient = unique("Tea Voucher Friend");
  const buyer = unique("Tea Voucher Giver");
  await page.goto("/checkout?type=monetary&amount=75");
  const checkout = page.getByRole("form", { name: "Gift voucher checkout" });
  await checkout.getByLabel("Recipient's name").fill(recipient.name);
  await checkout.getByLabel("Recipient's email").fill(recipient.email);
  await checkout.getByLabel("Your name").fill(buyer.name);
  await checkout.getByLabel("Your email").fill(buyer.email);
  await fillCard(checkout, "4242 4242 4242 4242");
  await checkout.getByRole("button", { name: "Pay £75.00" }).click();
  await page.waitForURL(/\/confirmation\?payment_intent=.+&redirect_status=succeeded/);
  const code = codeInMail(await waitForMail("voucher-recipient", recipient.email));

  // The recipient books tea for two with it: the voucher covers it all, so no card is asked.
  const guest = unique("Tea Voucher Guest");
  const form = await fillAfternoonTea(page, guest);
  // R51: before the voucher, the button says what the card would be charged.
  await expect(form.getByRole("button", { name: "Book Afternoon Tea · Pay £59.90 Coming Soon" })).toBeVisible();
  await form.getByRole("button", { name: "Pay with a gift voucher" }).click();
  await form.getByLabel("Gift voucher code").fill(code.toLowerCase());
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(form.getByTestId("voucher-applied")).toHaveText("Covers £59.90; nothing left to pay (£15.10 stays on the voucher).");
  await expect(form.getByTestId("left-to-pay")).toHaveText("Gift voucher −£59.90 · To pay £0.00");
  await expect(form.getByLabel("Card number")).toBeHidden();
  await expectAccessible(page, [
    "input[name=voucherCode]",
    "[data-testid=voucher-applied]",
    "[data-testid=left-to-pay]",
    "form[aria-label='Afternoon tea booking'] button[type=submit]",
  ]);
  await form.getByRole("button", { name: /Book with my voucher/ }).click();

  const booked = page.getByTestId("voucher-booked");
  await expect(booked.getByRole("heading", { name: "Your afternoon tea is booked" })).toBeVisible();
  await expect(booked.getByTestId("booking-reference")).toHaveText(/^TR-/);
  // R51: what was booked, what the voucher paid, and where.
  await expect(booked.getByTestId("booked-visit")).toContainText("2 × Traditional afternoon tea");
  await expect(booked.getByTestId("booked-visit")).toContainText("Paid by gift voucher£59.90");
  await expect(booked.getByTestId("booked-visit")).toContainText("Where");
  await expectNoSeriousA11yViolations(page);
  const confirmation = await waitForMail("afternoon-tea-confirmation", guest.email);
  expect(confirmation.replace(/=\n/g, "")).toContain("/booking/");

  const balance = await request.get(`/api/voucher-balance?code=${code}`);
  expect(await balance.json()).toMatchObject({ voucherType: "monetary", balancePence: 1510, status: "active" });
});
