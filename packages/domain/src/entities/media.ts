import { z } from "zod";
import { AMBIANCE_SOUND_IDS, GALLERY_CATEGORIES } from "./media-constants.js";

export const AmbianceSoundSchema = z.object({
  id: z.enum(AMBIANCE_SOUND_IDS),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  /** Empty for "none". */
  src: z.string(),
});
export type AmbianceSound = z.infer<typeof AmbianceSoundSchema>;

export const GalleryImageSchema = z.object({
  id: z.number().int(),
  src: z.string(),
  alt: z.string(),
  category: z.enum(GALLERY_CATEGORIES),
});
export type GalleryImage = z.infer<typeof GalleryImageSchema>;
