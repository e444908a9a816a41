import type { GalleryImage } from "@tearoom/domain";
import type { Illustration } from "../../lib/illustrations";

export interface GalleryPicture extends GalleryImage {
  /** The SVG source; pages show its WebP renders (lib/illustrations.ts). */
  src: Illustration;
  caption: string;
}

/** The nine gallery pictures (spec: grid of 9), our own illustrations (R20), drawn at 1200×900. */
export const GALLERY_IMAGES: GalleryPicture[] = [
  {
    id: 1,
    src: "/images/gallery/house-front.svg",
    category: "house",
    alt: "The south front of the red-brick house with tall chimneys, sash windows and a gravel sweep",
    caption: "The south front, built in 1712 and little changed since",
  },
  {
    id: 2,
    src: "/images/gallery/tearoom-interior.svg",
    category: "tearoom",
    alt: "The tearoom's dining room with laid tables, tall windows and a garden view",
    caption: "The tearoom, in the old coach house",
  },
  {
    id: 3,
    src: "/images/gallery/garden-roses.svg",
    category: "garden",
    alt: "A rose arch leading into a garden of pink and crimson old English roses",
    caption: "The rose garden in high summer",
  },
  {
    id: 4,
    src: "/images/gallery/house-lawn.svg",
    category: "house",
    alt: "The house seen across the lawns between clipped yew topiary",
    caption: "The house across the great lawn",
  },
  {
    id: 5,
    src: "/images/gallery/tearoom-tea.svg",
    category: "tearoom",
    alt: "A three-tier stand of sandwiches, scones and cakes beside a floral teapot",
    caption: "Afternoon tea, served on vintage china",
  },
  {
    id: 6,
    src: "/images/gallery/garden-pond.svg",
    category: "garden",
    alt: "A lily pond with a timber pavilion and a small stone fountain",
    caption: "The lily pond and pavilion",
  },
  {
    id: 7,
    src: "/images/gallery/house-porch.svg",
    category: "house",
    alt: "The front door under a stone porch draped with purple wisteria",
    caption: "Wisteria over the front porch in May",
  },
  {
    id: 8,
    src: "/images/gallery/tearoom-window.svg",
    category: "tearoom",
    alt: "A window seat with cushions looking out over the walled garden",
    caption: "A window seat over the walled garden",
  },
  {
    id: 9,
    src: "/images/gallery/garden-walled.svg",
    category: "garden",
    alt: "Deep herbaceous borders inside an old brick walled garden",
    caption: "The walled kitchen garden and borders",
  },
];
