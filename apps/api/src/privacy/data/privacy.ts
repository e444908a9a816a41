import { ERASED } from "@tearoom/domain";
import { sql, type RawBuilder } from "kysely";
import { immediateTransaction, type Db, type DbOrTx } from "../../db/database.js";
import { containsText, dialectOf, type DialectName } from "../../db/dialect.js";
import { SEARCHED_COLUMNS, wordsMatch } from "../../db/repositories/search.js";
import { deleteGuestsWithoutBookings } from "../../guests/data/guests.js";
import type { BookingRow, GiftVoucherRow, InquiryRow, NewsletterSubscriptionRow, WaitlistEntryRow } from "../../db/schema.js";

/**
 * The rows of an FTS5 index (migration 006) whose `columns` hold exactly this address: the words of
 * the address as a phrase (letters and digits only, so nothing can be read as FTS5 syntax), then
 * the exact, case-blind comparison. An index lookup instead of reading every row.
 */
function holdsAddress(dialect: DialectName, index: "bookings_search" | "gift_vouchers_search", columns: string[], email: string): RawBuilder<boolean> {
  const words = email
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  // PostgreSQL: every word of the address is a word of the row's searched columns (migration 006's
  // GIN index); the exact comparison that follows does the rest.
  if (dialect === "postgres") return words.length ? wordsMatch(index, SEARCHED_COLUMNS[index], words, false) : sql<boolean>`false`;
  const phrase = `{${columns.join(" ")}} : "${words.join(" ")}"`;
  return sql<boolean>`id IN (SELECT rowid FROM ${sql.table(index)} WHERE ${sql.table(index)} MATCH ${phrase})`;
}

const guestIdsOf = (rows: readonly { guest_id: number | null }[]): number[] => [...new Set(rows.flatMap((r) => (r.guest_id === null ? [] : [r.guest_id])))];

export interface PersonalRecords {
  bookings: BookingRow[];
  vouchers: GiftVoucherRow[];
  enquiries: InquiryRow[];
  subscriptions: NewsletterSubscriptionRow[];
  waitlist: WaitlistEntryRow[];
}

/** Everything held about an e-mail address (R39 export): as booker, voucher buyer or recipient, enquirer, subscriber, on a waiting list. */
export async function findPersonalRecords(db: DbOrTx, email: string): Promise<PersonalRecords> {
  const lower = email.toLowerCase();
  const [bookings, vouchers, enquiries, subscriptions, waitlist] = await Promise.all([
    db
      .selectFrom("bookings")
      .selectAll()
      .where((eb) =>
        eb.or([
          eb.and([holdsAddress(dialectOf(db), "bookings_search", ["email"], email), sql<boolean>`lower(email) = ${lower}`]),
          // R55: every booking of the address's guest record, however its address was typed.
          eb("guest_id", "in", eb.selectFrom("guests").select("guests.id").where("guest_key", "=", `email:${lower.trim()}`)),
        ]),
      )
      .orderBy("id")
      .execute(),
    db
      .selectFrom("gift_vouchers")
      .selectAll()
      .where(holdsAddress(dialectOf(db), "gift_vouchers_search", ["recipient_email", "sender_email"], email))
      .where(sql<boolean>`(lower(recipient_email) = ${lower} OR lower(sender_email) = ${lower})`)
      .orderBy("id")
      .execute(),
    db
      .selectFrom("inquiries")
      .selectAll()
      .where(sql<boolean>`lower(email) = ${lower}`)
      .orderBy("id")
      .execute(),
    db.selectFrom("newsletter_subscriptions").selectAll().where("email", "=", lower).execute(),
    // Joining stores the address lower-cased (R52), so the (email, date) index answers this.
    db.selectFrom("waitlist_entries").selectAll().where("email", "=", lower).orderBy("date").orderBy("id").execute(),
  ]);
  return { bookings, vouchers, enquiries, subscriptions, waitlist };
}

/** The personal columns of a booking as erased (R39); amounts, dates and references stay. */
const erasedBooking = (at: string) => ({
  name: ERASED.name,
  email: ERASED.email,
  phone: ERASED.phone,
  dietary_requirements: null,
  special_requests: null,
  staff_notes: null,
  decline_reason: null,
  client_key: null,
  erased_at: at,
});
const erasedEnquiry = (at: string) => ({ name: ERASED.name, email: ERASED.email, phone: null, message: ERASED.message, erased_at: at });

/**
 * R52 under R39: a waiting-list entry is nothing but its person, so erasing them removes it (an
 * entry keeps no amounts for the accounts). Seats held for an open offer are given back first: the
 * held booking is cancelled (it is erased with the person's other bookings).
 */
