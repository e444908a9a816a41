import {
  areaRoom,
  fromMinutes,
  londonNow,
  minutesUntil,
  salesClosed,
  seatsTaken,
  slugOf,
  ticketsLeft,
  toMinutes,
  withDefaults,
  type Event,
  type EventCreate,
  type EventUpdate,
  type PublicEvent,
  type Sitting,
  type SittingCreate,
  type SittingUpdate,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import type { EventRow, SittingRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { getRoom } from "../../bookings/services/room.js";
import {
  dayStaysBesideSitting,
  deleteSitting,
  findEvent,
  findEventBySlug,
  findSitting,
  insertEvent,
  insertSitting,
  listEvents,
  listSittings,
  ticketsBooked,
  updateEvent,
  updateSitting,
  type SittingWithSold,
} from "../data/events.js";

// R53: staff's events and sittings, and what the public "What's on" page reads. Each change and
// its audit record (R40) commit together.

function sittingView(row: SittingWithSold): Sitting {
  return {
    id: row.id,
    eventId: row.event_id,
    date: row.date,
    time: row.time,
    minutes: row.minutes,
    tickets: row.tickets,
    areaId: row.area_id,
    perOrderLimit: row.per_order_limit,
    salesCutoffMinutes: row.sales_cutoff_minutes,
    question: row.question,
    closesArea: row.closes_area === 1,
    ticketsSold: row.sold,
    ticketsLeft: ticketsLeft(row.tickets, row.sold),
  };
}

function eventView(row: EventRow, sittings: readonly SittingWithSold[]): Event {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    pricePence: row.price_pence,
    published: row.published === 1,
    sittings: sittings.filter((s) => s.event_id === row.id).map(sittingView),
  };
}

function publicView(row: EventRow, sittings: readonly SittingWithSold[], now: Date): PublicEvent {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    description: row.description,
    imageUrl: row.image_url,
    pricePence: row.price_pence,
    sittings: sittings
      .filter((s) => s.event_id === row.id && minutesUntil(s, now) > 0)
      .map((s) => ({
        id: s.id,
        date: s.date,
        time: s.time,
        minutes: s.minutes,
        ticketsLeft: ticketsLeft(s.tickets, s.sold),
        perOrderLimit: s.per_order_limit,
        question: s.question,
        salesClosed: salesClosed({ date: s.date, time: s.time, salesCutoffMinutes: s.sales_cutoff_minutes }, now),
      })),
  };
}

/** GET /api/events: the published events with sittings still to start, each with its tickets left. */
export async function listPublicEvents(ctx: AppContext): Promise<PublicEvent[]> {
  const now = ctx.now();
  const events = await listEvents(ctx.db, { publishedOnly: true });
  const sittings = await listSittings(ctx.db, { eventIds: events.map((e) => e.id), fromDate: londonNow(now).date, nowIso: now.toISOString() });
  return events.map((e) => publicView(e, sittings, now)).filter((e) => e.sittings.length > 0);
}

/** GET /api/events/{slug}: one published event (404 for none, or one not published). */
export async function getPublicEvent(ctx: AppContext, slug: string): Promise<PublicEvent> {
  const now = ctx.now();
  const row = await findEventBySlug(ctx.db, slug);
  if (!row || row.published !== 1) throw new NotFoundError("There is no such event on sale.");
  const sittings = await listSittings(ctx.db, { eventIds: [row.id], fromDate: londonNow(now).date, nowIso: now.toISOString() });
  return publicView(row, sittings, now);
}

/** Staff: every event with every sitting, tickets sold shown. */
export async function listStaffEvents(ctx: AppContext): Promise<Event[]> {
  const events = await listEvents(ctx.db, { publishedOnly: false });
  const sittings = await listSittings(ctx.db, { eventIds: events.map((e) => e.id), nowIso: ctx.now().toISOString() });
  return events.map((e) => eventView(e, sittings)).reverse();
}

async function staffEvent(db: DbOrTx, id: number, nowIso: string): Promise<Event> {
  const row = await findEvent(db, id);
  if (!row) throw new NotFoundError(`Event ${id} not found`);
  return eventView(row, await listSittings(db, { eventIds: [id], nowIso }));
}

const state = (e: Pick<EventRow, "slug" | "name" | "price_pence" | "published">) => ({
  slug: e.slug,
  name: e.name,
  pricePence: e.price_pence,
  published: e.published === 1,
});

async function freeSlug(db: DbOrTx, wanted: string, exceptId: number | null, chosen: boolean): Promise<string> {
  for (let n = 1; n < 100; n++) {
    const slug = n === 1 ? wanted : `${wanted}-${n}`;
    const taken = await findEventBySlug(db, slug);
    if (!taken || taken.id === exceptId) return slug;
    if (chosen) throw new ConflictError(`slug: Another event already has the address ${slug}.`);
  }
  throw new ConflictError("slug: Choose another address for this event.");
}

