import { z } from "zod";

/** A garden spot (spec section 3); positions are percentages on the map. */
export const GardenSpotSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  x: z.number(),
  y: z.number(),
  capacity: z.number().int(),
  isAvailable: z.boolean(),
  isPrivate: z.boolean(),
});
export type GardenSpot = z.infer<typeof GardenSpotSchema>;

/** The five spots of spec section 3, all available (seed data). */
export const SEED_GARDEN_SPOTS: GardenSpot[] = [
  {
    id: "rose-garden",
    name: "The Rose Garden",
    description: "A secluded bower of old English roses, scented from June to September, with a wrought-iron table for an intimate tea.",
    image: "/images/spots/rose-garden.svg",
    x: 24,
    y: 30,
    capacity: 4,
    isAvailable: true,
    isPrivate: true,
  },
  {
    id: "pond-pavilion",
    name: "The Pond Pavilion",
    description: "An open timber pavilion beside the lily pond, where dragonflies skim the water and the fountain murmurs.",
    image: "/images/spots/pond-pavilion.svg",
    x: 62,
    y: 58,
    capacity: 6,
    isAvailable: true,
    isPrivate: false,
  },
  {
    id: "wisteria-terrace",
    name: "Wisteria Terrace",
    description: "The stone terrace under the great wisteria, with long views across the lawns to the ha-ha.",
    image: "/images/spots/wisteria-terrace.svg",
    x: 46,
    y: 22,
    capacity: 8,
    isAvailable: true,
    isPrivate: false,
  },
  {
    id: "secret-alcove",
    name: "The Secret Alcove",
    description: "A hidden yew-hedged nook for two, reached by a mossy path behind the walled garden.",
    image: "/images/spots/secret-alcove.svg",
    x: 14,
    y: 72,
    capacity: 2,
    isAvailable: true,
    isPrivate: true,
  },
  {
    id: "manor-view",
    name: "Manor View",
    description: "A sunny lawn table facing the south front of the house, perfect for admiring the old brickwork.",
    image: "/images/spots/manor-view.svg",
    x: 80,
    y: 30,
    capacity: 4,
    isAvailable: true,
    isPrivate: false,
  },
];
