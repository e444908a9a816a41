import { z } from "zod";
import { BookingTypeSchema } from "./booking.js";
import { StaffDateSchema } from "./day-sheet.js";

// R44: seating areas as staff see and edit them (GET/POST /api/areas, PATCH/DELETE /api/areas/{id}),
// and the room's timeline of a day (GET /api/occupancy).

export const AREA_SEATS = { min: 1, max: 500 } as const;

const name = z
  .string({ error: "name: Please give the area a name" })
  .trim()
  .min(1, { error: "name: Please give the area a name" })
  .max(60, { error: "name: Use at most 60 characters" });
const seats = z
  .number({ error: `seats: Use a whole number of seats from ${AREA_SEATS.min} to ${AREA_SEATS.max}` })
  .int({ error: `seats: Use a whole number of seats from ${AREA_SEATS.min} to ${AREA_SEATS.max}` })
  .min(AREA_SEATS.min, { error: `seats: Use a whole number of seats from ${AREA_SEATS.min} to ${AREA_SEATS.max}` })
  .max(AREA_SEATS.max, { error: `seats: Use a whole number of seats from ${AREA_SEATS.min} to ${AREA_SEATS.max}` });
const bookingTypes = z
  .array(BookingTypeSchema, { error: "bookingTypes: Choose the booking types that sit here, e.g. afternoonTea, table" })
  .min(1, { error: "bookingTypes: Choose at least one booking type that sits here" })
  .transform((types) => [...new Set(types)]);
const position = z.number({ error: "position: Use a whole number" }).int({ error: "position: Use a whole number" }).min(0).max(1000);

/** One area as the API answers it. */
export const AreaSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  seats: z.number().int(),
  bookingTypes: z.array(BookingTypeSchema),
  /** Its place in the order areas are filled, lowest first. */
  position: z.number().int(),
  /** A Secret Garden spot's own area (its booking types are fixed); null for the others. */
  gardenSpotId: z.string().nullable(),
});
export type AreaView = z.infer<typeof AreaSchema>;

/** POST /api/areas. */
export const AreaCreateSchema = z.object({ name, seats, bookingTypes, position: position.optional() });
export type AreaCreate = z.infer<typeof AreaCreateSchema>;

/** PATCH /api/areas/{id}: any of the fields. */
export const AreaUpdateSchema = z.object({
  name: name.optional(),
  seats: seats.optional(),
  bookingTypes: bookingTypes.optional(),
  position: position.optional(),
});
export type AreaUpdate = z.infer<typeof AreaUpdateSchema>;

/** GET /api/occupancy?date=YYYY-MM-DD. */
export const OccupancyQuerySchema = z.object({ date: StaffDateSchema });

/** GET /api/occupancy: each area's seats taken at every 15-minute step of the day's opening. */
export const OccupancySchema = z.object({
  date: z.string(),
  areas: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      seats: z.number().int(),
      steps: z.array(z.object({ time: z.string(), seatsTaken: z.number().int() })),
    }),
  ),
});
export type OccupancyView = z.infer<typeof OccupancySchema>;