/** POST /api/events: a new event, unpublished unless asked. */
async function createEventInTx(ctx: AppContext, input: EventCreate, actor: Actor): Promise<Event> {
  const now = ctx.now().toISOString();
  return immediateTransaction(ctx.db, async (tx) => {
    const slug = await freeSlug(tx, input.slug ?? slugOf(input.name), null, input.slug !== undefined);
    const row = await insertEvent(tx, {
      slug,
      name: input.name,
      description: input.description,
      image_url: input.imageUrl ?? null,
      price_pence: input.pricePence,
      published: input.published ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
    await recordAudit(tx, { at: now, actor, action: "event.create", subject: `Event ${row.id} (${row.name})`, before: null, after: state(row) });
    return eventView(row, []);
  });
}

/** PATCH /api/events/{id}. */
async function changeEventInTx(ctx: AppContext, id: number, input: EventUpdate, actor: Actor): Promise<Event> {
  const now = ctx.now().toISOString();
  return immediateTransaction(ctx.db, async (tx) => {
    const before = await findEvent(tx, id);
    if (!before) throw new NotFoundError(`Event ${id} not found`);
    const slug = input.slug !== undefined && input.slug !== before.slug ? await freeSlug(tx, input.slug, id, true) : undefined;
    const row = await updateEvent(tx, id, {
      ...(slug !== undefined ? { slug } : {}),
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.description !== undefined ? { description: input.description } : {}),
      ...(input.imageUrl !== undefined ? { image_url: input.imageUrl } : {}),
      ...(input.pricePence !== undefined ? { price_pence: input.pricePence } : {}),
      ...(input.published !== undefined ? { published: input.published ? 1 : 0 } : {}),
      updated_at: now,
    });
    await recordAudit(tx, { at: now, actor, action: "event.update", subject: `Event ${id} (${row!.name})`, before: state(before), after: state(row!) });
    return staffEvent(tx, id, now);
  });
}

type SittingFields = Omit<SittingCreate, never>;

/**
 * A sitting must fit in the room beside the day's other stays (R44, R53): its tickets' seats in
 * its area at every step of its time, or every seat when it closes the area.
 */
async function checkRoom(ctx: AppContext, tx: DbOrTx, s: SittingFields, exceptId: number | null, seatsByArea: Map<number, { name: string; seats: number }>) {
  const area = seatsByArea.get(s.areaId);
  if (!area) throw new BadRequestError("areaId: Choose one of the seating areas");
  if (s.tickets > area.seats) throw new BadRequestError(`tickets: ${area.name} has ${area.seats} seats`);
  const room = await getRoom(ctx, withDefaults(await getSettingsMap(ctx)));
  const stays = await dayStaysBesideSitting(tx, s.date, exceptId);
  const roomArea = room.areas.find((a) => a.id === s.areaId)!;
  const free = areaRoom(roomArea, seatsTaken(room, stays, ctx.now()), s.time, s.minutes);
  const needed = s.closesArea ? area.seats : s.tickets;
  if (free < needed)
    throw new ConflictError(
      `${area.name} has only ${free} seat${free === 1 ? "" : "s"} free for the whole of ${s.time}–${fromMinutes(toMinutes(s.time) + s.minutes)} on ${s.date}: ${
        s.closesArea ? "it cannot be closed for the sitting" : `fewer tickets, or another time or area`
      }.`,
    );
}

async function areaSeats(ctx: AppContext): Promise<Map<number, { name: string; seats: number }>> {
  const room = await getRoom(ctx, withDefaults(await getSettingsMap(ctx)));
  return new Map(room.areas.filter((a) => a.gardenSpotId === null).map((a) => [a.id, { name: a.name, seats: a.seats }]));
}

const sittingState = (s: SittingRow) => ({
  date: s.date,
  time: s.time,
  minutes: s.minutes,
  tickets: s.tickets,
  areaId: s.area_id,
  closesArea: s.closes_area === 1,
});

/** POST /api/events/{id}/sittings. */
async function addSittingInTx(ctx: AppContext, eventId: number, input: SittingCreate, actor: Actor): Promise<Event> {
  const seats = await areaSeats(ctx);
  const now = ctx.now().toISOString();
  return immediateTransaction(ctx.db, async (tx) => {
    const event = await findEvent(tx, eventId);
    if (!event) throw new NotFoundError(`Event ${eventId} not found`);
    await checkRoom(ctx, tx, input, null, seats);
    const row = await insertSitting(tx, {
      event_id: eventId,
      date: input.date,
      time: input.time,
      end_time: fromMinutes(toMinutes(input.time) + input.minutes),
      minutes: input.minutes,
      tickets: input.tickets,
      area_id: input.areaId,
      per_order_limit: input.perOrderLimit,
      sales_cutoff_minutes: input.salesCutoffMinutes,
      question: input.question ?? null,
      closes_area: input.closesArea ? 1 : 0,
      created_at: now,
    });
    await recordAudit(tx, {
      at: now,
      actor,
      action: "sitting.create",
      subject: `Sitting ${row.id} of event ${eventId} (${event.name})`,
      before: null,
      after: sittingState(row),
    });
    return staffEvent(tx, eventId, now);
  });
}

async function sittingOf(db: DbOrTx, eventId: number, sittingId: number): Promise<SittingRow> {
  const row = await findSitting(db, sittingId);
  if (!row || row.event_id !== eventId) throw new NotFoundError(`Sitting ${sittingId} of event ${eventId} not found`);
  return row;
}

/**
 * PATCH /api/events/{id}/sittings/{sittingId}. Once tickets are sold the sitting stays where and
 * when it is (409), and never has fewer tickets than are sold.
 */
async function changeSittingInTx(ctx: AppContext, eventId: number, sittingId: number, input: SittingUpdate, actor: Actor): Promise<Event> {
  const seats = await areaSeats(ctx);
  const now = ctx.now().toISOString();
  return immediateTransaction(ctx.db, async (tx) => {
    const before = await sittingOf(tx, eventId, sittingId);
    const sold = await ticketsBooked(tx, sittingId, now);
    const next: SittingFields = {
      date: input.date ?? before.date,
      time: input.time ?? before.time,
      minutes: input.minutes ?? before.minutes,
      tickets: input.tickets ?? before.tickets,
      areaId: input.areaId ?? before.area_id,
      perOrderLimit: input.perOrderLimit ?? before.per_order_limit,
      salesCutoffMinutes: input.salesCutoffMinutes ?? before.sales_cutoff_minutes,
      question: input.question !== undefined ? input.question : before.question,
      closesArea: input.closesArea ?? before.closes_area === 1,
    };
    const moved = next.date !== before.date || next.time !== before.time || next.minutes !== before.minutes || next.areaId !== before.area_id;
    if (sold > 0 && moved)
      throw new ConflictError(`${sold} ticket${sold === 1 ? " is" : "s are"} sold for this sitting: its date, time, length and area stay as they are.`);
    if (next.tickets < sold) throw new ConflictError(`tickets: ${sold} are sold already, so the sitting cannot have fewer.`);
    await checkRoom(ctx, tx, next, sittingId, seats);
    const row = await updateSitting(tx, sittingId, {
      date: next.date,
      time: next.time,
      end_time: fromMinutes(toMinutes(next.time) + next.minutes),
      minutes: next.minutes,
      tickets: next.tickets,
      area_id: next.areaId,
      per_order_limit: next.perOrderLimit,
      sales_cutoff_minutes: next.salesCutoffMinutes,
      question: next.question ?? null,
      closes_area: next.closesArea ? 1 : 0,
    });
    await recordAudit(tx, {
      at: now,
      actor,
      action: "sitting.update",
      subject: `Sitting ${sittingId} of event ${eventId}`,
      before: sittingState(before),
      after: sittingState(row!),
    });
    return staffEvent(tx, eventId, now);
  });
}

/** DELETE /api/events/{id}/sittings/{sittingId}: refused (409) while it holds tickets. */
async function removeSittingInTx(ctx: AppContext, eventId: number, sittingId: number, actor: Actor): Promise<void> {
  const now = ctx.now().toISOString();
  await immediateTransaction(ctx.db, async (tx) => {
    const before = await sittingOf(tx, eventId, sittingId);
    const sold = await ticketsBooked(tx, sittingId, now);
    if (sold > 0)
      throw new ConflictError(`${sold} ticket${sold === 1 ? " is" : "s are"} sold for this sitting. Cancel those orders (refunding them) before removing it.`);
    await deleteSitting(tx, sittingId, now);
    await recordAudit(tx, {
      at: now,
      actor,
      action: "sitting.delete",
      subject: `Sitting ${sittingId} of event ${eventId}`,
      before: sittingState(before),
      after: null,
    });
  });
}

/** R53: the /whats-on page's schema.org data the server keeps for a minute (events-json-ld.ts). */
export const WHATS_ON_JSON_LD = "whats-on-json-ld";

/** A staff change to events or sittings, then the /whats-on data read afresh once it has committed. */
const forgetting =
  <A extends unknown[], R>(write: (ctx: AppContext, ...args: A) => Promise<R>) =>
  async (ctx: AppContext, ...args: A): Promise<R> => {
    const result = await write(ctx, ...args);
    ctx.cache.delete(WHATS_ON_JSON_LD);
    return result;
  };
export const createEvent = forgetting(createEventInTx);
export const changeEvent = forgetting(changeEventInTx);
export const addSitting = forgetting(addSittingInTx);
export const changeSitting = forgetting(changeSittingInTx);
export const removeSitting = forgetting(removeSittingInTx);

/** What a ticket order needs of its sitting and event, read before the booking write (which counts the tickets again inside its transaction). */
export async function ticketSale(ctx: AppContext, sittingId: number): Promise<{ event: EventRow; sitting: SittingRow }> {
  const sitting = await findSitting(ctx.db, sittingId);
  const event = sitting ? await findEvent(ctx.db, sitting.event_id) : undefined;
  if (!sitting || !event || event.published !== 1) throw new BadRequestError("sittingId: There is no such sitting on sale.");
  return { event, sitting };
}
