import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { cacheWebFontsForNextVisit, WEB_FONTS_KEY } from "./web-fonts";

const FILES = ["/assets/lora-a.woff2", "/assets/playfair-b.woff2"];

function fontScript(files: string[]): void {
  const script = document.createElement("script");
  script.setAttribute("data-web-fonts", files.join(" "));
  document.head.append(script);
}

const ok = () => Promise.resolve(new Response(new Uint8Array(8), { status: 200 }));

describe("cacheWebFontsForNextVisit", () => {
  beforeEach(() => {
    localStorage.clear();
    document.documentElement.removeAttribute("data-web-fonts");
    document.head.querySelectorAll("script[data-web-fonts]").forEach((s) => s.remove());
  });
  afterEach(() => document.documentElement.removeAttribute("data-web-fonts"));

  it("fetches each listed file the way the @font-face does and then remembers they are cached", async () => {
    fontScript(FILES);
    const fetchFile = vi.fn(ok);
    await cacheWebFontsForNextVisit(document, localStorage, fetchFile);
    expect(fetchFile.mock.calls).toEqual(FILES.map((href) => [href, { mode: "cors", credentials: "same-origin" }]));
    expect(localStorage.getItem(WEB_FONTS_KEY)).toBe(FILES.join(" "));
  });

  it("adds a screen's files to those another screen cached", async () => {
    localStorage.setItem(WEB_FONTS_KEY, "/assets/lora-a.woff2 /assets/italic-c.woff2");
    fontScript(FILES);
    await cacheWebFontsForNextVisit(document, localStorage, vi.fn(ok));
    expect(localStorage.getItem(WEB_FONTS_KEY)).toBe("/assets/lora-a.woff2 /assets/italic-c.woff2 /assets/playfair-b.woff2");
  });

  it("does nothing when the page already uses the fonts", async () => {
    fontScript(FILES);
    document.documentElement.setAttribute("data-web-fonts", "");
    const fetchFile = vi.fn(ok);
    await cacheWebFontsForNextVisit(document, localStorage, fetchFile);
    expect(fetchFile).not.toHaveBeenCalled();
    expect(localStorage.getItem(WEB_FONTS_KEY)).toBeNull();
  });

  it("does nothing when the page lists no files (the unbuilt app)", async () => {
    fontScript([]);
    const fetchFile = vi.fn(ok);
    await cacheWebFontsForNextVisit(document, localStorage, fetchFile);
    expect(fetchFile).not.toHaveBeenCalled();
    expect(localStorage.getItem(WEB_FONTS_KEY)).toBeNull();
  });

  it("remembers nothing when a file fails or the network is down", async () => {
    fontScript(FILES);
    await cacheWebFontsForNextVisit(
      document,
      localStorage,
      vi.fn((href: RequestInfo | URL) => (String(href).includes("playfair") ? Promise.resolve(new Response("gone", { status: 404 })) : ok())),
    );
    expect(localStorage.getItem(WEB_FONTS_KEY)).toBeNull();
    await cacheWebFontsForNextVisit(
      document,
      localStorage,
      vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
    );
    expect(localStorage.getItem(WEB_FONTS_KEY)).toBeNull();
  });
});
