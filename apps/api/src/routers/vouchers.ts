import { VoucherCodeSchema, VoucherExpiryUpdateSchema, VoucherListQuerySchema, VoucherRedemptionSchema, VoucherResendSchema } from "@tearoom/domain";
import { z } from "zod";
import { extendVoucherExpiry, redeemVoucher, resendVoucher } from "../services/voucher-ledger.js";
import { getVoucher, listVouchers, voucherStats } from "../services/vouchers.js";
import { staffProcedure, router } from "../trpc/init.js";

const byCode = z.object({ code: VoucherCodeSchema });

export const vouchersRouter = router({
  list: staffProcedure.input(VoucherListQuerySchema.optional()).query(({ ctx, input }) => listVouchers(ctx.app, input ?? {})),
  /** Over every voucher, whatever the list's filters. */
  stats: staffProcedure.query(({ ctx }) => voucherStats(ctx.app)),
  /** A voucher by code, with its ledger (R35). */
  get: staffProcedure.input(byCode).query(({ ctx, input }) => getVoucher(ctx.app, input.code)),
  redeem: staffProcedure
    .input(byCode.and(VoucherRedemptionSchema))
    .mutation(({ ctx, input: { code, ...redemption } }) => redeemVoucher(ctx.app, code, redemption, ctx.session.username)),
  resend: staffProcedure
    .input(byCode.extend(VoucherResendSchema.shape))
    .mutation(({ ctx, input: { code, to } }) => resendVoucher(ctx.app, code, { to }, ctx.session.username)),
  extend: staffProcedure
    .input(byCode.extend(VoucherExpiryUpdateSchema.shape))
    .mutation(({ ctx, input: { code, expiryDate } }) => extendVoucherExpiry(ctx.app, code, { expiryDate }, ctx.session.username)),
});
