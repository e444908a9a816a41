import { fromMinutes, londonNow, visitMinutes, type AdminBookingCreate, type Booking, type WalkIn } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { BadRequestError } from "../../errors.js";
import type { Actor } from "../../staff/services/audit.js";
import { getSettingsMap } from "./booking-settings.js";
import { createBooking } from "./bookings.js";
import { getAreas } from "./room.js";

/**
 * POST /api/walk-ins (R44): a party at the door, seated today now (or at `time`) for the table
 * stay (or `minutes`), in the area staff chose or the first with room. It is a table booking
 * already arrived, with no e-mail and no reminder. Where the room has no seats for it the answer is
 * R29's warning (409) unless `force`; booking times and pacing do not apply to it.
 */
export async function seatWalkIn(ctx: AppContext, input: WalkIn, actor: Actor): Promise<Booking> {
  const now = ctx.now();
  const london = londonNow(now);
  if (input.areaId !== undefined && !(await getAreas(ctx)).some((a) => a.id === input.areaId && a.gardenSpotId === null))
    throw new BadRequestError("areaId: Choose one of the seating areas");
  const settings = await getSettingsMap(ctx);
  const request: AdminBookingCreate = {
    type: "table",
    date: london.date,
    time: input.time ?? fromMinutes(london.minutes),
    guests: input.guests,
    name: input.name || "Walk-in",
    // A walk-in leaves no contact details: nothing is ever e-mailed for it.
    email: "",
    phone: "",
    sendConfirmation: false,
    acceptWarnings: input.force,
  } as AdminBookingCreate;
  const { booking } = await createBooking(ctx, request, {
    status: "confirmed",
    source: "admin",
    actor,
    walkIn: {
      stayMinutes: input.minutes ?? visitMinutes("table", settings),
      ...(input.areaId !== undefined ? { areaId: input.areaId } : {}),
      ...(input.tableLabel ? { tableLabel: input.tableLabel } : {}),
    },
  });
  return booking;
}
