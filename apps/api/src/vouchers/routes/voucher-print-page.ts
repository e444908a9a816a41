import {
  describeRemaining,
  faceValue,
  formatLongDate,
  VOUCHER_STATUS_LABELS,
  VOUCHER_TYPE_LABELS,
  type VoucherStatus,
  type VoucherType,
} from "@tearoom/domain";
import { escapeHtml } from "../../mail/layout.js";

/**
 * The printable gift voucher (R35, decision 015): the page the voucher e-mail links to, served by
 * the API as small HTML in the site's colours and type (as the newsletter pages are), laid out
 * for A5 or A4 paper with @media print. No inline script (CSP): the print button's script is a
 * file of its own.
 */

export const VOUCHER_PRINT_JS = "/voucher/print.js";

export interface PrintableVoucher {
  voucherType: VoucherType;
  voucherCode: string;
  price: string;
  people: number | null;
  pricePence: number;
  remaining: number;
  recipientName: string;
  senderName: string;
  message: string;
  expiryDate: string;
  status: VoucherStatus;
  testPayment: boolean;
}

export interface PrintPageAnswer {
  status: 200 | 404;
  html: string;
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} – Heritage Tearoom</title>
<style>${PRINT_CSS}</style><script src="${VOUCHER_PRINT_JS}" defer></script></head>
<body>${body}</body></html>`;
}

const WHAT: Record<VoucherType, string> = {
  monetary: "to spend at the tearoom",
  afternoonTea: "in the tearoom, sandwiches, scones and cakes with a pot of tea",
  picnicHamper: "to enjoy in the gardens",
};

/** What the voucher buys, in words, and what is left when part of it has been used. */
function worth(v: PrintableVoucher): { buys: string; left: string | null } {
  const buys =
    v.voucherType === "monetary"
      ? v.price
      : `${v.voucherType === "afternoonTea" ? "Afternoon tea" : "A picnic hamper"} for ${v.people ?? 1} ${(v.people ?? 1) === 1 ? "person" : "people"}`;
  const face = faceValue({ voucherType: v.voucherType, pricePence: v.pricePence, people: v.people });
  return { buys, left: v.remaining < face && v.remaining > 0 ? describeRemaining(v.voucherType, v.remaining) : null };
}

/** Who it is for and from; R50: a voucher staff issued may name neither. */
function peopleLine(v: Pick<PrintableVoucher, "recipientName" | "senderName">): string {
  const parts = [
    v.recipientName ? `For <strong>${escapeHtml(v.recipientName)}</strong>` : "",
    v.senderName ? `${v.recipientName ? "from" : "From"} <strong>${escapeHtml(v.senderName)}</strong>` : "",
  ].filter(Boolean);
  return parts.length ? `<p class="people">${parts.join(", ")}</p>` : "";
}

export function printableVoucherPage(v: PrintableVoucher, contact: { phone: string; email: string }): PrintPageAnswer {
  const { buys, left } = worth(v);
  const dead = v.status !== "active";
  const body = `<main class="sheet">
