import {
  londonNow,
  sumPriceTexts,
  voucherStatusOf,
  voucherUnit,
  type GiftVoucher,
  type ListPage,
  type VoucherBalance,
  type VoucherDetail,
  type VoucherLedgerEntry,
  type VoucherListQuery,
  type VoucherStats,
  type VoucherType,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { findGiftVoucherByCode, giftVoucherCounts, listGiftVouchers } from "../data/gift-vouchers.js";
import { findDemoPaymentIds } from "../../payments/data/payments.js";
import { listVoucherLedger } from "../data/voucher-ledger.js";
import type { GiftVoucherRow, VoucherLedgerRow } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";

export const VOUCHER_NOT_FOUND = "We could not find a voucher with that code. Please check it and try again.";

/** What is left, in the field of the voucher's unit: `balancePence` or `peopleRemaining` (R35). */
function remainingFields(row: GiftVoucherRow): { balancePence: number } | { peopleRemaining: number } {
  return voucherUnit(row.voucher_type as VoucherType) === "pence" ? { balancePence: row.remaining } : { peopleRemaining: row.remaining };
}

/** A voucher row as the API answers it; `testPayment`: the demo provider took its payment (R22); `today`: London, for its status. */
export function toGiftVoucher(row: GiftVoucherRow, testPayment: boolean, today: string): GiftVoucher {
  return {
    id: row.id,
    voucherType: row.voucher_type as VoucherType,
    voucherCode: row.voucher_code,
    price: row.price_text,
    recipientName: row.recipient_name,
    recipientEmail: row.recipient_email,
    senderName: row.sender_name,
    senderEmail: row.sender_email,
    message: row.message,
    isRedeemed: row.remaining <= 0,
    ...remainingFields(row),
    status: voucherStatusOf(row.remaining, row.expiry_date, today),
    testPayment,
    createdAt: row.created_at,
    expiryDate: row.expiry_date,
    source: row.source as GiftVoucher["source"],
    deliverOn: row.deliver_on,
    deliveredAt: row.delivered_at,
  };
}

function toLedgerEntry(row: VoucherLedgerRow): VoucherLedgerEntry {
  const note = row.override_reason ? [row.note, `Expired: override – ${row.override_reason}`].filter(Boolean).join(". ") : row.note;
  return {
    at: row.at,
    actor: row.actor,
    kind: row.kind as VoucherLedgerEntry["kind"],
    ...(row.amount_pence !== null ? { amountPence: row.amount_pence } : {}),
    ...(row.people !== null ? { people: row.people } : {}),
    ...(row.booking_reference !== null ? { bookingReference: row.booking_reference } : {}),
    note,
  };
}

async function isTestPayment(ctx: AppContext, row: GiftVoucherRow): Promise<boolean> {
  if (!row.payment_reference) return false;
  return (await findDemoPaymentIds(ctx.db, [row.payment_reference])).has(row.payment_reference);
}

/** Admin vouchers list: one page, newest first, filtered; each voucher with what is left (R35). */
export async function listVouchers(ctx: AppContext, q: VoucherListQuery): Promise<ListPage<GiftVoucher>> {
  const today = londonNow(ctx.now()).date;
  const { rows, total } = await listGiftVouchers(ctx.db, { search: q.search, voucherType: q.type, status: q.status, today }, q.page, q.pageSize);
  const demo = await findDemoPaymentIds(
    ctx.db,
    rows.flatMap((r) => (r.payment_reference ? [r.payment_reference] : [])),
  );
  const items = rows.map((r) => toGiftVoucher(r, r.payment_reference !== null && demo.has(r.payment_reference), today));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** GET /api/vouchers/{code}, vouchers.get: a voucher and its ledger, oldest first (staff). */
export async function getVoucher(ctx: AppContext, code: string): Promise<VoucherDetail> {
  const row = await findGiftVoucherByCode(ctx.db, code);
  if (!row) throw new NotFoundError("No voucher has that code.");
  const ledger = await listVoucherLedger(ctx.db, row.id);
  return { ...toGiftVoucher(row, await isTestPayment(ctx, row), londonNow(ctx.now()).date), ledger: ledger.map(toLedgerEntry) };
}

/**
 * The public check (R35): type, what is left, expiry and status of a code, nothing personal.
 * Null for an unknown code; the caller counts it against the client's wrong codes.
 */
export async function voucherBalance(ctx: AppContext, code: string): Promise<VoucherBalance | null> {
  const row = await findGiftVoucherByCode(ctx.db, code);
  if (!row) return null;
  const today = londonNow(ctx.now()).date;
  return {
    voucherType: row.voucher_type as VoucherType,
    ...remainingFields(row),
    expiryDate: row.expiry_date,
    status: voucherStatusOf(row.remaining, row.expiry_date, today),
  };
}

/** The vouchers screen's stats over every voucher, whatever the filters: counts by what is left; total value from the price texts (spec). */
export async function voucherStats(ctx: AppContext): Promise<VoucherStats> {
  const today = londonNow(ctx.now()).date;
  const counts = await giftVoucherCounts(ctx.db, today);
  // sumPriceTexts reads each price text once; pence keep the sum exact over many vouchers.
  const totalPence = counts.byPrice.reduce((sum, group) => sum + Math.round(sumPriceTexts([group.priceText]) * 100) * group.n, 0);
  return { total: counts.all, active: counts.active, redeemed: counts.redeemed, totalValue: totalPence / 100, remainingValue: counts.remainingPence / 100 };
}
