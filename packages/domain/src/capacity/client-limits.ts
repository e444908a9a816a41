import { addDays, londonDayStart, londonNow } from "../opening-hours/london-time.js";
import { plural } from "./capacity.js";

/**
 * R23: how much one client may claim without paying, so that nobody can take a day's seats by
 * starting payments or sending requests they never mean to keep. A client is its address and,
 * for seat holds, separately its e-mail address. Staff bookings are never limited.
 *
 * - `liveHolds`: unpaid seat holds (afternoon tea being paid for) alive at once;
 * - `heldSeats`: seats in those holds together;
 * - `requestsPerDay`: booking requests (pending until staff answer), and Secret Garden bookings,
 *   which are confirmed at once and paid on the day, from one address per London
 *   calendar day (R12), from midnight to midnight, not a rolling 24 hours: a visitor is told to
 *   try again tomorrow, and tomorrow means what it says.
 *
 * A hold is alive until it is paid, released or lapses (`hold_minutes`, R9); a lapsed hold stops
 * counting the moment it lapses, as it stops holding seats.
 */
export const CLIENT_LIMITS = { liveHolds: 2, heldSeats: 12, requestsPerDay: 3 } as const;

/** A client's seat holds that are still alive. */
export interface LiveHolds {
  holds: number;
  seats: number;
  /** ISO instant the first of them lapses; null when there are none. */
  firstLapse: string | null;
}

/** Why a client is refused, and how long until trying again could succeed. */
export interface ClientRefusal {
  message: string;
  retryAfterSeconds: number;
}

const minutesUntil = (iso: string | null, now: Date) => Math.max(1, Math.ceil(((iso ? Date.parse(iso) : now.getTime()) - now.getTime()) / 60_000));

/**
 * Whether a new hold of `guests` seats is refused for a client who already has `live` holds (R23);
 * null when it may go ahead. `phone` is the tearoom's number, for a visitor who wants more.
 */
export function holdLimitProblem(live: LiveHolds, guests: number, now: Date, phone: string): ClientRefusal | null {
  const { liveHolds, heldSeats } = CLIENT_LIMITS;
  if (live.holds < liveHolds && live.seats + guests <= heldSeats) return null;
  const minutes = minutesUntil(live.firstLapse, now);
  const already =
    live.holds >= liveHolds
      ? `You already have ${plural(live.holds, "afternoon tea booking")} being paid for from this connection or e-mail address, and we can hold at most ${liveHolds} at a time.`
      : `You already have ${plural(live.seats, "seat")} held for afternoon tea being paid for from this connection or e-mail address, and we can hold at most ${heldSeats} seats at a time.`;
  return {
    message: `${already} Please finish paying for them, or wait about ${plural(minutes, "minute")} for an unpaid one to lapse, then try again. For a larger party, please call us on ${phone}.`,
    retryAfterSeconds: minutes * 60,
  };
}

/** The instant from which the booking requests of `now`'s London day are counted. */
export function requestDayStart(now: Date): Date {
  return londonDayStart(londonNow(now).date);
}

/**
 * Whether another booking request is refused for an address that has sent `sentToday` since
 * `requestDayStart` (R23); null when it may go ahead.
 */
export function requestLimitProblem(sentToday: number, now: Date, phone: string): ClientRefusal | null {
  const { requestsPerDay } = CLIENT_LIMITS;
  if (sentToday < requestsPerDay) return null;
  const tomorrow = londonDayStart(addDays(londonNow(now).date, 1));
  return {
    message: `You have already sent ${plural(sentToday, "booking request")} today, which is as many as we can take online from one connection in a day. We will reply to them soon. To book anything else, please call us on ${phone}, or send your request tomorrow.`,
    retryAfterSeconds: Math.max(1, Math.ceil((tomorrow.getTime() - now.getTime()) / 1000)),
  };
}
