import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { createRequire } from "node:module";
import { dataDir } from "../../playwright.config.js";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core on the page's main content (the payment screens), failing on serious or critical problems. */
export async function expectAccessibleMain(page: Page): Promise<void> {
  await page.addScriptTag({ content: axeSource });
  const violations = await page.evaluate(async () => {
    // @ts-expect-error axe is injected above
    const result = await window.axe.run({ include: ["main"] }, { resultTypes: ["violations"] });
    return (result.violations as { id: string; impact: string; help: string; nodes: { target: string[] }[] }[])
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
  });
  expect(violations, violations.join("\n")).toEqual([]);
}

/** A staff session for the admin REST paths (R1), with the demo pair the server offers outside production. */
export async function signInAsStaff(request: APIRequestContext): Promise<void> {
  const hint = (await (await request.get("/api/admin/demo-hint")).json()) as { username: string; password: string } | null;
  expect(hint, "the demo staff hint is offered outside production").not.toBeNull();
  const res = await request.post("/api/admin/login", { data: hint! });
  expect(res.ok()).toBe(true);
}

export interface EmlFile {
  name: string;
  text: string;
}

/** The .eml files the server wrote to its outbox folder (no SMTP_URL, R17). */
export function outboxFiles(): EmlFile[] {
  const dir = join(dataDir, "outbox");
  let names: string[] = [];
  try {
    names = readdirSync(dir)
      .filter((n) => n.endsWith(".eml"))
      .sort();
  } catch {
    return [];
  }
  // Messages are written with CRLF line ends, as RFC 5322 has them.
  return names.map((name) => ({ name, text: readFileSync(join(dir, name), "utf8").replace(/\r\n/g, "\n") }));
}

/** Waits for the delivery worker to write the `nth` (1 = first) message of `kind` to `to`; answers its text. */
export async function waitForMail(kind: string, to: string, nth = 1): Promise<string> {
  let found: EmlFile[] = [];
  await expect
    .poll(
      () => {
        found = outboxFiles().filter((f) => f.name.endsWith(`-${kind}.eml`) && new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m").test(f.text));
        return found.length >= nth;
      },
      { timeout: 20_000, message: `${nth === 1 ? "an e-mail" : `e-mail no. ${nth}`} ${kind} to ${to} in the outbox` },
    )
    .toBe(true);
  return found[nth - 1]!.text;
}

/**
 * The path and query of the first link to `path` in a message, e.g. "/newsletter/confirm?token=…".
 * Text parts arrive quoted-printable (long lines folded with "=", "=" written "=3D"), so the
 * message is decoded first.
 */
/** A message's text with its quoted-printable parts decoded (soft line breaks joined, UTF-8 read). */
export function decodedMail(eml: string): string {
  const bytes = eml.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, "latin1").toString("utf8");
}

export function linkInMail(eml: string, path: string): string {
  const decoded = decodedMail(eml);
  const link = new RegExp(`${path.replace(/[/.]/g, "\\$&")}\\?token=[\\w-]+`).exec(decoded)?.[0];
  expect(link, `a link to ${path} in the message`).toBeTruthy();
  return link!;
}

export function mailsTo(to: string): EmlFile[] {
  return outboxFiles().filter((f) => new RegExp(`^To: ${to.replace(/[.+]/g, "\\$&")}$`, "m").test(f.text));
}

export async function fillCard(scope: Locator | Page, number: string): Promise<void> {
  await scope.getByLabel("Card number").fill(number);
  await scope.getByLabel("Expiry date").fill("12 / 34");
  await scope.getByLabel("Security code").fill("123");
}

/** Fills the afternoon-tea form for a date next month (always open Wednesday to Sunday). */
export async function fillAfternoonTea(
  page: Page,
  who: { name: string; email: string; guests?: number; teaType?: "Traditional" | "Champagne" },
): Promise<Locator> {
  await page.goto("/afternoon-tea");
  const form = page.getByRole("form", { name: "Afternoon tea booking" });
  await form.getByText(`${who.teaType ?? "Traditional"} Afternoon Tea`, { exact: true }).click();
  await form.getByRole("button", { name: "Next month" }).click();
  await form.locator("button.mantine-DatePicker-day:not([data-disabled]):not([data-outside])").first().click();
  await form.getByLabel("Time").selectOption({ index: 1 });
  for (let g = 2; g < (who.guests ?? 2); g++) await form.getByRole("button", { name: "More guests" }).click();
  await form.getByLabel("Name").fill(who.name);
  await form.getByLabel("Email").fill(who.email);
  await form.getByLabel("Phone").fill("01234 567890");
  return form;
}

/** A unique address per run, so checks find this test's records only. */
export function unique(label: string): { name: string; email: string } {
  const id = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
  return { name: `${label} ${id}`, email: `${label.toLowerCase().replace(/\s+/g, ".")}.${id}@example.com` };
}

/** The decoded text of an attachment in an .eml file (nodemailer writes it base64 or quoted-printable). */
export function attachmentText(eml: string, filename: string): string | null {
  const at = eml.indexOf(`filename=${filename}`);
  if (at < 0) return null;
  const headersEnd = eml.indexOf("\n\n", at);
  const headers = eml.slice(eml.lastIndexOf("\n--", at), headersEnd);
  const body = eml.slice(headersEnd + 2, eml.indexOf("\n--", headersEnd));
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}
