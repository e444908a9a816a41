import {
  londonNow,
  sumPriceTexts,
  VoucherListQuerySchema,
  type GiftVoucher,
  type ListPage,
  type VoucherListQuery,
  type VoucherStats,
  type VoucherType,
} from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { giftVoucherCounts, listGiftVouchers } from "../db/repositories/gift-vouchers.js";
import { findDemoPaymentIds } from "../db/repositories/payments.js";
import type { GiftVoucherRow } from "../db/schema.js";

/** A voucher row as the API answers it; `testPayment`: the demo provider took its payment (R22). */
export function toGiftVoucher(row: GiftVoucherRow, testPayment: boolean): GiftVoucher {
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
    isRedeemed: row.is_redeemed === 1,
    testPayment,
    createdAt: row.created_at,
    expiryDate: row.expiry_date,
  };
}

/** Admin vouchers list: one page, newest first, filtered (read-only, spec section 2). */
export async function listVouchers(ctx: AppContext, query: Partial<VoucherListQuery> = {}): Promise<ListPage<GiftVoucher>> {
  const q = VoucherListQuerySchema.parse(query);
  const today = londonNow(ctx.now()).date;
  const { rows, total } = await listGiftVouchers(ctx.db, { search: q.search, voucherType: q.type, status: q.status, today }, q.page, q.pageSize);
  const demo = await findDemoPaymentIds(ctx.db, rows.flatMap((r) => (r.payment_reference ? [r.payment_reference] : [])));
  const items = rows.map((r) => toGiftVoucher(r, r.payment_reference !== null && demo.has(r.payment_reference)));
  return { items, total, page: q.page, pageSize: q.pageSize };
}

/** The vouchers screen's stats over every voucher, whatever the filters; total value from the price texts (spec). */
export async function voucherStats(ctx: AppContext): Promise<VoucherStats> {
  const today = londonNow(ctx.now()).date;
  const counts = await giftVoucherCounts(ctx.db, today);
  // sumPriceTexts reads each price text once; pence keep the sum exact over many vouchers.
  const totalPence = counts.byPrice.reduce((sum, group) => sum + Math.round(sumPriceTexts([group.priceText]) * 100) * group.n, 0);
  return { total: counts.all, active: counts.active, redeemed: counts.redeemed, totalValue: totalPence / 100 };
}
