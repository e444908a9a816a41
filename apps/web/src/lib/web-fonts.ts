/**
 * The other half of index.html's font script. That script uses the web fonts only where they can
 * be there for the first render (src/styles/fonts.css); on a slow connection a first visit is set
 * in the fallbacks and asks for no font file. Once such a page has settled, this fetches the files
 * into the browser's cache and remembers which, so the next visit uses them from its first render.
 */

/** The localStorage key index.html's font script reads: the font files known to be cached, space-separated. */
export const WEB_FONTS_KEY = "tr-web-fonts";

/** Fetches the page's font files and remembers they are cached; nothing to do if the page uses them already. */
export async function cacheWebFontsForNextVisit(doc: Document = document, storage: Storage = localStorage, fetchFile: typeof fetch = fetch): Promise<void> {
  if (doc.documentElement.hasAttribute("data-web-fonts")) return;
  const files = doc.querySelector("script[data-web-fonts]")?.getAttribute("data-web-fonts")?.split(" ").filter(Boolean) ?? [];
  if (!files.length) return;
  try {
    // The same request as the @font-face's (same-origin, CORS mode), so the next visit's is served from the cache.
    await Promise.all(
      files.map(async (href) => {
        const response = await fetchFile(href, { mode: "cors", credentials: "same-origin" });
        if (!response.ok) throw new Error(`${href}: ${response.status}`);
        await response.arrayBuffer();
      }),
    );
    // Added to those cached before: another screen may use a file this one does not.
    const cached = new Set((storage.getItem(WEB_FONTS_KEY) ?? "").split(" ").filter(Boolean));
    storage.setItem(WEB_FONTS_KEY, [...cached, ...files.filter((href) => !cached.has(href))].join(" "));
  } catch {
    // Offline, or storage refused: the next visit is set in the fallbacks again, which is fine.
  }
}
