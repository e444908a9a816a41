import type { BookingType } from "../entities/booking.js";
import { withDefaults } from "../entities/setting-values.js";
import { visitMinutes } from "../visits/visit.js";
import { formatLongDate, formatTime12h, fromMinutes, toMinutes } from "../opening-hours/london-time.js";
import { capacityPerSlot, slotTimes, type Settings } from "../opening-hours/rules.js";
import { occupiesSeats, plural, type Occupancy } from "./capacity.js";

// R44: the room. Seats belong to areas (the Tearoom, the Terrace, the Lawn, each Secret Garden
// spot); a booking sits in one area from its start for its type's stay, and fits only when, at
// every 15-minute step of that stay, the seats already taken there plus its party stay within
// the area's seats. The old per-slot capacities remain as pacing: how many guests of a type may
// start at one time. Times are London wall-clock "HH:mm" on the booking's date, so a clock change
// moves nothing: a stay from 14:00 to 16:00 is those steps whatever the offset.

/** The room's step: every stay is counted at each quarter hour it touches. */
export const STEP_MINUTES = 15;

/** A seating area (R44). */
export interface Area {
  id: number;
  name: string;
  seats: number;
  /** The booking types that draw seats from it, e.g. ["afternoonTea", "table"]. */
  bookingTypes: readonly BookingType[];
  /** Its place in the order areas are filled (lowest first). */
  position: number;
  /** A Secret Garden spot's own area; null for the others. */
  gardenSpotId: string | null;
  /** A private spot: one party takes it whole (R15). */
  isPrivate: boolean;
}

/** A booking as the room sees it. */
export interface Stay extends Occupancy {
  type: BookingType;
  /** The area it sits in; null for a booking from before areas (it counts in its type's first area). */
  areaId: number | null;
  /** Its own stay in minutes (a walk-in's); null or absent: its type's. */
  minutes?: number | null;
  /** A part-day closure of its area (R45): every seat, for its minutes; never a party starting (pacing). */
  blocks?: boolean;
}

/** A part of a day an area is closed (R45: a private party on the Terrace 14:00–17:00). */
export interface AreaClosureWindow {
  areaId: number;
  startTime: string;
  endTime: string;
  /**
   * R53: an event sitting's window takes only its tickets' seats (`seats`); null or absent: every
   * seat (a closure, or a sitting that closes its area).
   */
  seats?: number | null;
}

/**
 * Closed parts of the day as the room counts them: the area's every seat, over the window (a
 * sitting's window, R53: its tickets' seats, `guests`, unless it closes the area).
 */
export function closureStays(closures: readonly AreaClosureWindow[]): Stay[] {
  return closures.map((c) => ({
    type: "table",
    time: c.startTime,
    guests: c.seats ?? 0,
    status: "confirmed",
    areaId: c.areaId,
    minutes: Math.max(STEP_MINUTES, toMinutes(c.endTime) - toMinutes(c.startTime)),
    blocks: true,
  }));
}

/** Whether `stay` (in its area) overlaps the closed window `c`: the bookings a part-day closure affects. */
export function overlapsClosure(room: Room, stay: Stay, c: AreaClosureWindow): boolean {
  if ((stay.areaId ?? areasFor(room, stay.type, stay.gardenSpotId)[0]?.id) !== c.areaId) return false;
  const start = toMinutes(stay.time);
  return start < toMinutes(c.endTime) && start + stayMinutes(room, stay) > toMinutes(c.startTime);
}

/** Each type's stay and pacing, as the settings say: what the room rules read besides the areas. */
export interface RoomTiming {
  minutes: Readonly<Record<BookingType, number>>;
  /** Guests of a type who may start at one time; Secret Garden: none (its spots are its limit). */
  pacing: Readonly<Record<BookingType, number>>;
}

/** What the room rules read: the areas, in the order they are filled, and each type's timing. */
export interface Room extends RoomTiming {
  areas: readonly Area[];
}

// Settings maps are values (a new map after any change), so each one's timing is worked out once.
const timings = new WeakMap<Settings, RoomTiming>();

/** Each type's stay and pacing under `settings`. */
export function roomTiming(settingsIn: Settings): RoomTiming {
  let timing = timings.get(settingsIn);
  if (!timing) timings.set(settingsIn, (timing = timingOf(settingsIn)));
  return timing;
}

