import { placeStay, roomOf, type Area, type BookingType, type Placement, type Room, type Settings } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/database.js";
import type { BookingRow } from "../../db/schema.js";
import { listAreas, toArea } from "../data/areas.js";
import { listDayStays } from "../data/bookings.js";

// R44: the room every capacity check reads: the areas as stored and each type's stay and pacing
// from the settings. The booking write reads the areas again inside its transaction
// (bookings/services/booking-write-decision.ts); availability and staff screens read them here.

const CACHE_KEY = "areas";

/** The areas, kept in memory until one changes through this server (and for a second on PostgreSQL). */
export async function getAreas(ctx: AppContext): Promise<readonly Area[]> {
  const cached = ctx.cache.get(CACHE_KEY) as readonly Area[] | undefined;
  if (cached) return cached;
  const areas = Object.freeze((await listAreas(ctx.db)).map(toArea));
  ctx.cache.set(CACHE_KEY, areas);
  return areas;
}

/** For the services that change areas: the kept list is stale. */
export function invalidateAreas(ctx: AppContext): void {
  ctx.cache.delete(CACHE_KEY);
}

// Areas and settings are values (a new one after any change), so a room is built once per pair.
const rooms = new WeakMap<readonly Area[], WeakMap<Settings, Room>>();

/** The room under `settings` (as getSettingsMap gave them). */
export async function getRoom(ctx: AppContext, settings: Settings): Promise<Room> {
  const areas = await getAreas(ctx);
  let bySettings = rooms.get(areas);
  if (!bySettings) rooms.set(areas, (bySettings = new WeakMap()));
  let room = bySettings.get(settings);
  if (!room) bySettings.set(settings, (room = roomOf(areas, settings)));
  return room;
}

/** What a changed booking becomes: its new date, time and party. */
export interface StayChange {
  date: string;
  time: string;
  guests: number;
}

/**
 * R44's check of a booking changed to `next` (a guest's or staff's change, a lapsed hold paid after
 * all) against the rest of its new day, read in `db` (the change's transaction): it keeps its area
 * when it still fits there. Build `room` before the transaction (getRoom reads on the connection).
 */
export async function placeChange(db: DbOrTx, room: Room, row: BookingRow, next: StayChange, now: Date): Promise<Placement> {
  const others = await listDayStays(db, next.date, row.id);
  return placeStay(
    room,
    others,
    {
      type: row.type as BookingType,
      date: next.date,
      time: next.time,
      guests: next.guests,
      minutes: row.stay_minutes,
      gardenSpotId: row.garden_spot_id,
      preferredAreaId: row.area_id,
    },
    now,
  );
}

/** The area to store after `placeChange`: where it fits, or (staff saving over a warning) where it was. */
export const areaAfter = (row: BookingRow, placed: Placement): number | null => (placed.problem ? (row.area_id ?? placed.areaId) : placed.areaId);
