import type { z } from "zod";
import type { Area } from "./capacity/room.js";
import { SEED_GARDEN_SPOTS } from "./entities/garden-spot.js";
import { fieldErrors } from "./errors.js";

/** Field → first message of a parse that must fail (test helper). */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected ${JSON.stringify(input)} to be refused, got ${JSON.stringify(result.data)}`);
  return fieldErrors(result.error);
}

/** The seeded room's areas (R44, migration 021): the Tearoom and Terrace, the Lawn, each garden spot its own (test helper). */
export const SEED_AREAS: Area[] = [
  { id: 1, name: "Tearoom", seats: 36, bookingTypes: ["afternoonTea", "table"], position: 1, gardenSpotId: null, isPrivate: false },
  { id: 2, name: "Terrace", seats: 16, bookingTypes: ["afternoonTea", "table"], position: 2, gardenSpotId: null, isPrivate: false },
  { id: 3, name: "Lawn", seats: 12, bookingTypes: ["picnicHamper"], position: 3, gardenSpotId: null, isPrivate: false },
  ...SEED_GARDEN_SPOTS.map((s, i) => ({
    id: 10 + i,
    name: s.name,
    seats: s.capacity,
    bookingTypes: ["secretGarden" as const],
    position: 10 + i,
    gardenSpotId: s.id,
    isPrivate: s.isPrivate,
  })),
];