async function removeWaitlistEntries(tx: DbOrTx, entries: WaitlistEntryRow[], at: string): Promise<void> {
  const held = entries.flatMap((e) => (e.status === "offered" && e.booking_id !== null ? [e.booking_id] : []));
  if (held.length) await tx.updateTable("bookings").set({ status: "cancelled", updated_at: at }).where("id", "in", held).where("status", "=", "held").execute();
  await tx
    .deleteFrom("waitlist_entries")
    .where(
      "id",
      "in",
      entries.map((e) => e.id),
    )
    .execute();
}

/**
 * Staff's reasons for refunding an erased booking (R34) are free text that may name the guest,
 * as staff notes may: they go with the booking's personal fields. Amounts and actors stay.
 */
async function eraseRefundReasons(tx: DbOrTx, bookingIds: number[]): Promise<void> {
  for (let i = 0; i < bookingIds.length; i += 500) {
    await tx
      .updateTable("refunds")
      .set({ reason: ERASED.message })
      .where("booking_id", "in", bookingIds.slice(i, i + 500))
      .execute();
  }
}

/**
 * Erases one person (R39): personal fields replaced wherever the address appears. Counts per
 * kind, the ids of the e-mails removed from the outbox (their written files go too, R42) and
 * the names that removed the ones naming the person.
 */
export async function erasePersonalRecords(
  tx: DbOrTx,
  records: PersonalRecords,
  email: string,
  at: string,
): Promise<{ erased: Record<keyof PersonalRecords, number>; messageIds: number[]; names: string[] }> {
  const lower = email.toLowerCase();
  const ids = (rows: { id: number }[]) => rows.map((r) => r.id);
  if (records.bookings.length) {
    await tx.updateTable("bookings").set(erasedBooking(at)).where("id", "in", ids(records.bookings)).execute();
    // R55: an erased booking leaves its guest (migration 028's trigger); a guest left with none goes, notes and tags with it.
    await deleteGuestsWithoutBookings(tx, guestIdsOf(records.bookings));
    // A link in an old e-mail must not show what is left of the booking.
    await tx.deleteFrom("manage_links").where("booking_id", "in", ids(records.bookings)).execute();
    await tx.deleteFrom("payment_links").where("booking_id", "in", ids(records.bookings)).execute();
    await eraseRefundReasons(tx, ids(records.bookings));
  }
  if (records.waitlist.length) await removeWaitlistEntries(tx, records.waitlist, at);
  if (records.enquiries.length) await tx.updateTable("inquiries").set(erasedEnquiry(at)).where("id", "in", ids(records.enquiries)).execute();
  for (const v of records.vouchers) {
    // The code and what it buys stay valid: only the side that is this person is erased.
    const buyer = v.sender_email.toLowerCase() === lower;
    const recipient = v.recipient_email.toLowerCase() === lower;
    await tx
      .updateTable("gift_vouchers")
      .set({
        ...(buyer ? { sender_name: ERASED.name, sender_email: ERASED.email } : {}),
        ...(recipient ? { recipient_name: ERASED.name, recipient_email: ERASED.email } : {}),
        message: ERASED.message,
      })
      .where("id", "=", v.id)
      .execute();
  }
  // A subscription is kept as a row so the count of sign-ups stays true; the address must stay unique.
  for (const sub of records.subscriptions) {
    await tx
      .updateTable("newsletter_subscriptions")
      .set({ email: `erased-${sub.id}@erased.invalid`, first_name: null, last_name: null, is_active: 0, confirm_token_hash: null })
      .where("id", "=", sub.id)
      .execute();
  }
  // The purchase's copy of the voucher details, once it has been fulfilled (a pending one is still needed).
  if (records.vouchers.length) {
    await tx
      .updateTable("payments")
      .set({ payload_json: '{"erased":true}' })
      .where("voucher_id", "in", ids(records.vouchers))
      .where("status", "!=", "pending")
      .execute();
  }
  // E-mails to the address, and staff notifications quoting it, carry the same details again; an
  // unsent one would still deliver them. A sent one that names the person (a voucher's recipient
  // is told who sent it) is only the server's copy: it goes too (R42).
  const names = personalNames(records, lower);
  const named = names.map((name) => containsText(tx, sql`lower(content_json)`, name));
  const messages = await tx
    .deleteFrom("outbox")
    .where(
      sql<boolean>`(lower(to_address) = ${lower} OR ${containsText(tx, sql`lower(content_json)`, lower)}${
        named.length ? sql` OR (status != 'pending' AND (${sql.join(named, sql` OR `)}))` : sql``
      })`,
    )
    .returning("id")
    .execute();
  return {
    erased: {
      bookings: records.bookings.length,
      vouchers: records.vouchers.length,
      enquiries: records.enquiries.length,
      subscriptions: records.subscriptions.length,
      waitlist: records.waitlist.length,
    },
    messageIds: ids(messages),
    names,
  };
}

