import {
  AdminBookingCreateSchema,
  AdminBookingUpdateSchema,
  BookingCancelOptionsSchema,
  BookingDeclineSchema,
  BookingListQuerySchema,
  CancelBookingRequestSchema,
  id,
  RefundRequestSchema,
} from "@tearoom/domain";
import { z } from "zod";
import { confirmRequest, declineRequest } from "../services/booking-lifecycle.js";
import { createAdminBooking, listBookingsForAdmin, updateAdminBooking } from "../services/bookings.js";
import { cancelBookingWithRefund, refundBooking } from "../services/refunds.js";
import { staffProcedure, router } from "../trpc/init.js";

export const bookingsRouter = router({
  list: staffProcedure.input(BookingListQuerySchema.optional()).query(({ ctx, input }) => listBookingsForAdmin(ctx.app, input ?? {})),
  /** R29: a booking that breaks a rule is a CONFLICT with `data.warnings` unless `acceptWarnings`. */
  create: staffProcedure.input(AdminBookingCreateSchema).mutation(({ ctx, input }) => createAdminBooking(ctx.app, input, ctx.session.username)),
  update: staffProcedure
    .input(AdminBookingUpdateSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...fields } }) => updateAdminBooking(ctx.app, bookingId, fields, ctx.session.username)),
  /** R14: the record stays, with status `cancelled`; R28: the guest is e-mailed unless `notifyGuest: false`; R34: optionally refunded first. */
  /** R36: `restoreVoucher: false` keeps a gift voucher's part used. */
  cancel: staffProcedure
    .input(BookingCancelOptionsSchema.extend(CancelBookingRequestSchema.shape).extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, refund, restoreVoucher, ...options } }) =>
      cancelBookingWithRefund(ctx.app, bookingId, { refund, restoreVoucher }, ctx.session.username, options),
    ),
  /** R28: a pending request is confirmed (guest e-mailed with the ICS) or declined with a reason. */
  confirm: staffProcedure.input(z.object({ id })).mutation(({ ctx, input }) => confirmRequest(ctx.app, input.id, ctx.session.username)),
  decline: staffProcedure
    .input(BookingDeclineSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...body } }) => declineRequest(ctx.app, bookingId, body, ctx.session.username)),
  /** R34: all (amountPence omitted) or part of the payment back through the provider; the guest is e-mailed. */
  refund: staffProcedure
    .input(RefundRequestSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...request } }) => refundBooking(ctx.app, bookingId, { ...request, actor: ctx.session.username })),
});
