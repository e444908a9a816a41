/** Plain text plus simple HTML for every e-mail (R17), from one description of its content. */
import { markdownToHtml, markdownToText } from "./markdown.js";

export interface MailContent {
  /** Greeting line, e.g. "Dear Ada,". */
  greeting?: string;
  /** Paragraphs before the details table. */
  intro: string[];
  /** Label/value rows (booking details, voucher code…). */
  details?: [label: string, value: string][];
  /** R56: a newsletter's body, Markdown, rendered after the intro (raw HTML escaped, mail/markdown.ts). */
  markdown?: string;
  /** Paragraphs after the table. */
  outro?: string[];
  /** Optional call to action: a link with its label. */
  link?: { label: string; href: string };
  /** More links after the first, each on its own line (a voucher's print page and the tea form, R50). */
  links?: { label: string; href: string }[];
  signature?: string;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

const BRAND = "Heritage Tearoom";

export function renderText(content: MailContent): string {
  const parts: string[] = [];
  if (content.greeting) parts.push(content.greeting);
  parts.push(...content.intro);
  if (content.details?.length) {
    const width = Math.max(...content.details.map(([l]) => l.length)) + 1;
    parts.push(content.details.map(([l, v]) => `${`${l}:`.padEnd(width)} ${v}`).join("\n"));
  }
  if (content.markdown) parts.push(markdownToText(content.markdown));
  if (content.outro) parts.push(...content.outro);
  if (content.link) parts.push(`${content.link.label}: ${content.link.href}`);
  for (const more of content.links ?? []) parts.push(`${more.label}: ${more.href}`);
  parts.push(content.signature ?? `With warm wishes,\nThe ${BRAND}`);
  return `${parts.join("\n\n")}\n`;
}

export function renderHtml(title: string, content: MailContent): string {
  const p = (text: string) => `<p style="margin:0 0 16px">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;
  const rows = (content.details ?? [])
    .map(
      ([l, v]) =>
        `<tr><th align="left" style="padding:6px 16px 6px 0;color:#5b6b52;font-weight:600;vertical-align:top">${escapeHtml(l)}</th><td style="padding:6px 0">${escapeHtml(v).replace(/\n/g, "<br>")}</td></tr>`,
    )
    .join("");
  return [
    "<!doctype html>",
    `<html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>`,
    "<body style=\"margin:0;background:#f7f3ea;font-family:Georgia,'Times New Roman',serif;color:#2f3a2a\">",
    '<div style="max-width:560px;margin:0 auto;padding:24px">',
    `<h1 style="font-size:22px;color:#3d5a36;margin:0 0 20px">${escapeHtml(BRAND)}</h1>`,
    content.greeting ? p(content.greeting) : "",
    ...content.intro.map(p),
    rows ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${rows}</table>` : "",
    content.markdown ? `<div style="margin:0 0 16px;line-height:1.5">${markdownToHtml(content.markdown)}</div>` : "",
    ...(content.outro ?? []).map(p),
    ...[content.link, ...(content.links ?? [])].map((l) =>
      l ? `<p style="margin:0 0 16px"><a href="${escapeHtml(l.href)}" style="color:#3d5a36">${escapeHtml(l.label)}</a></p>` : "",
    ),
    p(content.signature ?? `With warm wishes,\nThe ${BRAND}`),
    "</div></body></html>",
  ].join("");
}

/** Both bodies at once. */
export function render(title: string, content: MailContent): { text: string; html: string } {
  return { text: renderText(content), html: renderHtml(title, content) };
}
