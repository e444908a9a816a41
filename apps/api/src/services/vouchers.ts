import { londonNow, sumPriceTexts, type GiftVoucher, type VoucherType } from "@tearoom/domain";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { listGiftVouchers } from "../db/repositories/gift-vouchers.js";
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

/** Admin vouchers filters (GET /api/vouchers query, vouchers.list input). */
export const VoucherListQuerySchema = z.object({
  search: z.string().trim().max(100).optional(),
  type: z.enum(["afternoonTea", "picnicHamper", "monetary"], { error: "type must be afternoonTea, picnicHamper or monetary" }).optional(),
  status: z.enum(["active", "redeemed", "expired"], { error: "status must be active, redeemed or expired" }).optional(),
});
export type VoucherListQuery = z.infer<typeof VoucherListQuerySchema>;

export interface VoucherStats {
  total: number;
  active: number;
  redeemed: number;
  /** Pounds: the sum of the numbers in the price texts (spec section 2, domain sumPriceTexts). */
  totalValue: number;
}

/** Read-only voucher list; the stats cover every voucher, whatever the filters. */
export async function listVouchers(ctx: AppContext, query: VoucherListQuery = {}): Promise<{ items: GiftVoucher[]; stats: VoucherStats }> {
  const q = VoucherListQuerySchema.parse(query);
  const today = londonNow(ctx.now()).date;
  const filtered = !!(q.search || q.type || q.status);
  const rows = await listGiftVouchers(ctx.db);
  const shown = filtered ? await listGiftVouchers(ctx.db, { search: q.search, voucherType: q.type, status: q.status, today }) : rows;
  const demo = await findDemoPaymentIds(ctx.db, [...rows, ...shown].flatMap((r) => (r.payment_reference ? [r.payment_reference] : [])));
  const toVoucher = (r: GiftVoucherRow) => toGiftVoucher(r, r.payment_reference !== null && demo.has(r.payment_reference));
  const all = rows.map(toVoucher);
  const items = filtered ? shown.map(toVoucher) : all;
  return {
    items,
    stats: {
      total: all.length,
      active: all.filter((v) => !v.isRedeemed && v.expiryDate >= today).length,
      redeemed: all.filter((v) => v.isRedeemed).length,
      totalValue: sumPriceTexts(all.map((v) => v.price)),
    },
  };
}
