import { VoucherListQuerySchema } from "@tearoom/domain";
import { listVouchers, voucherStats } from "../services/vouchers.js";
import { protectedProcedure, router } from "../trpc/init.js";

export const vouchersRouter = router({
  list: protectedProcedure.input(VoucherListQuerySchema.optional()).query(({ ctx, input }) => listVouchers(ctx.app, input ?? {})),
  /** Over every voucher, whatever the list's filters. */
  stats: protectedProcedure.query(({ ctx }) => voucherStats(ctx.app)),
});
