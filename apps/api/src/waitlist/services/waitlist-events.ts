import {
  firstForTickets,
  salesClosed,
  ticketProblem,
  ticketsLeft,
  ticketsTotal,
  waitlistLimitProblem,
  type WaitlistEventJoin,
  type WaitlistJoinAnswer,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import type { WaitlistEntryRow } from "../../db/schema.js";
import { sittingForWaitlist } from "../../events/data/events.js";
import { ticketSale } from "../../events/services/events.js";
import { newReference } from "../../bookings/services/booking-reference.js";
import { newManageToken } from "../../bookings/services/manage-token.js";
import { BadRequestError, ConflictError, TooManyRequestsError } from "../../errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { waitlistJoined } from "../../mail/messages/waitlist.js";
import { tearoomContacts } from "../../site/services/site.js";
import { countEntriesForEmail, insertEntry, listEntriesOnDate } from "../data/waitlist.js";

// R52 with R53: a sold-out sitting's waiting list. An entry (type `event`) waits for tickets of
// its sitting; tickets freed (a cancel, a lapsed hold) are offered to the first entry they fit,
// held as a `held` event booking of the sitting, so the tickets left count it as any hold.

/** The 409 to a ticket entry that need not wait: `ticketsLeft` are on sale now. */
export class TicketsLeftError extends ConflictError {
  constructor(readonly ticketsLeft: number) {
    super(
      `There ${ticketsLeft === 1 ? "is 1 ticket" : `are ${ticketsLeft} tickets`} left for this sitting: please buy them instead of joining the waiting list.`,
    );
  }
}

/** Place of `id` among the sitting's waiting entries, by join time. */
const placeIn = (rows: readonly WaitlistEntryRow[], id: number) =>
  rows
    .filter((r) => r.status === "waiting")
    .sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id - b.id))
    .findIndex((r) => r.id === id) + 1;

/**
 * POST /api/waitlist with `type: "event"`: the guest waits for `guests` tickets of a sitting. 400
 * past the per-order limit, past the sales cut-off or for a sitting not on sale; 409 with the
 * tickets left when the order fits now; 429 past three entries for the address and day (R23).
 */
export async function joinEventWaitlist(ctx: AppContext, input: WaitlistEventJoin, clientKey: string): Promise<WaitlistJoinAnswer> {
  if (input.website) {
    ctx.logger.info({ event: "honeypot", form: "waitlist" }, "honeypot filled; nothing stored");
    return { reference: newReference(), position: 1 };
  }
  const now = ctx.now();
  const { event } = await ticketSale(ctx, input.sittingId);
  const contacts = await tearoomContacts(ctx);
  const email = input.email.toLowerCase();
  const leave = newManageToken();
  const { row, position } = await immediateTransaction(ctx.db, async (tx) => {
    const sitting = (await sittingForWaitlist(tx, input.sittingId, now.toISOString()))!;
    if (salesClosed(sitting, now)) throw new BadRequestError("sittingId: Tickets for this sitting are no longer on sale online. Please call us.");
    const problem = ticketProblem(sitting, sitting.sold, input.guests, now);
    if (problem?.status === 400) throw new BadRequestError(problem.message.replace(/^tickets:/, "guests:"));
    const left = ticketsLeft(sitting.tickets, sitting.sold);
    if (input.guests <= left) throw new TicketsLeftError(left);
    const limit = waitlistLimitProblem(await countEntriesForEmail(tx, email, sitting.date), contacts.phone);
    if (limit) throw new TooManyRequestsError(limit, 3600);
    const stamp = now.toISOString();
    const row = await insertEntry(tx, {
      reference: newReference(),
      type: "event",
      date: sitting.date,
      times_json: null,
      guests: input.guests,
      name: input.name,
      email,
      phone: input.phone,
      tea_type: null,
      dining_preference: null,
      status: "waiting",
      client_key: clientKey,
      leave_token_hash: leave.hash,
      offer_token_hash: null,
      booking_id: null,
      offer_time: null,
      offered_at: null,
      offer_expires_at: null,
      created_at: stamp,
      updated_at: stamp,
      sitting_id: sitting.id,
    });
    const position = placeIn(
      (await listEntriesOnDate(tx, sitting.date)).filter((r) => r.sitting_id === sitting.id),
      row.id,
    );
    const mail = {
      reference: row.reference,
      type: "event" as const,
      eventName: event.name,
      date: row.date,
      times: [sitting.time],
      guests: row.guests,
      name: row.name,
      email,
    };
    await enqueueMail(tx, waitlistJoined(mail, position, contacts, leave.token), stamp);
    return { row, position };
  });
  ctx.logger.info({ event: "waitlist-join", type: row.type, date: row.date }, "joined the waiting list");
  return { reference: row.reference, position };
}

/** What the pass's offer needs of the sitting to hold its tickets. */
export interface SittingOffer {
  id: number;
  time: string;
  areaId: number;
  minutes: number;
  amountPence: number;
  eventName: string;
}

/**
 * Inside the pass's write transaction: for each sitting with entries waiting, the tickets left now
 * (holds and offers counted) go to the first entries they fit, in join order, each held by
 * `offer`. A sitting whose sales have closed, or whose event is no longer published, offers none.
 */
export async function offerSittingTickets(
  tx: DbOrTx,
  rows: WaitlistEntryRow[],
  now: Date,
  offer: (row: WaitlistEntryRow, sitting: SittingOffer) => Promise<unknown>,
): Promise<number> {
  const sittingIds = [...new Set(rows.filter((r) => r.sitting_id !== null && r.status === "waiting").map((r) => r.sitting_id!))];
  let offered = 0;
  for (const sittingId of sittingIds) {
    const s = await sittingForWaitlist(tx, sittingId, now.toISOString());
    if (!s || s.published !== 1 || salesClosed(s, now)) continue;
    const entries = rows.filter((r) => r.sitting_id === sittingId);
    let left = ticketsLeft(s.tickets, s.sold);
    for (let pick = firstForTickets(entries.map(asQueued), left); pick; pick = firstForTickets(entries.map(asQueued), left)) {
      const row = entries.find((r) => r.id === pick!.id)!;
      await offer(row, {
        id: s.id,
        time: s.time,
        areaId: s.areaId,
        minutes: s.minutes,
        amountPence: ticketsTotal(s.pricePence, row.guests),
        eventName: s.eventName,
      });
      row.status = "offered";
      left -= row.guests;
      offered++;
    }
  }
  return offered;
}

const asQueued = (r: WaitlistEntryRow) => ({ id: r.id, createdAt: r.created_at, status: r.status as "waiting", guests: r.guests });
