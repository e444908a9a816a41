import { ArrivalInputSchema, CloseDateInputSchema, DaySheetQuerySchema, id } from "@tearoom/domain";
import { closeDate, listClosedDates, previewClosure, reopenDate } from "../services/closures.js";
import { getDaySheet, markArrival } from "../services/day-sheet.js";
import { staffProcedure, router } from "../trpc/init.js";

/** R31: the day sheet and, on the day, arrival (R28). */
export const daySheetRouter = router({
  get: staffProcedure.input(DaySheetQuerySchema).query(({ ctx, input }) => getDaySheet(ctx.app, input.date)),
  arrival: staffProcedure
    .input(ArrivalInputSchema.extend({ id }))
    .mutation(({ ctx, input }) => markArrival(ctx.app, input.id, input.status, ctx.session.username)),
});

/** R32: closing and reopening dates. */
export const closuresRouter = router({
  list: staffProcedure.query(({ ctx }) => listClosedDates(ctx.app)),
  preview: staffProcedure.input(DaySheetQuerySchema).query(({ ctx, input }) => previewClosure(ctx.app, input.date)),
  close: staffProcedure.input(CloseDateInputSchema).mutation(({ ctx, input }) => closeDate(ctx.app, input, ctx.session.username)),
  reopen: staffProcedure.input(DaySheetQuerySchema).mutation(({ ctx, input }) => reopenDate(ctx.app, input.date, ctx.session.username)),
});
