import { id, PasswordResetSchema, StaffUserCreateSchema } from "@tearoom/domain";
import { z } from "zod";
import { createStaffAccount, listStaffAccounts, removeStaffAccount, resetStaffPassword } from "../services/staff-accounts.js";
import { staffProcedure, router } from "../trpc/init.js";

/** R40: account management; the service refuses staff-role sessions (FORBIDDEN). */
export const staffUsersRouter = router({
  list: staffProcedure.query(({ ctx }) => listStaffAccounts(ctx.app, ctx.session)),
  create: staffProcedure.input(StaffUserCreateSchema).mutation(({ ctx, input }) => createStaffAccount(ctx.app, ctx.session, input)),
  remove: staffProcedure.input(z.object({ id })).mutation(async ({ ctx, input }) => {
    await removeStaffAccount(ctx.app, ctx.session, input.id);
    return { ok: true as const };
  }),
  resetPassword: staffProcedure
    .input(PasswordResetSchema.extend({ id }))
    .mutation(({ ctx, input }) => resetStaffPassword(ctx.app, ctx.session, input.id, { password: input.password })),
});