function timingOf(settingsIn: Settings): RoomTiming {
  const s = withDefaults(settingsIn);
  return {
    minutes: {
      afternoonTea: visitMinutes("afternoonTea", s),
      table: visitMinutes("table", s),
      picnicHamper: visitMinutes("picnicHamper", s),
      secretGarden: visitMinutes("secretGarden", s),
      event: visitMinutes("event", s),
    },
    pacing: {
      afternoonTea: capacityPerSlot(s, "afternoonTea"),
      table: capacityPerSlot(s, "table"),
      picnicHamper: capacityPerSlot(s, "picnicHamper"),
      // No pacing: a number, not Infinity, so that it travels to the writer thread and as JSON.
      secretGarden: Number.MAX_SAFE_INTEGER,
      // R53: a sitting's tickets are its limit.
      event: Number.MAX_SAFE_INTEGER,
    },
  };
}

/** Areas in the order they are filled: by position, then as they were made. */
export const inFillOrder = (areas: readonly Area[]): Area[] => [...areas].sort((a, b) => a.position - b.position || a.id - b.id);

/** The room of `areas` (stored in any order) with `timing`. */
export function roomWith(areas: readonly Area[], timing: RoomTiming): Room {
  return { areas: inFillOrder(areas), ...timing };
}

/** The room under `settings`: durations and pacing from the settings, `areas` as stored. */
export function roomOf(areas: readonly Area[], settings: Settings): Room {
  return roomWith(areas, roomTiming(settings));
}

/**
 * The areas a booking of `type` draws from, in the order they are filled: a Secret Garden
 * booking sits at its spot's area only; the others in the areas that take their type.
 */
export function areasFor(room: Room, type: BookingType, gardenSpotId?: string | null): Area[] {
  if (type === "secretGarden") return room.areas.filter((a) => a.gardenSpotId !== null && a.gardenSpotId === gardenSpotId);
  return room.areas.filter((a) => a.gardenSpotId === null && a.bookingTypes.includes(type));
}

/** A stay's minutes: its own, else its type's. */
export const stayMinutes = (room: Room, stay: Pick<Stay, "type" | "minutes">): number => stay.minutes ?? room.minutes[stay.type];

/** The area a stay counts in: its own, else (a booking from before areas) its type's first. */
function areaOf(room: Room, stay: Stay): number | null {
  return stay.areaId ?? areasFor(room, stay.type, stay.gardenSpotId)[0]?.id ?? null;
}

/** Steps kept per area: a day and a few hours past midnight (a late stay), 15 minutes each. */
const STEPS = 128;

/** The first step a stay touches and the step after its last, as step numbers of the day. */
function stepSpan(start: number, minutes: number): [number, number] {
  const first = Math.floor(start / STEP_MINUTES);
  return [first, Math.min(STEPS, Math.max(first + 1, Math.ceil((start + minutes) / STEP_MINUTES)))];
}

/** Seats taken in each area (by id) at each step of the day (step k is minute 15·k), by the stays that hold seats now. */
export type Taken = Map<number, Int32Array>;

/** Only these areas, over these steps: what one placement looks at. */
interface TakenFilter {
  areaIds: ReadonlySet<number>;
  fromStep: number;
  toStep: number;
}

/**
 * Seats taken per area and step. A day array per area, not a map per step: the booking write
 * counts a whole day's stays for each booking (`filter` narrows it to the areas and steps it asks about).
 */
export function seatsTaken(room: Room, stays: readonly Stay[], now: Date = new Date(), filter?: TakenFilter): Taken {
  const taken: Taken = new Map();
  for (const stay of stays) {
    const areaId = stay.areaId ?? areaOf(room, stay);
    if (areaId === null || (filter && !filter.areaIds.has(areaId))) continue;
    const [from, to] = stepSpan(toMinutes(stay.time), stayMinutes(room, stay));
    if (filter && (to <= filter.fromStep || from >= filter.toStep)) continue;
    if (!occupiesSeats(stay, now)) continue;
    const area = stay.blocks || stay.type === "secretGarden" ? room.areas.find((a) => a.id === areaId) : undefined;
    // A private spot is the whole spot's, whatever the party (R15); a closed part of the day every
    // seat; an event sitting's window (R53) its tickets'.
    const seats = stay.blocks && stay.guests > 0 ? stay.guests : stay.blocks || area?.isPrivate ? (area?.seats ?? 0) : stay.guests;
    let steps = taken.get(areaId);
    if (!steps) taken.set(areaId, (steps = new Int32Array(STEPS)));
    for (let k = from; k < to; k++) steps[k]! += seats;
  }
  return taken;
}

