import {
  guestCounts,
  londonNow,
  parseSetting,
  withDefaults,
  type Booking,
  type Guest,
  type GuestListQuery,
  type GuestSummary,
  type GuestUpdate,
  type ListPage,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import type { GuestRow } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { toBookings } from "../../bookings/services/booking-view.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { bookingsOfGuests, findGuest, listGuests, staffCancelTimes, updateGuest } from "../data/guests.js";

/** Tags are stored as a JSON array; anything else (never written by this server) reads as none. */
function parseTags(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === "string") : [];
  } catch {
    return [];
  }
}

/**
 * R55: guests with their counts, read from their bookings (decision 035), and those bookings as
 * staff see them, newest first.
 */
export async function withCounts(ctx: AppContext, db: DbOrTx, rows: readonly GuestRow[]): Promise<(GuestSummary & { bookings: Booking[] })[]> {
  if (rows.length === 0) return [];
  const items = await getPricingItemsCached(ctx);
  const bookings = await toBookings(
    db,
    await bookingsOfGuests(
      db,
      rows.map((r) => r.id),
    ),
    items,
    ctx.now(),
  );
  const cancelled = bookings.filter((b) => b.status === "cancelled");
  const cancelTimes = await staffCancelTimes(
    db,
    cancelled.map((b) => b.reference),
  );
  const cancelledAt = new Map(cancelled.flatMap((b) => (cancelTimes.has(b.reference) ? [[b.id, cancelTimes.get(b.reference)!] as const] : [])));
  const cancellationHours = parseSetting(withDefaults(await getSettingsMap(ctx)), "guest_cancellation_hours");
  const today = londonNow(ctx.now()).date;
  return rows.map((row) => {
    const own = bookings.filter((b) => b.guestId === row.id);
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      phone: row.phone,
      ...guestCounts(own, { today, cancellationHours, cancelledAt, items }),
      notes: row.notes,
      tags: parseTags(row.tags),
      bookings: own,
    };
  });
}

/** R39's export: the guests these bookings belong to. */
export async function guestsOfBookings(ctx: AppContext, bookings: readonly { guest_id: number | null }[]): Promise<(GuestSummary & { bookings: Booking[] })[]> {
  const ids = [...new Set(bookings.flatMap((b) => (b.guest_id === null ? [] : [b.guest_id])))];
  const rows = (await Promise.all(ids.map((id) => findGuest(ctx.db, id)))).filter((r): r is GuestRow => r !== undefined);
  return withCounts(ctx, ctx.db, rows);
}

/** GET /api/guests: one page, the most recently seen first; searched by their bookings' names, e-mails and phones. */
export async function listGuestsForStaff(ctx: AppContext, q: GuestListQuery): Promise<ListPage<GuestSummary>> {
  const { rows, total } = await listGuests(ctx.db, q.search, q.ids, q.page, q.pageSize);
  const items = (await withCounts(ctx, ctx.db, rows)).map(({ bookings: _bookings, ...summary }) => summary);
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** GET /api/guests/{id}: the guest, their counts and their bookings; 404 when there is none. */
export async function getGuest(ctx: AppContext, id: number): Promise<Guest> {
  const row = await findGuest(ctx.db, id);
  if (!row) throw new NotFoundError(`Guest ${id} not found`);
  return (await withCounts(ctx, ctx.db, [row]))[0]!;
}

/** PATCH /api/guests/{id}: staff's notes and tags, audited (R40) when they change. */
export async function updateGuestNotes(ctx: AppContext, id: number, changes: GuestUpdate, actor: Actor): Promise<Guest> {
  await immediateTransaction(ctx.db, async (tx) => {
    const before = await findGuest(tx, id);
    if (!before) throw new NotFoundError(`Guest ${id} not found`);
    const old = { notes: before.notes, tags: parseTags(before.tags) };
    const next = { notes: changes.notes ?? old.notes, tags: changes.tags ?? old.tags };
    if (JSON.stringify(old) === JSON.stringify(next)) return;
    const at = ctx.now().toISOString();
    await updateGuest(tx, id, { notes: next.notes, tags: JSON.stringify(next.tags) });
    // The guest is named by number only: the record outlives an erasure, the name must not.
    // The tags, and whether the notes changed, not their text: an erasure removes the guest, not this record.
    const notes = old.notes === next.notes ? {} : { notes: "changed" };
    await recordAudit(tx, { at, actor, action: "guest.update", subject: `Guest ${id}`, before: { tags: old.tags }, after: { tags: next.tags, ...notes } });
  });
  return getGuest(ctx, id);
}
