/**
 * The gallery's illustrations (also the home page's figures) are drawn as SVG and served as WebP renders at these widths
 * (scripts/rasterize-illustrations.mjs reads this file): an SVG image is parsed and painted on a
 * phone's main thread, a WebP is decoded off it. Every SVG named below has a render per width.
 */
export const RASTER_WIDTHS = [720, 960, 1280, 1920];

export const ILLUSTRATIONS = [
  "/images/gallery/house-front.svg",
  "/images/gallery/tearoom-interior.svg",
  "/images/gallery/garden-roses.svg",
  "/images/gallery/house-lawn.svg",
  "/images/gallery/tearoom-tea.svg",
  "/images/gallery/garden-pond.svg",
  "/images/gallery/house-porch.svg",
  "/images/gallery/tearoom-window.svg",
  "/images/gallery/garden-walled.svg",
] as const;

export type Illustration = (typeof ILLUSTRATIONS)[number];

/** `src` and `srcSet` for an <img> of an illustration; pair with a `sizes` that says how wide it is shown. */
export function illustrationSources(svg: Illustration): { src: string; srcSet: string } {
  const base = svg.replace(/\.svg$/, "");
  return { src: `${base}-1280.webp`, srcSet: RASTER_WIDTHS.map((w) => `${base}-${w}.webp ${w}w`).join(", ") };
}
