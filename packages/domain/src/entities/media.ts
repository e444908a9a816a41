import { z } from "zod";

export const AMBIANCE_SOUND_IDS = ["birdsong", "water", "breeze", "garden-music", "none"] as const;
export const AmbianceSoundSchema = z.object({
  id: z.enum(AMBIANCE_SOUND_IDS),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** Empty for "none". */
  src: z.string(),
});
export type AmbianceSound = z.infer<typeof AmbianceSoundSchema>;

export const GALLERY_CATEGORIES = ["garden", "tearoom", "house"] as const;
export const GalleryImageSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  alt: z.string(),
  category: z.enum(GALLERY_CATEGORIES),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;
/** Filter labels in order; value "all" shows every image. */
export const GALLERY_FILTERS = [
  { value: "all", label: "All" },
  { value: "house", label: "House" },
  { value: "tearoom", label: "Tearoom" },
  { value: "garden", label: "Gardens" },
] as const;