/**
 * R42: after an erasure, old bytes linger where secure_delete does not reach: the search indexes
 * (migration 006) keep an erased name's words in their segments until these are merged, and the
 * WAL keeps the overwritten pages' earlier frames. So the indexes are merged ("optimize", which
 * drops deleted entries), then the WAL is copied into the database and truncated; if a reader
 * keeps it busy, the next checkpoint gets there. PostgreSQL's VACUUM does the same in its own time.
 */
export async function forgetOverwrittenBytes(db: Db): Promise<void> {
  if (dialectOf(db) !== "sqlite") return;
  await immediateTransaction(db, async (tx) => {
    for (const index of ["bookings_search", "gift_vouchers_search", "newsletter_subscriptions_search"])
      await sql`INSERT INTO ${sql.table(index)} (${sql.ref(index)}) VALUES ('optimize')`.execute(tx);
  });
  await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

/** The person's full names as their records hold them, lower-cased (R42): what their messages call them. */
function personalNames(records: PersonalRecords, lowerEmail: string): string[] {
  const names = [
    ...records.bookings.map((b) => b.name),
    ...records.enquiries.map((e) => e.name),
    ...records.vouchers.map((v) => (v.sender_email.toLowerCase() === lowerEmail ? v.sender_name : v.recipient_name)),
    ...records.subscriptions.map((s) => [s.first_name, s.last_name].filter(Boolean).join(" ")),
    ...records.waitlist.map((w) => w.name),
  ];
  // A single short word ("Jo") would match other people's messages; a name is kept when it is specific.
  return [...new Set(names.map((n) => n.trim().toLowerCase()))].filter((n) => n.length >= 5 && n.includes(" "));
}

/**
 * Retention (R39) of e-mails: removes up to `limit` messages delivered (or given up on) before
 * `beforeIso`; they carry names, addresses and manage links. The ids removed.
 */
export async function deleteMessagesSentBefore(tx: DbOrTx, beforeIso: string, limit: number): Promise<number[]> {
  const due = tx.selectFrom("outbox").select("id").where("status", "!=", "pending").where("created_at", "<", beforeIso).limit(limit);
  const rows = await tx.deleteFrom("outbox").where("id", "in", due).returning("id").execute();
  return rows.map((r) => r.id);
}

/** Retention (R39): erases up to `limit` bookings whose visit was before `beforeDate`. How many it erased. */
export async function eraseBookingsVisitedBefore(tx: DbOrTx, beforeDate: string, at: string, limit: number): Promise<number> {
  const due = await tx.selectFrom("bookings").select(["id", "guest_id"]).where("erased_at", "is", null).where("date", "<", beforeDate).limit(limit).execute();
  if (due.length === 0) return 0;
  const erased = due.map((r) => r.id);
  await tx.updateTable("bookings").set(erasedBooking(at)).where("id", "in", erased).execute();
  await eraseRefundReasons(tx, erased);
  // R55: a guest whose last booking was erased goes too.
  await deleteGuestsWithoutBookings(tx, guestIdsOf(due));
  return erased.length;
}

/** Retention (R39): erases up to `limit` enquiries resolved before `beforeIso`. How many it erased. */
export async function eraseEnquiriesResolvedBefore(tx: DbOrTx, beforeIso: string, at: string, limit: number): Promise<number> {
  const due = tx
    .selectFrom("inquiries")
    .select("id")
    .where("erased_at", "is", null)
    .where("is_resolved", "=", 1)
    .where("resolved_at", "<", beforeIso)
    .limit(limit);
  const result = await tx.updateTable("inquiries").set(erasedEnquiry(at)).where("id", "in", due).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Retention (R39, R52): removes up to `limit` waiting-list entries of days before `beforeDate` that
 * are no longer open (ended, lapsed, left or claimed; a claimed one's booking keeps its own
 * retention). How many it removed.
 */
export async function removeWaitlistEntriesBefore(tx: DbOrTx, beforeDate: string, limit: number): Promise<number> {
  const due = tx.selectFrom("waitlist_entries").select("id").where("date", "<", beforeDate).where("status", "not in", ["waiting", "offered"]).limit(limit);
  const result = await tx.deleteFrom("waitlist_entries").where("id", "in", due).executeTakeFirst();
  return Number(result.numDeletedRows);
}
