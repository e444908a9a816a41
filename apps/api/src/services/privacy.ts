import { londonDayStart, londonNow, parseSetting, retentionCutoff, withDefaults, type Erasure, type PersonalDataExport } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { immediateTransaction } from "../db/database.js";
import { findDemoPaymentIds } from "../db/repositories/payments.js";
import { eraseBookingsVisitedBefore, eraseEnquiriesResolvedBefore, erasePersonalRecords, findPersonalRecords } from "../db/repositories/privacy.js";
import { getSettingsMap } from "./booking-settings.js";
import { toBookings } from "./bookings.js";
import { toInquiry } from "./inquiries.js";
import { toSubscription } from "./newsletter.js";
import { toGiftVoucher } from "./vouchers.js";

/** R39: everything held about an e-mail address, as one JSON document for the person who asked. */
export async function exportPersonalData(ctx: AppContext, email: string): Promise<PersonalDataExport> {
  const records = await findPersonalRecords(ctx.db, email);
  const demo = await findDemoPaymentIds(ctx.db, records.vouchers.flatMap((v) => (v.payment_reference ? [v.payment_reference] : [])));
  return {
    email,
    exportedAt: ctx.now().toISOString(),
    bookings: await toBookings(ctx.db, records.bookings),
    vouchers: records.vouchers.map((v) => toGiftVoucher(v, v.payment_reference !== null && demo.has(v.payment_reference), londonNow(ctx.now()).date)),
    enquiries: records.enquiries.map(toInquiry),
    subscriptions: records.subscriptions.map(toSubscription),
  };
}

/**
 * R39: erases a person. Their details are replaced in bookings, vouchers, enquiries and the
 * subscription, in one transaction; amounts, dates and references stay for the accounts.
 */
export async function erasePerson(ctx: AppContext, email: string): Promise<Erasure> {
  const erased = await immediateTransaction(ctx.db, async (tx) => erasePersonalRecords(tx, await findPersonalRecords(tx, email), email, ctx.now().toISOString()));
  ctx.logger.info({ event: "person-erased", ...erased }, "personal data erased on request");
  return erased;
}

/** Rows erased per transaction: a short write, so bookings are never kept waiting behind retention. */
const BATCH = 500;
/** At most this many rows per pass; a backlog (ten years of rows on the first pass) clears over a few minutes. */
const PASS_LIMIT = 20_000;

/**
 * R39 retention: bookings `retention_months` after the visit and enquiries that long after they were
 * resolved lose their personal details. Runs in short batches, yielding between them.
 */
export async function applyRetention(ctx: AppContext): Promise<{ bookings: number; enquiries: number }> {
  const months = parseSetting(withDefaults(await getSettingsMap(ctx)), "retention_months");
  const cutoff = retentionCutoff(londonNow(ctx.now()).date, months);
  const cutoffInstant = londonDayStart(cutoff).toISOString();
  const done = { bookings: 0, enquiries: 0 };
  for (const [kind, erase] of [
    ["bookings", (at: string) => immediateTransaction(ctx.db, (tx) => eraseBookingsVisitedBefore(tx, cutoff, at, BATCH))],
    ["enquiries", (at: string) => immediateTransaction(ctx.db, (tx) => eraseEnquiriesResolvedBefore(tx, cutoffInstant, at, BATCH))],
  ] as const) {
    while (done[kind] < PASS_LIMIT) {
      const n = await erase(ctx.now().toISOString());
      done[kind] += n;
      if (n < BATCH) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  if (done.bookings || done.enquiries) ctx.logger.info({ event: "retention-applied", ...done }, "personal details past their retention period erased");
  return done;
}
