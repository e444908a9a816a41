import { AdminBookingCreateSchema, AdminBookingUpdateSchema, BookingListQuerySchema, id, RefundRequestSchema } from "@tearoom/domain";
import { z } from "zod";
import { cancelBooking, createAdminBooking, listBookingsForAdmin, updateAdminBooking } from "../services/bookings.js";
import { refundBooking } from "../services/refunds.js";
import { protectedProcedure, router } from "../trpc/init.js";

export const bookingsRouter = router({
  list: protectedProcedure.input(BookingListQuerySchema.optional()).query(({ ctx, input }) => listBookingsForAdmin(ctx.app, input ?? {})),
  /** Staff bookings count against capacity but are not refused; `overCapacity` asks for a warning (R13). */
  create: protectedProcedure.input(AdminBookingCreateSchema).mutation(({ ctx, input }) => createAdminBooking(ctx.app, input)),
  update: protectedProcedure
    .input(AdminBookingUpdateSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...fields } }) => updateAdminBooking(ctx.app, bookingId, fields)),
  /** R14: the record stays, with status `cancelled`. */
  cancel: protectedProcedure.input(z.object({ id })).mutation(({ ctx, input }) => cancelBooking(ctx.app, input.id)),
  /** R34: all (amountPence omitted) or part of the payment back through the provider; the guest is e-mailed. */
  refund: protectedProcedure
    .input(RefundRequestSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...request } }) => refundBooking(ctx.app, bookingId, { ...request, actor: ctx.session.username })),
});
