import { randomBytes } from "node:crypto";
import { addDays, BOOKING_TYPE_LABELS, londonNow, visitMinutes, type BookingType, type CalendarFeed, type CalendarFeedCreated } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { NotFoundError } from "../../errors.js";
import { buildIcsFeed, type IcsEvent } from "../../mail/ics.js";
import { sha256Hex } from "../../sha256.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { tearoomContacts } from "../../site/services/site.js";
import { recordAudit } from "./audit.js";
import type { StaffSession } from "./auth.js";
import { confirmedBookingsBetween, deleteCalendarFeed, findCalendarFeedByHash, insertCalendarFeed, listCalendarFeeds } from "../data/calendar-feeds.js";

/**
 * Issue 34: a staff account's private calendar feed of confirmed bookings, for the tearoom's phone
 * calendar. The URL holds 256 random bits; only their SHA-256 is kept, so the URL is shown once,
 * when made, and a copy of the database opens no feed. Revoking deletes it.
 */

/** The feed's token as its URL carries it (43 base64url characters); anything else is not looked up. */
const FEED_TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** How far back and ahead the feed reaches: the last month and the coming year. */
const DAYS_BACK = 31;
const DAYS_AHEAD = 366;

export const feedPath = (token: string) => `/calendar/${token}.ics`;

export async function createCalendarFeed(ctx: AppContext, by: StaffSession): Promise<CalendarFeedCreated> {
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now().toISOString();
  const row = await insertCalendarFeed(ctx.db, { staff_user_id: by.userId, token_hash: sha256Hex(token), created_at: now });
  await recordAudit(ctx.db, { at: now, actor: by.username, action: "calendar-feed.create", subject: `Calendar feed ${row.id}`, before: null, after: null });
  return { id: row.id, createdAt: row.created_at, url: `${ctx.env.PUBLIC_ORIGIN}${feedPath(token)}` };
}

export async function listOwnCalendarFeeds(ctx: AppContext, by: StaffSession): Promise<CalendarFeed[]> {
  return (await listCalendarFeeds(ctx.db, by.userId)).map((r) => ({ id: r.id, createdAt: r.created_at }));
}

/** Revokes one of the signed-in account's feeds: its URL answers 404 from now on. */
export async function revokeCalendarFeed(ctx: AppContext, by: StaffSession, id: number): Promise<void> {
  if (!(await deleteCalendarFeed(ctx.db, by.userId, id))) throw new NotFoundError(`Calendar feed ${id} not found`);
  await recordAudit(ctx.db, {
    at: ctx.now().toISOString(),
    actor: by.username,
    action: "calendar-feed.revoke",
    subject: `Calendar feed ${id}`,
    before: null,
    after: null,
  });
}

/**
 * The feed behind `token`, or null when there is none (unknown or revoked). Each confirmed booking
 * is one event with the UID and SEQUENCE of the guest's own calendar file (R51), and only what
 * staff need at the door: name, party, area and table, and the notes.
 */
export async function calendarFeedIcs(ctx: AppContext, token: string): Promise<string | null> {
  if (!FEED_TOKEN.test(token)) return null;
  if (!(await findCalendarFeedByHash(ctx.db, sha256Hex(token)))) return null;
  const now = ctx.now();
  const today = londonNow(now).date;
  const [rows, settings, contacts] = await Promise.all([
    confirmedBookingsBetween(ctx.db, addDays(today, -DAYS_BACK), addDays(today, DAYS_AHEAD)),
    getSettingsMap(ctx),
    tearoomContacts(ctx),
  ]);
  const events: IcsEvent[] = rows.map((b) => {
    const type = b.type as BookingType;
    const where = [b.area_name, b.table_label && `table ${b.table_label}`].filter(Boolean).join(", ");
    const notes = [
      b.dietary_requirements && `Dietary: ${b.dietary_requirements}`,
      b.special_requests && `Requests: ${b.special_requests}`,
      b.staff_notes && `Staff notes: ${b.staff_notes}`,
    ].filter(Boolean);
    return {
      uid: `${b.reference}@heritage-tearoom`,
      sequence: b.calendar_sequence,
      date: b.date,
      time: b.time,
      durationMinutes: b.stay_minutes ?? visitMinutes(type, settings),
      summary: `${b.name} (${b.guests}) ${BOOKING_TYPE_LABELS[type] ?? b.type}`,
      description: [`${b.guests} ${b.guests === 1 ? "guest" : "guests"}. ${b.reference}.`, where && `Seated: ${where}.`, ...notes].filter(Boolean).join("\n"),
      location: where || contacts.address,
      organizerEmail: contacts.email,
      stampedAt: now,
    };
  });
  return buildIcsFeed("Heritage Tearoom bookings", events);
}
