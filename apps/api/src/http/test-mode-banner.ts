import { TEST_MODE_LABEL } from "@tearoom/domain";
import type { Env } from "../env.js";

/**
 * R22: a production server that runs the demo provider on purpose (PAYMENT_PROVIDER=demo) says so
 * at the top of every public page. Outside production the demo provider's own labels in the
 * checkout are enough, so the development site looks as it always has.
 */
export function showsTestModeBanner(env: Env): boolean {
  return env.isProduction && env.payments === "demo";
}

const sentence = `${TEST_MODE_LABEL.charAt(0).toUpperCase()}${TEST_MODE_LABEL.slice(1)}.`;

/**
 * The banner as HTML. It is in the page from the first byte and sized by its own inline style (the
 * CSP allows inline styles, never inline scripts): a system font, so no web font arriving later
 * changes its height, and normal flow, so it scrolls away with the page and wraps on a narrow
 * screen instead of covering anything. Its colours (#3b2e0c on #f4e9c8) contrast about 11:1.
 */
export const TEST_MODE_BANNER = `<div role="region" aria-label="Test mode" data-test-mode-banner="" style="box-sizing:border-box;width:100%;margin:0;padding:8px 16px;background:#f4e9c8;color:#3b2e0c;border-bottom:1px solid #c9b06a;font:400 14px/1.4 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;text-align:center;overflow-wrap:anywhere"><strong>${sentence}</strong> Payments on this site are tests: no card is charged.</div>`;

/**
 * The page with the banner as the first element of its body, outside React's root, so hydration
 * never sees it. A page without a <body> tag gets it just before its root element.
 */
export function withTestModeBanner(html: string): string {
  const body = /<body\b[^>]*>/i.exec(html);
  if (body) return html.slice(0, body.index + body[0].length) + TEST_MODE_BANNER + html.slice(body.index + body[0].length);
  const root = html.search(/<div\s+id="root"/i);
  if (root >= 0) return html.slice(0, root) + TEST_MODE_BANNER + html.slice(root);
  return html + TEST_MODE_BANNER;
}
