// Kept apart from the schemas in media.ts (and free of zod): a screen that needs only these, such as
// the gallery, then neither loads zod nor builds the schemas.

export const AMBIANCE_SOUND_IDS = ["birdsong", "water", "breeze", "garden-music", "none"] as const;

export const GALLERY_CATEGORIES = ["garden", "tearoom", "house"] as const;
/** Filter labels in order; value "all" shows every image. */
export const GALLERY_FILTERS = [
  { value: "all", label: "All" },
  { value: "house", label: "House" },
  { value: "tearoom", label: "Tearoom" },
  { value: "garden", label: "Gardens" },
] as const;