<div class="toolbar" data-screen-only>
<p><a href="/">Heritage Tearoom</a></p>
<button type="button" data-print hidden>Print this voucher</button>
</div>
${dead ? `<p class="state" role="status">This voucher is ${v.status === "redeemed" ? "used up" : `expired (it was valid until ${escapeHtml(formatLongDate(v.expiryDate.slice(0, 10)))})`}: it can no longer be used.</p>` : ""}
${v.testPayment ? `<p class="state" role="status">Test mode – no real charge was made. This voucher was paid with a test card.</p>` : ""}
<article class="voucher${dead ? " void" : ""}" aria-labelledby="voucher-title">
<p class="brand">Heritage Tearoom</p>
<p class="eyebrow">${escapeHtml(VOUCHER_TYPE_LABELS[v.voucherType])}</p>
<h1 id="voucher-title">Gift Voucher</h1>
<p class="buys">${escapeHtml(buys)}</p>
<p class="what">${escapeHtml(WHAT[v.voucherType])}</p>
${left ? `<p class="left">Left to use: <strong>${escapeHtml(left)}</strong></p>` : ""}
${peopleLine(v)}
${v.message ? `<blockquote class="message"><p>${escapeHtml(v.message)}</p></blockquote>` : ""}
<dl class="facts">
<div><dt>Voucher code</dt><dd class="code">${escapeHtml(v.voucherCode)}</dd></div>
<div><dt>Valid until</dt><dd>${escapeHtml(formatLongDate(v.expiryDate.slice(0, 10)))}</dd></div>
</dl>
<p class="redeem">${v.voucherType === "picnicHamper" ? "To redeem, call" : "Book afternoon tea with this code on our website, or call"} ${escapeHtml(contact.phone)} or e-mail ${escapeHtml(contact.email)} quoting the voucher code. Keep the code private: whoever has it can use the voucher.</p>
</article>
</main>`;
  return { status: 200, html: document(`${VOUCHER_TYPE_LABELS[v.voucherType]} ${VOUCHER_STATUS_LABELS[v.status]}`, body) };
}

export function voucherLinkNotValid(contact: { phone: string; email: string }): PrintPageAnswer {
  return {
    status: 404,
    html: document(
      "Link not recognised",
      `<main class="sheet"><div class="panel"><p class="brand"><a href="/">Heritage Tearoom</a></p><h1>Link not recognised</h1><p>This voucher link is not valid. Please use the link in your voucher e-mail, or call us on ${escapeHtml(contact.phone)} or e-mail ${escapeHtml(contact.email)} and we will send it again.</p><p><a href="/gift-vouchers">Gift vouchers</a></p></div></main>`,
    ),
  };
}

/** The print button: shown once this script runs, it opens the browser's print dialog. */
export const VOUCHER_PRINT_SCRIPT = `const button = document.querySelector("[data-print]");
if (button) {
  button.hidden = false;
  button.addEventListener("click", () => window.print());
}
`;

/**
 * The site's look (packages/ui theme: parchment, sage, ink, rose; Playfair Display and Lora with
 * their system serifs). On paper: no page background or toolbar, the card fills an A5 page (or
 * sits at the top of an A4 one) with a border, all in ink that prints in black and white too.
 */
export const PRINT_CSS = `*{box-sizing:border-box}
body{margin:0;background:#f4ecdc;color:#2e2a25;font-family:Lora,Georgia,'Times New Roman',serif;line-height:1.5;padding:1rem}
.sheet{max-width:40rem;margin:0 auto}
.toolbar{display:flex;justify-content:space-between;align-items:center;gap:1rem;margin-bottom:1rem}
.toolbar p{margin:0;font-family:'Playfair Display',Georgia,serif}
a{color:#3b5235}
button{font:inherit;padding:.6rem 1.2rem;border-radius:999px;border:1px solid #4a6642;background:#4a6642;color:#fff;cursor:pointer}
button:hover{background:#3b5235}
button:focus-visible,a:focus-visible{outline:3px solid #a8bf9d;outline-offset:2px}
.state{background:#fbeff2;border:1px solid #d9a5b3;color:#6e2a3d;border-radius:10px;padding:.75rem 1rem}
.panel{background:#fbf7ef;border:1px solid #efe4cf;border-radius:14px;padding:2rem}
.voucher{position:relative;background:#fbf7ef;border:2px solid #4a6642;outline:1px solid #4a6642;outline-offset:-10px;border-radius:6px;padding:2.5rem 2rem;text-align:center;box-shadow:0 10px 30px -18px rgba(46,42,37,.35)}
.void{opacity:.7}
.brand{font-family:'Playfair Display',Georgia,serif;letter-spacing:.18em;text-transform:uppercase;font-size:.85rem;color:#3b5235;margin:0 0 .25rem}
.brand a{text-decoration:none}
.eyebrow{margin:0;font-style:italic;color:#5c554b}
h1{font-family:'Playfair Display',Georgia,'Times New Roman',serif;font-weight:600;font-size:2.4rem;line-height:1.1;margin:.4rem 0 .8rem;color:#2c3e28}
.buys{font-family:'Playfair Display',Georgia,serif;font-size:1.6rem;margin:0;color:#2c3e28}
.what{margin:.2rem 0 0;color:#5c554b}
.left{margin:.5rem 0 0}
.people{margin:1.25rem 0 0}
.message{margin:1.25rem auto 0;max-width:28rem;font-style:italic;border-top:1px solid #d8ccb4;border-bottom:1px solid #d8ccb4;padding:.75rem 0}
.message p{margin:0;white-space:pre-line}
.facts{display:flex;justify-content:center;flex-wrap:wrap;gap:.5rem 2.5rem;margin:1.5rem 0 0}
.facts div{min-width:10rem}
dt{font-size:.8rem;letter-spacing:.12em;text-transform:uppercase;color:#5c554b}
dd{margin:.15rem 0 0;font-weight:600}
.code{font-family:ui-monospace,'SFMono-Regular',Menlo,Consolas,monospace;font-size:1.35rem;letter-spacing:.06em}
.redeem{margin:1.5rem 0 0;font-size:.85rem;color:#5c554b}
@media (max-width:30rem){.voucher{padding:2rem 1.1rem}h1{font-size:2rem}.buys{font-size:1.35rem}}
@media print{
@page{margin:10mm}
body{background:#fff;padding:0;color:#000}
[data-screen-only]{display:none!important}
.sheet{max-width:none}
.voucher{box-shadow:none;max-width:128mm;min-height:180mm;margin:0 auto;padding:14mm 10mm;display:flex;flex-direction:column;justify-content:center;break-inside:avoid;background:#fff}
.state{border-color:#000;color:#000;background:#fff}
}
`;
