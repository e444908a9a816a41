import {
  formatLongDate,
  formatTime12h,
  hoursOn,
  londonNow,
  occupancyTimeline,
  parseSetting,
  secretGardenWindow,
  withDefaults,
  type Area,
  type AreaCreate,
  type AreaUpdate,
  type AreaView,
  type OccupancyView,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import type { AreaRow } from "../../db/schema.js";
import { areaHasClosuresAhead, deleteArea, findArea, insertArea, listAreas, sittingsInArea, standingInArea, toArea, updateArea } from "../data/areas.js";
import { listDayStays } from "../data/bookings.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { getSettingsMap } from "./booking-settings.js";
import { getRoom, invalidateAreas } from "./room.js";

// R44: staff's seating areas, and the day's room at a glance. Each change and its audit record
// (R40) commit together; the booking write reads the areas afresh inside its own transaction.

const view = ({ id, name, seats, bookingTypes, position, gardenSpotId }: Area): AreaView => ({
  id,
  name,
  seats,
  bookingTypes: [...bookingTypes],
  position,
  gardenSpotId,
});
const state = (a: Area) => ({ name: a.name, seats: a.seats, bookingTypes: [...a.bookingTypes], position: a.position });
const subject = (a: Area) => `Area ${a.id} (${a.name})`;

/** GET /api/areas: every area in the order they are filled. */
export async function listAreaViews(ctx: AppContext): Promise<AreaView[]> {
  return (await listAreas(ctx.db)).map(toArea).map(view);
}

/** Refuses (400) booking types an ordinary area cannot take: the Secret Garden sits at its spots. */
function checkTypes(types: readonly string[] | undefined): void {
  if (types?.includes("secretGarden")) throw new BadRequestError("bookingTypes: Secret Garden bookings sit at their garden spot, each its own area");
}

/** POST /api/areas: a new area, after the others unless a position is given. */
export async function createArea(ctx: AppContext, input: AreaCreate, actor: Actor): Promise<AreaView> {
  checkTypes(input.bookingTypes);
  const now = ctx.now().toISOString();
  const area = await immediateTransaction(ctx.db, async (tx) => {
    const all = await listAreas(tx);
    const ordinary = all.filter((a) => a.garden_spot_id === null);
    if (all.some((a) => a.name.toLowerCase() === input.name.toLowerCase())) throw new ConflictError(`There is already an area called ${input.name}.`);
    const position = input.position ?? Math.max(0, ...ordinary.map((a) => a.position)) + 1;
    const row = await insertArea(tx, {
      name: input.name,
      seats: input.seats,
      booking_types: JSON.stringify(input.bookingTypes),
      position,
      garden_spot_id: null,
      is_private: 0,
      created_at: now,
      updated_at: now,
    });
    const area = toArea(row);
    await recordAudit(tx, { at: now, actor, action: "area.create", subject: subject(area), before: null, after: state(area) });
    return area;
  });
  invalidateAreas(ctx);
  return view(area);
}

async function existing(db: Parameters<typeof findArea>[0], id: number): Promise<AreaRow> {
  const row = await findArea(db, id);
  if (!row) throw new NotFoundError(`Area ${id} not found`);
  return row;
}

/** PATCH /api/areas/{id}. A garden spot's area keeps its booking type. Fewer seats never moves a booking. */
export async function changeArea(ctx: AppContext, id: number, input: AreaUpdate, actor: Actor): Promise<AreaView> {
  const now = ctx.now().toISOString();
  const area = await immediateTransaction(ctx.db, async (tx) => {
    const before = toArea(await existing(tx, id));
    if (before.gardenSpotId !== null && input.bookingTypes && input.bookingTypes.join() !== "secretGarden")
      throw new BadRequestError(`bookingTypes: ${before.name} is a Secret Garden spot; only Secret Garden bookings sit there`);
    if (before.gardenSpotId === null) checkTypes(input.bookingTypes);
    if (input.name && input.name.toLowerCase() !== before.name.toLowerCase()) {
      const clash = (await listAreas(tx)).some((a) => a.id !== id && a.name.toLowerCase() === input.name!.toLowerCase());
      if (clash) throw new ConflictError(`There is already an area called ${input.name}.`);
    }
    const row = await updateArea(tx, id, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.seats !== undefined ? { seats: input.seats } : {}),
      ...(input.bookingTypes !== undefined ? { booking_types: JSON.stringify(input.bookingTypes) } : {}),
      ...(input.position !== undefined ? { position: input.position } : {}),
      updated_at: now,
    });
    const after = toArea(row!);
    await recordAudit(tx, { at: now, actor, action: "area.update", subject: subject(after), before: state(before), after: state(after) });
    return after;
  });
  invalidateAreas(ctx);
  return view(area);
}