/** The most guests that still fit in `area` for a stay from `time` for `minutes` (0 when none). */
export function areaRoom(area: Area, taken: Taken, time: string, minutes: number): number {
  const steps = taken.get(area.id);
  if (!steps) return area.seats;
  const [from, to] = stepSpan(toMinutes(time), minutes);
  if (area.isPrivate) {
    for (let k = from; k < to; k++) if (steps[k]! > 0) return 0;
    return area.seats;
  }
  let most = 0;
  for (let k = from; k < to; k++) most = Math.max(most, steps[k]!);
  return Math.max(0, area.seats - most);
}

/** Guests of `type` already starting at `time` (pacing). */
function startingAt(stays: readonly Stay[], type: BookingType, time: string, now: Date): number {
  let n = 0;
  for (const s of stays) if (!s.blocks && s.type === type && s.time === time && occupiesSeats(s, now)) n += s.guests;
  return n;
}

/** A booking being placed: its type, start, party, and what may pin it. */
export interface StayClaim {
  type: BookingType;
  date: string;
  time: string;
  guests: number;
  /** Its own stay (a walk-in's); absent: its type's. */
  minutes?: number | null;
  gardenSpotId?: string | null;
  /** The area tried first (a booking being changed keeps its area when it can). */
  preferredAreaId?: number | null;
  /** Only this area (staff seating a walk-in where they chose). */
  areaId?: number | null;
  /** False for a walk-in: pacing is for parties booked ahead, a party at the door sits where there is room. */
  paced?: boolean;
}

/** What the room says of a claim: where it sits, or why it does not fit. */
export interface Placement {
  /** The area it fits in, or the one it would go over in (first in order) when it does not fit. */
  areaId: number | null;
  /** The most guests of this type that fit at this time (occupancy and pacing). */
  remaining: number;
  /** Null when it fits; else the message a visitor gets. */
  problem: string | null;
}

function candidates(room: Room, claim: StayClaim): Area[] {
  const areas = areasFor(room, claim.type, claim.gardenSpotId);
  if (claim.areaId != null) return room.areas.filter((a) => a.id === claim.areaId);
  const preferred = areas.findIndex((a) => a.id === claim.preferredAreaId);
  return preferred > 0 ? [areas[preferred]!, ...areas.filter((_, i) => i !== preferred)] : areas;
}

/** Where a claim would sit and how many of its type fit: `placeStay` without its message. */
function fit(room: Room, stays: readonly Stay[], claim: StayClaim, now: Date, taken?: Taken): { areas: Area[]; at: number; remaining: number } {
  const areas = candidates(room, claim);
  const minutes = claim.minutes ?? room.minutes[claim.type];
  const [fromStep, toStep] = stepSpan(toMinutes(claim.time), minutes);
  const seats = taken ?? seatsTaken(room, stays, now, { areaIds: new Set(areas.map((a) => a.id)), fromStep, toStep });
  const pacingLeft = claim.paced === false ? Number.MAX_SAFE_INTEGER : room.pacing[claim.type] - startingAt(stays, claim.type, claim.time, now);
  const fits = areas.map((area) => areaRoom(area, seats, claim.time, minutes));
  const remaining = fits.length ? Math.max(0, Math.min(pacingLeft, Math.max(...fits))) : 0;
  const at = claim.guests <= pacingLeft ? fits.findIndex((n) => n >= claim.guests) : -1;
  return { areas, at, remaining };
}

/**
 * R44's check of a new, moved or grown booking against the others of its day (leave the booking
 * itself out of `stays`): the first area, in order, where the party fits at every step of its
 * stay, and within the type's pacing. The messages are those visitors have always had.
 */
