import { escapeHtml } from "../../mail/layout.js";

/**
 * The two pages a newsletter e-mail links to (R16, R26, R39): confirm and unsubscribe. Each shows
 * a button; only pressing it (a POST from the page's script) changes anything, because mail
 * scanners open links. Served by the API as small HTML in the site's colours and type, with their
 * own stylesheet and script: the CSP runs no inline script, and the public site's bundle stays as
 * it is.
 */

export const NEWSLETTER_PAGE_CSS = "/newsletter/page.css";
export const NEWSLETTER_PAGE_JS = "/newsletter/page.js";

export interface PageAnswer {
  status: 200 | 404;
  html: string;
}

interface Action {
  /** The API path the button posts `{ token }` to. */
  endpoint: string;
  token: string;
  label: string;
  busyLabel: string;
}

function document(title: string, main: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>${escapeHtml(title)} – Heritage Tearoom</title>
<link rel="stylesheet" href="${NEWSLETTER_PAGE_CSS}"><script src="${NEWSLETTER_PAGE_JS}" defer></script></head>
<body><main class="panel"><p class="brand"><a href="/">Heritage Tearoom</a></p>${main}</main></body></html>`;
}

const home = `<p><a href="/">Back to the Heritage Tearoom</a></p>`;

/** A step before the button is pressed, and the one after (shown by the script once the API says yes). */
function actionPage(
  title: string,
  ask: { heading: string; text: string },
  action: Action,
  done: { heading: string; text: string },
  contactEmail: string,
): string {
  return document(
    title,
    `<section data-step="ask">
<h1>${escapeHtml(ask.heading)}</h1>
<p>${escapeHtml(ask.text)}</p>
<div class="actions"><button type="button" data-action="${escapeHtml(action.endpoint)}" data-token="${escapeHtml(action.token)}" data-busy="${escapeHtml(action.busyLabel)}">${escapeHtml(action.label)}</button></div>
<p class="error" role="alert" hidden></p>
<noscript><p>This button needs JavaScript. If it is turned off, please e-mail us at ${escapeHtml(contactEmail)} and we will do it for you.</p></noscript>
</section>
<section data-step="done" hidden>
<h1 tabindex="-1">${escapeHtml(done.heading)}</h1>
<p>${escapeHtml(done.text)}</p>
${home}
</section>`,
  );
}

function messagePage(heading: string, text: string): string {
  return document(heading, `<h1>${escapeHtml(heading)}</h1><p>${escapeHtml(text)}</p>${home}`);
}

export const CONFIRM_LINK_NOT_VALID =
  "This confirmation link is not valid any more: it has been used already, a newer e-mail has replaced it, or it is more than 7 days old.";
export const UNSUBSCRIBE_LINK_NOT_VALID = "This unsubscribe link is not valid.";

/** GET /newsletter/confirm?token=…: the button, or why the link does not work. */
export function confirmPage(token: string | null, contactEmail: string): PageAnswer {
  if (token === null) {
    return {
      status: 404,
      html: messagePage(
        "Link not recognised",
        `${CONFIRM_LINK_NOT_VALID} If you have confirmed already, you are subscribed. Otherwise you can subscribe again on our website.`,
      ),
    };
  }
  return {
    status: 200,
    html: actionPage(
      "Confirm your subscription",
      {
        heading: "Confirm your subscription",
        text: "Press the button to start receiving the Heritage Tearoom newsletter: seasonal menus, garden news and events at the house, now and then.",
      },
      { endpoint: "/api/newsletter/confirm", token, label: "Confirm subscription", busyLabel: "Confirming..." },
      {
        heading: "You're subscribed",
        text: "Thank you for confirming. We have sent you a welcome e-mail with a link to unsubscribe, which every newsletter carries too.",
      },
      contactEmail,
    ),
  };
}

/** GET /newsletter/unsubscribe?token=… (and the older /api/newsletter/unsubscribe links): the button, or why the link does not work. */
export function unsubscribePage(token: string | null, contactEmail: string): PageAnswer {
  if (token === null) {
    return {
      status: 404,
      html: messagePage(
        "Link not recognised",
        `${UNSUBSCRIBE_LINK_NOT_VALID} If you keep receiving our newsletter, please contact us at ${contactEmail} and we will remove you.`,
      ),
    };
  }
  return {
    status: 200,
    html: actionPage(
      "Unsubscribe",
      { heading: "Unsubscribe from our newsletter", text: "Press the button and we will stop sending the Heritage Tearoom newsletter to this address." },
      { endpoint: "/api/newsletter/unsubscribe", token, label: "Unsubscribe", busyLabel: "Unsubscribing..." },
      {
        heading: "You are unsubscribed",
        text: "You will not receive our newsletter any more. If this was a mistake, you can subscribe again on our website at any time.",
      },
      contactEmail,
    ),
  };
}

/** The button's script: posts the token as JSON (the only kind of body the API's guard lets through), then shows the next step. */
export const PAGE_SCRIPT = `document.addEventListener("click", async (event) => {
  const button = event.target instanceof Element ? event.target.closest("button[data-action]") : null;
  if (!button || button.disabled) return;
  const ask = document.querySelector("[data-step='ask']");
  const done = document.querySelector("[data-step='done']");
  const error = document.querySelector(".error");
  const label = button.textContent;
  button.disabled = true;
  button.textContent = button.dataset.busy || label;
  error.hidden = true;
  try {
    const res = await fetch(button.dataset.action, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ token: button.dataset.token }),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) throw new Error(answer.message || "Something went wrong. Please try again in a moment.");
    ask.hidden = true;
    done.hidden = false;
    done.querySelector("h1").focus();
  } catch (err) {
    error.textContent = err instanceof TypeError ? "We could not reach the tearoom's website. Please check your connection and try again." : err.message;
    error.hidden = false;
    button.disabled = false;
    button.textContent = label;
  }
});
`;

/** The site's look (packages/ui theme: parchment, sage, ink; Lora and Playfair Display with their system serifs). */
export const PAGE_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f4ecdc;color:#2e2a25;font-family:Lora,Georgia,'Times New Roman',serif;line-height:1.6;padding:1rem}
.panel{width:100%;max-width:32rem;background:#fbf7ef;border:1px solid #efe4cf;border-radius:14px;padding:2rem;box-shadow:0 10px 30px -18px rgba(46,42,37,.35)}
.brand{margin:0 0 1rem;font-family:'Playfair Display',Georgia,'Times New Roman',serif;font-size:1.1rem;letter-spacing:.02em}
.brand a{color:#3b5235;text-decoration:none}
h1{font-family:'Playfair Display',Georgia,'Times New Roman',serif;font-weight:600;font-size:1.75rem;line-height:1.2;margin:.5rem 0 1rem;color:#2c3e28}
h1:focus{outline:none}
.actions{display:grid;margin-top:1.5rem}
button{font:inherit;font-size:1rem;padding:.75rem 1rem;border-radius:999px;border:1px solid #4a6642;background:#4a6642;color:#fff;cursor:pointer}
button:hover{background:#3b5235}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible,a:focus-visible{outline:3px solid #a8bf9d;outline-offset:2px}
.error{color:#7f3249}
a{color:#3b5235}
`;
