import MarkdownIt from "markdown-it";

/**
 * R56: a newsletter's body is Markdown with simple formatting. Raw HTML in it is escaped, never
 * passed on (`html: false`), and links may only be http(s) or mailto (markdown-it's own check
 * refuses javascript: and data: addresses), so what staff type cannot script or restyle the e-mail.
 */
const markdown = new MarkdownIt("default", { html: false, linkify: true, typographer: false, breaks: false });

/** The body as the HTML part's inner markup. */
export function markdownToHtml(source: string): string {
  return markdown.render(source);
}

/** The body as the plain-text part: Markdown read as text, with a link's address after its words. */
export function markdownToText(source: string): string {
  return source
    .replace(/\r\n/g, "\n")
    .replace(/!?\[([^\]]*)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g, (_all, label: string, href: string) => (label && label !== href ? `${label} (${href})` : href))
    .replace(/^#{1,6}\s+/gm, "")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/(^|[^*\w])[*_]([^*_\n]+)[*_](?=[^*\w]|$)/g, "$1$2")
    .trim();
}
