import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { GALLERY_IMAGES } from "../features/gallery/images";
import { ILLUSTRATIONS, illustrationSources, RASTER_WIDTHS } from "./illustrations";

// The package folder: vitest runs each package's tests from its own root.
const publicFile = (path: string) => join(process.cwd(), "public", path);

describe("illustrations served as WebP renders", () => {
  it("has a WebP render of every listed SVG at every width, and its SVG source", () => {
    for (const svg of ILLUSTRATIONS) {
      expect(existsSync(publicFile(svg)), svg).toBe(true);
      for (const width of RASTER_WIDTHS) {
        const webp = publicFile(svg.replace(/\.svg$/, `-${width}.webp`));
        expect(existsSync(webp), `${svg} at ${width}`).toBe(true);
        expect(readFileSync(webp).subarray(8, 12).toString("latin1")).toBe("WEBP");
      }
    }
  });

  it("gives an <img> a WebP source and a candidate per width", () => {
    expect(illustrationSources("/images/gallery/garden-pond.svg")).toEqual({
      src: "/images/gallery/garden-pond-1280.webp",
      srcSet:
        "/images/gallery/garden-pond-720.webp 720w, /images/gallery/garden-pond-960.webp 960w, /images/gallery/garden-pond-1280.webp 1280w, /images/gallery/garden-pond-1920.webp 1920w",
    });
  });

  it("covers every gallery picture", () => {
    for (const picture of GALLERY_IMAGES) expect(ILLUSTRATIONS).toContain(picture.src);
  });
});
