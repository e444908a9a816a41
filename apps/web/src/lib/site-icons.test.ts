import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

// The package folder: vitest runs each package's tests from its own root.
const file = (path: string) => readFileSync(join(process.cwd(), path));
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** A PNG's width and height, from its IHDR chunk. */
const pngSize = (png: Buffer) => [png.readUInt32BE(16), png.readUInt32BE(20)];

// The raster icons are rendered from public/favicon.svg by scripts/rasterize-icons.mjs.
describe("site icons", () => {
  it("the page names a 180 px PNG as its apple-touch-icon (iOS takes no SVG)", () => {
    const href = /<link rel="apple-touch-icon" href="([^"]+)"/.exec(file("index.html").toString("utf8"))?.[1];
    expect(href).toBe("/apple-touch-icon.png");
    const png = file(`public${href}`);
    expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
    expect(pngSize(png)).toEqual([180, 180]);
  });

  it("/favicon.ico is a real ICO holding 16, 32 and 48 px PNGs", () => {
    const ico = file("public/favicon.ico");
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 3]);
    const sizes = [0, 1, 2].map((i) => {
      const entry = 6 + 16 * i;
      const png = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(png)).toEqual([ico[entry], ico[entry + 1]]);
      return ico[entry];
    });
    expect(sizes).toEqual([16, 32, 48]);
  });
});
