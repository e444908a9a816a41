import { csvPounds, londonNow, toCsv, voucherPartPence, type BookingsExportQuery, type TeaType } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { activeSubscribers, allGiftVouchers, bookingsBetween } from "../db/repositories/exports.js";
import { toBookings } from "../bookings/services/booking-view.js";
import { getPricingItemsCached } from "../site/services/pricing.js";

/** R40: CSV exports for the office's spreadsheets; every cell goes through the domain's formula-safe `toCsv`. */

export interface CsvFile {
  filename: string;
  body: string;
}

const pounds = (pence: number | null) => (pence === null ? null : (pence / 100).toFixed(2));
const yesNo = (flag: number) => (flag === 1 ? "yes" : "no");

/** Bookings visiting in the range (inclusive), every status, by date and time. */
export async function bookingsCsv(ctx: AppContext, { from, to }: BookingsExportQuery): Promise<CsvFile> {
  const rows = await bookingsBetween(ctx.db, from, to);
  // R54: the money as the bookings list shows it (the same payments, refunds and voucher ledger).
  const items = await getPricingItemsCached(ctx);
  const views = await toBookings(ctx.db, rows, items, ctx.now());
  const header = [
    "Reference",
    "Type",
    "Status",
    "Date",
    "Time",
    "Guests",
    "Name",
    "Email",
    "Phone",
    "Tea",
    "Dining",
    "Hamper",
    "Garden spot",
    "Wine",
    "Dietary requirements",
    "Special requests",
    "Amount (GBP)",
    "Source",
    "Created at",
    // Issue 31, appended so the columns before it stay where spreadsheets expect them.
    "Table",
    // Issue 34 (R54): the arrival mark where there is one, and the money; net is card paid less refunded.
    "Visit status",
    "Card paid (GBP)",
    "Voucher part (GBP)",
    "Refunded (GBP)",
    "Net (GBP)",
  ];
  const body = toCsv(
    header,
    rows.map((b, i) => {
      const view = views[i]!;
      const paid = view.payment?.paidPence ?? 0;
      const refunded = view.payment?.refundedPence ?? 0;
      return [
        b.reference,
        b.type,
        b.status,
        b.date,
        b.time,
        b.guests,
        b.name,
        b.email,
        b.phone,
        b.tea_type,
        b.dining_preference,
        b.hamper_type,
        b.garden_spot_id,
        yesNo(b.include_wine),
        b.dietary_requirements,
        b.special_requests,
        pounds(b.amount_pence),
        b.source,
        b.created_at,
        b.table_label,
        b.status === "confirmed" && b.arrival ? b.arrival : b.status,
        csvPounds(paid),
        csvPounds(voucherPartPence(view.voucher ?? null, items, b.tea_type as TeaType | null)),
        csvPounds(refunded),
        csvPounds(paid - refunded),
      ];
    }),
  );
  return { filename: `bookings-${from}-to-${to}.csv`, body };
}

/** Subscribers who are active (confirmed and not unsubscribed): the list a newsletter goes to. */
export async function subscribersCsv(ctx: AppContext): Promise<CsvFile> {
  const rows = await activeSubscribers(ctx.db);
  const body = toCsv(
    ["Email", "First name", "Last name", "Source", "Consent at", "Created at"],
    rows.map((s) => [s.email, s.first_name, s.last_name, s.source, s.consent_at, s.created_at]),
  );
  return { filename: `newsletter-subscribers-${londonNow(ctx.now()).date}.csv`, body };
}

export async function vouchersCsv(ctx: AppContext): Promise<CsvFile> {
  const today = londonNow(ctx.now()).date;
  const rows = await allGiftVouchers(ctx.db);
  const body = toCsv(
    ["Code", "Type", "Price", "Recipient name", "Recipient email", "Sender name", "Sender email", "Message", "Status", "Created at", "Expiry date"],
    rows.map((v) => [
      v.voucher_code,
      v.voucher_type,
      v.price_text,
      v.recipient_name,
      v.recipient_email,
      v.sender_name,
      v.sender_email,
      v.message,
      // The vouchers screen's statuses: redeemed, else expired after its expiry date, else active.
      v.is_redeemed === 1 ? "redeemed" : v.expiry_date < today ? "expired" : "active",
      v.created_at,
      v.expiry_date,
    ]),
  );
  return { filename: `vouchers-${today}.csv`, body };
}
