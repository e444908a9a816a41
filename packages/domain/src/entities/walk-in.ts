import { z } from "zod";
import { GUEST_LIMITS } from "../constants.js";
import { timeOfDay } from "./common.js";
import { TABLE_LABEL_MAX } from "./booking.js";

/**
 * POST /api/walk-ins (R44): a party seated now, or at a time today, in an area staff choose or the
 * first with room; a table booking already arrived. `force` seats it even where the room has no
 * seats for it (R29).
 */
export const WalkInSchema = z.object({
  guests: z
    .number({ error: `guests: Use a whole number of guests from 1 to ${GUEST_LIMITS.admin.max}` })
    .int({ error: `guests: Use a whole number of guests from 1 to ${GUEST_LIMITS.admin.max}` })
    .min(1, { error: `guests: Use a whole number of guests from 1 to ${GUEST_LIMITS.admin.max}` })
    .max(GUEST_LIMITS.admin.max, { error: `guests: Use a whole number of guests from 1 to ${GUEST_LIMITS.admin.max}` }),
  areaId: z.number({ error: "areaId: Choose one of the seating areas" }).int({ error: "areaId: Choose one of the seating areas" }).positive().optional(),
  time: timeOfDay("time: Use a 24-hour time such as 14:30").optional(),
  minutes: z
    .number({ error: "minutes: Use a whole number of minutes from 15 to 360" })
    .int({ error: "minutes: Use a whole number of minutes from 15 to 360" })
    .min(15, { error: "minutes: Use a whole number of minutes from 15 to 360" })
    .max(360, { error: "minutes: Use a whole number of minutes from 15 to 360" })
    .optional(),
  name: z.string({ error: "name: Must be text" }).trim().max(100, { error: "name: Must be at most 100 characters" }).optional(),
  tableLabel: z
    .string({ error: "tableLabel: Must be text" })
    .trim()
    .max(TABLE_LABEL_MAX, { error: `tableLabel: Must be at most ${TABLE_LABEL_MAX} characters` })
    .optional(),
  force: z.boolean({ error: "force must be true or false" }).default(false),
});
export type WalkIn = z.infer<typeof WalkInSchema>;
