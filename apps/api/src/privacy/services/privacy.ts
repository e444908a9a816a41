import { londonDayStart, londonNow, parseSetting, retentionCutoff, withDefaults, type Erasure, type PersonalDataExport } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findDemoPaymentIds } from "../../payments/data/payments.js";
import {
  deleteMessagesSentBefore,
  eraseBookingsVisitedBefore,
  eraseEnquiriesResolvedBefore,
  erasePersonalRecords,
  findPersonalRecords,
  forgetOverwrittenBytes,
  removeWaitlistEntriesBefore,
  type PersonalRecords,
} from "../data/privacy.js";
import { mailDirectory, removeWrittenMessages } from "../../mail/written-messages.js";
import { recordAudit } from "../../staff/services/audit.js";
import type { StaffSession } from "../../staff/services/auth.js";
import { getSettingsMap } from "../../bookings/services/booking-settings.js";
import { toBookings } from "../../bookings/services/booking-view.js";
import { toInquiry } from "../../site/services/inquiries.js";
import { toSubscription } from "../../newsletter/services/newsletter.js";
import { toGiftVoucher } from "../../vouchers/services/vouchers.js";
import { guestsOfBookings } from "../../guests/services/guests.js";

/** R55: the guest records of a person's bookings, as staff see them, without their bookings again. */
async function guestRecordsOf(ctx: AppContext, bookings: readonly { guest_id: number | null }[]) {
  return (await guestsOfBookings(ctx, bookings)).map(({ bookings: _bookings, ...guest }) => guest);
}
import { nudgeWaitlist, toWaitlistEntry } from "../../waitlist/services/waitlist.js";

/** R39/R40: exporting and erasing a person are the owner's; staff get 403 (checked at the edge). */
export const PRIVACY_OWNER_ONLY = "Only the owner can export or erase a person's data.";

/** R40: the record says how much was exported or erased, never whose (it would keep the address the erasure removed). */
const counts = (r: PersonalRecords) => ({
  bookings: r.bookings.length,
  vouchers: r.vouchers.length,
  enquiries: r.enquiries.length,
  subscriptions: r.subscriptions.length,
  waitlist: r.waitlist.length,
});

/** R39: everything held about an e-mail address, as one JSON document for the person who asked (owner only). */
export async function exportPersonalData(ctx: AppContext, by: StaffSession, email: string): Promise<PersonalDataExport> {
  const records = await findPersonalRecords(ctx.db, email);
  await recordAudit(ctx.db, {
    at: ctx.now().toISOString(),
    actor: by.username,
    action: "privacy.export",
    subject: "A person's data",
    before: null,
    after: counts(records),
  });
  const demo = await findDemoPaymentIds(
    ctx.db,
    records.vouchers.flatMap((v) => (v.payment_reference ? [v.payment_reference] : [])),
  );
  return {
    email,
    exportedAt: ctx.now().toISOString(),
    bookings: await toBookings(ctx.db, records.bookings),
    vouchers: records.vouchers.map((v) => toGiftVoucher(v, v.payment_reference !== null && demo.has(v.payment_reference), londonNow(ctx.now()).date)),
    enquiries: records.enquiries.map(toInquiry),
    subscriptions: records.subscriptions.map(toSubscription),
    guests: await guestRecordsOf(ctx, records.bookings),
    waitlist: records.waitlist.map((w) => toWaitlistEntry(w, null)),
  };
}

/**
 * R39: erases a person. Their details are replaced in bookings, vouchers, enquiries and the
 * subscription, and their waiting-list entries removed, in one transaction; amounts, dates and
 * references stay for the accounts.
 */
export async function erasePerson(ctx: AppContext, by: StaffSession, email: string): Promise<Erasure> {
  const { erased, messageIds, names, freed } = await immediateTransaction(ctx.db, async (tx) => {
    const records = await findPersonalRecords(tx, email);
    const freed = records.waitlist.some((w) => w.status === "offered");
    const at = ctx.now().toISOString();
    const done = await erasePersonalRecords(tx, records, email, at);
    await recordAudit(tx, { at, actor: by.username, action: "privacy.erase", subject: "A person's data", before: counts(records), after: null });
    return { ...done, freed };
  });
  // Seats an erased offer held go to the next guest waiting (R52).
  if (freed) nudgeWaitlist(ctx);
  // R42: the messages already written as files carry the same details; after the commit, so a
  // rolled-back erasure removes nothing.
  await forgetOverwrittenBytes(ctx.db);
  const files = await removeWrittenMessages(mailDirectory(ctx.env), messageIds, [email.toLowerCase(), ...names]);
  ctx.logger.info({ event: "person-erased", ...erased, messages: messageIds.length, files }, "personal data erased on request");
  return erased;
}

/** Rows erased per transaction: a short write, so bookings are never kept waiting behind retention. */
const BATCH = 500;
/** At most this many rows per pass; a backlog (ten years of rows on the first pass) clears over a few minutes. */
const PASS_LIMIT = 20_000;

/**
 * R39 retention: bookings `retention_months` after the visit and enquiries that long after they were
 * resolved lose their personal details; waiting-list entries that long after their day, no longer
 * open, are removed (R52). Runs in short batches, yielding between them.
 */
export async function applyRetention(ctx: AppContext): Promise<{ bookings: number; enquiries: number; waitlist: number; messages: number }> {
  const months = parseSetting(withDefaults(await getSettingsMap(ctx)), "retention_months");
  const cutoff = retentionCutoff(londonNow(ctx.now()).date, months);
  const cutoffInstant = londonDayStart(cutoff).toISOString();
  const done = { bookings: 0, enquiries: 0, waitlist: 0, messages: 0 };
  const mailDir = mailDirectory(ctx.env);
  // E-mails sent that long ago carry the same details (R42): their rows and written files go.
  const eraseMessages = async () => {
    const ids = await immediateTransaction(ctx.db, (tx) => deleteMessagesSentBefore(tx, cutoffInstant, BATCH));
    if (ids.length) await removeWrittenMessages(mailDir, ids);
    return ids.length;
  };
  for (const [kind, erase] of [
    ["bookings", (at: string) => immediateTransaction(ctx.db, (tx) => eraseBookingsVisitedBefore(tx, cutoff, at, BATCH))],
    ["enquiries", (at: string) => immediateTransaction(ctx.db, (tx) => eraseEnquiriesResolvedBefore(tx, cutoffInstant, at, BATCH))],
    ["waitlist", () => immediateTransaction(ctx.db, (tx) => removeWaitlistEntriesBefore(tx, cutoff, BATCH))],
    ["messages", eraseMessages],
  ] as const) {
    while (done[kind] < PASS_LIMIT) {
      const n = await erase(ctx.now().toISOString());
      done[kind] += n;
      if (n < BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (done.bookings || done.enquiries || done.waitlist || done.messages) await forgetOverwrittenBytes(ctx.db);
  if (done.bookings || done.enquiries || done.waitlist || done.messages)
    ctx.logger.info({ event: "retention-applied", ...done }, "personal details past their retention period erased");
  return done;
}
