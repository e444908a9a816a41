import { listVouchers, VoucherListQuerySchema } from "../services/vouchers.js";
import { protectedProcedure, router } from "../trpc/init.js";

export const vouchersRouter = router({
  list: protectedProcedure.input(VoucherListQuerySchema.optional()).query(({ ctx, input }) => listVouchers(ctx.app, input ?? {})),
});