export function placeStay(room: Room, stays: readonly Stay[], claim: StayClaim, now: Date = new Date(), taken?: Taken): Placement {
  // A Secret Garden booking without a spot (staff may leave it open) has nothing to check yet.
  if (claim.type === "secretGarden" && !claim.gardenSpotId && claim.areaId == null) return { areaId: null, remaining: claim.guests, problem: null };
  const { areas, at, remaining } = fit(room, stays, claim, now, taken);
  if (at >= 0) return { areaId: areas[at]!.id, remaining, problem: null };
  return { areaId: areas[0]?.id ?? null, remaining, problem: areas.length === 0 ? noArea(claim) : fullMessage(claim, areas, remaining) };
}

const when = (claim: StayClaim) => `${formatTime12h(claim.time)} on ${formatLongDate(claim.date)}`;

function noArea(claim: StayClaim): string {
  return `There is no seating area for this booking at ${when(claim)}. Please choose another time or location.`;
}

function fullMessage(claim: StayClaim, areas: readonly Area[], left: number): string {
  if (claim.type === "secretGarden") {
    const spot = areas[0]!;
    if (spot.isPrivate && left === 0) return `${spot.name} is already booked at ${when(claim)}. Please choose another time or location.`;
    return left === 0
      ? `${spot.name} is fully booked at ${when(claim)}. Please choose another time or location.`
      : `Only ${plural(left, "place")} left at ${spot.name} at ${when(claim)}. Please choose fewer guests or another time.`;
  }
  return left <= 0
    ? `The ${formatTime12h(claim.time)} slot on ${formatLongDate(claim.date)} is fully booked. Please choose another time.`
    : `Only ${plural(left, "place")} left at ${when(claim)}. Please choose fewer guests or another time.`;
}

/**
 * The most guests of `type` that still fit at each of `times` (GET /api/availability): the best
 * area's room for the type's stay, capped by pacing. With `gardenSpotId`, that spot's area only.
 */
export function remainingByTime(
  room: Room,
  stays: readonly Stay[],
  type: BookingType,
  times: readonly string[],
  now: Date = new Date(),
  gardenSpotId?: string | null,
): { time: string; remaining: number }[] {
  const taken = seatsTaken(room, stays, now);
  return times.map((time) => ({ time, remaining: fit(room, stays, { type, date: "", time, guests: 1, gardenSpotId }, now, taken).remaining }));
}

/** One area's seats taken at each 15-minute step from `from` up to (not including) `to`. */
export interface AreaTimeline {
  id: number;
  name: string;
  seats: number;
  steps: { time: string; seatsTaken: number }[];
}

/**
 * GET /api/occupancy: each area's seats taken at every step of its window (`windowOf`, "HH:mm"
 * from and to), widened to any stay of its that starts before or ends after it (a staff booking
 * saved over a warning), so no seat taken is left off.
 */
export function occupancyTimeline(
  room: Room,
  stays: readonly Stay[],
  windowOf: (area: Area) => readonly [string, string],
  now: Date = new Date(),
): AreaTimeline[] {
  const taken = seatsTaken(room, stays, now);
  return room.areas.map((area) => {
    const [from, to] = windowOf(area);
    const steps = taken.get(area.id);
    const used = steps ? [...steps.keys()].filter((k) => steps[k] !== 0) : [];
    const start = Math.min(Math.floor(toMinutes(from) / STEP_MINUTES), ...used);
    const end = Math.max(Math.ceil(toMinutes(to) / STEP_MINUTES), ...used.map((k) => k + 1));
    const out: AreaTimeline["steps"] = [];
    for (let k = start; k < end; k++) out.push({ time: fromMinutes(k * STEP_MINUTES), seatsTaken: steps?.[k] ?? 0 });
    return { id: area.id, name: area.name, seats: area.seats, steps: out };
  });
}

/** The Secret Garden's window on the room's clock: its first time to the end of its last stay. */
export function secretGardenWindow(room: Room, settings: Settings): readonly [string, string] {
  const times = slotTimes(settings, "secretGarden");
  if (times.length === 0) return ["12:00", "12:00"];
  return [times[0]!, fromMinutes(toMinutes(times[times.length - 1]!) + room.minutes.secretGarden)];
}