/** DELETE /api/areas/{id}: refused (409) while bookings ahead or event sittings sit in it, naming them; a spot's area goes with its spot. */
export async function removeArea(ctx: AppContext, id: number, actor: Actor): Promise<void> {
  const now = ctx.now();
  await immediateTransaction(ctx.db, async (tx) => {
    const area = toArea(await existing(tx, id));
    if (area.gardenSpotId !== null) throw new ConflictError(`${area.name} is a Secret Garden spot and cannot be removed; set its seats instead.`);
    const today = londonNow(now).date;
    if (await areaHasClosuresAhead(tx, id, today))
      throw new ConflictError(`${area.name} has a closed part of a day ahead. Open it again before removing the area.`);
    const ahead = await standingInArea(tx, id, today);
    if (ahead.length > 0) {
      const named = ahead.slice(0, 5).map((b) => `${b.reference} (${formatLongDate(b.date)}, ${formatTime12h(b.time)})`);
      const more = ahead.length > 5 ? ` and ${ahead.length - 5} more` : "";
      throw new ConflictError(
        `${area.name} has ${ahead.length} booking${ahead.length === 1 ? "" : "s"} ahead: ${named.join(", ")}${more}. Move or cancel them before removing the area.`,
      );
    }
    // R53: a sitting keeps its area (the room counts its seats there, its orders sit there).
    const sittings = await sittingsInArea(tx, id);
    if (sittings.length > 0) {
      const named = sittings.slice(0, 5).map((x) => `${x.name} on ${formatLongDate(x.date)} at ${formatTime12h(x.time)}`);
      const more = sittings.length > 5 ? ` and ${sittings.length - 5} more` : "";
      throw new ConflictError(
        `${area.name} has ${sittings.length} event sitting${sittings.length === 1 ? "" : "s"}: ${named.join(", ")}${more}. Move ${sittings.length === 1 ? "it" : "them"} to another area or remove ${sittings.length === 1 ? "it" : "them"} before removing the area.`,
      );
    }
    await deleteArea(tx, id);
    await recordAudit(tx, { at: now.toISOString(), actor, action: "area.delete", subject: subject(area), before: state(area), after: null });
  });
  invalidateAreas(ctx);
}

/**
 * GET /api/occupancy: each area's seats taken at every 15-minute step of the day's opening hours (R45);
 * a garden spot's over the Secret Garden's own times. Bookings made over a warning outside those
 * hours widen the window, so no seat taken is ever left off the chart.
 */
export async function getOccupancy(ctx: AppContext, date: string): Promise<OccupancyView> {
  const settings = withDefaults(await getSettingsMap(ctx));
  const [room, stays] = await Promise.all([getRoom(ctx, settings), listDayStays(ctx.db, date)]);
  // The day's own hours (R45); a closed day shows the usual hours, for any booking staff kept on it.
  const { open, close } = hoursOn(settings, date) ?? { open: parseSetting(settings, "opening_time"), close: parseSetting(settings, "closing_time") };
  const garden = secretGardenWindow(room, settings);
  return { date, areas: occupancyTimeline(room, stays, (area) => (area.gardenSpotId ? garden : [open, close]), ctx.now()) };
}
