import { expect, test } from "@playwright/test";
import { addDays, londonNow } from "@tearoom/domain";
import { openAdmin, signInToAdmin, uniquePerson } from "../../support/admin.js";
import { expectNoSeriousA11yViolations } from "../../support/axe.js";
import { decodedMail, fillCard, waitForMail } from "../payments/support.js";
import { asNewVisitor } from "../../support/visitors.js";

// R53: the owner makes an event with a sitting in the admin; a visitor buys two tickets for it on
// /whats-on on a phone, pays with the demo card, and sees them on the confirmation page and in the e-mail.
test("the owner creates an event; a visitor buys two tickets on What's On at 375 px", async ({ page, browser }) => {
  const event = uniquePerson("Supper Evening");
  // An evening well ahead, after the tearoom's own hours, so no other booking shares the Terrace.
  const date = addDays(londonNow().date, 40 + Math.floor(Math.random() * 20));

  await signInToAdmin(page);
  await openAdmin(page, "/events", "Events");
  await page.getByRole("button", { name: "New event" }).click();
  await page.getByLabel("Name").fill(event.name);
  await page.getByLabel("Price per ticket (£)").fill("12.50");
  await page.getByLabel("Text").fill("Three courses by candlelight in the tearoom garden.");
  await page.getByLabel("Published on What's On").check();
  await page.getByRole("button", { name: "Create event" }).click();
  const card = page.getByTestId("admin-event").filter({ hasText: event.name });
  await expect(card).toBeVisible();
  await card.getByRole("button", { name: "Add a sitting" }).click();
  await card.getByLabel("Date").fill(date);
  await card.getByLabel("Time").fill("19:30");
  await card.getByLabel("Tickets", { exact: true }).fill("10");
  await card.getByRole("combobox", { name: "Area" }).selectOption({ label: "Terrace (16 seats)" });
  await card.getByLabel("Per-order limit").fill("4");
  await card.getByLabel("Question (optional)").fill("Any dietary requirements?");
  await card.getByRole("button", { name: "Add sitting" }).click();
  await expect(card.getByRole("table", { name: `Sittings of ${event.name}` })).toContainText("0 of 10");
  await expectNoSeriousA11yViolations(page);

  const visitor = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await visitor.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  await visitor.goto("/whats-on");
  await expect(visitor.getByRole("heading", { level: 1, name: "What's On" })).toBeVisible();
  const listing = visitor.getByRole("article", { name: event.name });
  await expect(listing).toContainText("10 tickets left");
  await expect(listing).toContainText("£12.50 per ticket");
  await listing.getByRole("button", { name: /^Buy tickets for / }).click();
  const form = visitor.getByTestId("ticket-form");
  await form.getByLabel("Tickets").selectOption("2");
  const guest = uniquePerson("Ticket Buyer");
  await form.getByLabel("Name").fill(guest.name);
  await form.getByLabel("Email").fill(guest.email);
  await form.getByLabel("Phone").fill("07700 900321");
  await form.getByLabel("Any dietary requirements?").fill("One vegetarian");
  await expect(form).toContainText("Total: £25.00");
  await expectNoSeriousA11yViolations(visitor);
  await form.getByRole("button", { name: "Continue to payment" }).click();
  const payment = visitor.getByTestId("ticket-payment");
  await fillCard(payment, "4242 4242 4242 4242");
  await payment.getByRole("button", { name: "Pay £25.00" }).click();

  await visitor.waitForURL(/\/confirmation\?type=event&payment_intent=.+&redirect_status=succeeded/);
  const booked = visitor.getByTestId("booked-visit");
  await expect(booked.getByRole("heading", { name: "Your tickets" })).toBeVisible();
  await expect(booked).toContainText(event.name);
  await expect(booked).toContainText("Tickets2");
  await expect(booked).toContainText("Paid by card£25.00");
  await expectNoSeriousA11yViolations(visitor);

  const mail = decodedMail(await waitForMail("event-tickets-confirmation", guest.email));
  // The subject has a dash, so it travels encoded; the body says what was bought.
  expect(mail).toMatch(new RegExp(`Event: +${event.name}`));
  expect(mail).toMatch(/Tickets: +2 tickets/);
  expect(mail).toContain(`Thank you for buying 2 tickets for ${event.name}.`);
  expect(mail).toContain("One vegetarian");
  // Tickets are cancelled online, never changed: the link says so.
  expect(mail).toContain("View or cancel your tickets");

  // The admin shows the two tickets sold.
  await page.reload();
  await expect(page.getByTestId("admin-event").filter({ hasText: event.name })).toContainText("2 of 10");
  await visitor.close();
});

// R52 with R53: a sold-out sitting offers its waiting list on /whats-on, whose served HTML carries
// the published events' schema.org data.
test("a sold-out sitting offers the waiting list; a visitor joins it at 375 px", async ({ page, browser }) => {
  const event = uniquePerson("Garden Tour");
  const date = addDays(londonNow().date, 60 + Math.floor(Math.random() * 20));
  await signInToAdmin(page);
  const made = await page.request.post("/api/events", {
    data: { name: event.name, description: "Round the walled garden.", pricePence: 1000, published: true },
  });
  expect(made.status()).toBe(201);
  const { id } = await made.json();
  const areas: { id: number; name: string }[] = await (await page.request.get("/api/areas")).json();
  const added = await page.request.post(`/api/events/${id}/sittings`, {
    data: { date, time: "19:45", minutes: 60, tickets: 2, perOrderLimit: 2, areaId: areas.find((a) => a.name === "Terrace")!.id },
  });
  expect(added.status()).toBe(201);
  const sittingId = (await added.json()).sittings[0].id;
  const early = uniquePerson("Early Bird");
  const bought = await page.request.post("/api/create-payment-intent", {
    headers: asNewVisitor(),
    data: { amount: 20, metadata: { type: "event", sittingId, tickets: 2, name: early.name, email: early.email, phone: "07700 900111" } },
  });
  expect(bought.status()).toBe(200);

  const served = await (await page.request.get("/whats-on")).text();
  expect(served).toMatch(new RegExp(`<script type="application/ld\\+json">[^<]*"name":"${event.name}"`));

  const visitor = await browser.newPage({ viewport: { width: 375, height: 812 } });
  await visitor.addInitScript(() => localStorage.setItem("newsletter_popup_closed", "true"));
  await visitor.goto("/whats-on");
  const listing = visitor.getByRole("article", { name: event.name });
  await expect(listing).toContainText("Sold out");
  await expect(listing.getByRole("button", { name: /^Buy tickets/ })).toHaveCount(0);
  await listing.getByRole("button", { name: /^Join the waiting list for / }).click();
  const form = visitor.getByTestId("sitting-waitlist-form");
  const guest = uniquePerson("Hopeful Guest");
  await form.getByLabel("Tickets").selectOption("2");
  await form.getByLabel("Name").fill(guest.name);
  await form.getByLabel("Email").fill(guest.email);
  await form.getByLabel("Phone").fill("07700 900222");
  await expectNoSeriousA11yViolations(visitor);
  await form.getByRole("button", { name: "Join the waiting list" }).click();
  await expect(visitor.getByTestId("sitting-waitlist-joined")).toContainText(`You are on the waiting list for ${event.name}`);
  const joined = decodedMail(await waitForMail("waitlist-joined", guest.email));
  expect(joined).toContain(`${event.name} tickets`);
  await visitor.close();
});
