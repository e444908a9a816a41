import {
  AdminBookingCreateSchema,
  AdminBookingUpdateSchema,
  BookingCancelOptionsSchema,
  BookingDeclineSchema,
  BookingListQuerySchema,
  BookingSchema,
  BookingWarningSchema,
  CancelBookingRequestSchema,
  FeeAnswerSchema,
  FeeRequestSchema,
  id,
  PaymentLinkAnswerSchema,
  PaymentLinkRequestSchema,
  RefundAnswerSchema,
  RefundRequestSchema,
} from "@tearoom/domain";
import { z } from "zod";
import { confirmRequest, declineRequest } from "../services/booking-lifecycle.js";
import { createAdminBooking, listBookingsForAdmin, updateAdminBooking } from "../services/bookings.js";
import { cancelBookingWithRefund, refundBooking } from "../../payments/services/refunds.js";
import { sendPaymentLink } from "../../payments/services/payment-links.js";
import { chargeFee } from "../../payments/services/fees.js";
import { IdParamsSchema } from "../../rest/helpers.js";
import { ok, PAGED, WARNINGS_409 } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

/** What a staff write answers: the booking, and the rules it was saved past (R29). */
const StaffWriteSchema = z.object({ booking: BookingSchema, overCapacity: z.boolean(), warnings: z.array(BookingWarningSchema) });

/** The list without filters: the query's defaults (first page, its size, no cancelled ones), parsed once. */
const NO_FILTERS = BookingListQuerySchema.parse({});

export const bookingsRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/bookings",
        operationId: "listBookings",
        tag: "bookings",
        summary: `Reservations, filtered like the admin screen (cancelled ones only when asked). ${PAGED}`,
        response: z.array(BookingSchema),
        errors: [400],
        paged: true,
      },
    })
    .input(BookingListQuerySchema.optional())
    .query(({ ctx, input }) => listBookingsForAdmin(ctx.app, input ?? NO_FILTERS)),
  /** R29: a booking that breaks a rule is a CONFLICT with `data.warnings` unless `acceptWarnings`. */
  create: staffProcedure.input(AdminBookingCreateSchema).mutation(({ ctx, input }) => createAdminBooking(ctx.app, input, ctx.session.username)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/bookings/:id",
        params: IdParamsSchema,
        operationId: "updateBooking",
        tag: "bookings",
        summary:
          "Edit a reservation, its staff notes included. A change of date, time or guests that breaks a booking rule (R29) is 409 with `warnings`, nothing saved, unless acceptWarnings is true; it is e-mailed to the guest unless notifyGuest is false. tableLabel (issue 31: free text, at most 20 characters, empty or null clears it, left out keeps it) changes nothing else and warns about nothing",
        response: StaffWriteSchema,
        responses: { 409: WARNINGS_409 },
        errors: [400, 404],
      },
    })
    .input(AdminBookingUpdateSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...fields } }) => updateAdminBooking(ctx.app, bookingId, fields, ctx.session.username)),
  /** R14: the record stays, with status `cancelled`; R28: the guest is e-mailed unless `notifyGuest: false`; R34: optionally refunded first. */
  /** R36: `restoreVoucher: false` keeps a gift voucher's part used. */
  cancel: staffProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/bookings/:id",
        params: IdParamsSchema,
        // REST: notifyGuest in the query string, the refund choice in the (optional) body.
        query: BookingCancelOptionsSchema,
        request: CancelBookingRequestSchema.optional(),
        operationId: "cancelBooking",
        tag: "bookings",
        summary:
          "Cancel a reservation (the record stays, status cancelled); the guest is e-mailed unless ?notifyGuest=false. A declined request is 409. A paid booking may be refunded in the same call: body `{ refund: { amountPence?, reason } }` (amount omitted: all that is left), refunded before cancelling, so a refused refund cancels nothing. A gift voucher's part goes back to the voucher unless the body says `restoreVoucher: false` (R36)",
        response: BookingSchema,
        errors: [400, 404, 409, 502],
      },
    })
    .input(BookingCancelOptionsSchema.extend(CancelBookingRequestSchema.shape).extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, refund, restoreVoucher, ...options } }) =>
      cancelBookingWithRefund(ctx.app, bookingId, { refund, restoreVoucher }, ctx.session.username, options),
    ),
  /** R28: a pending request is confirmed (guest e-mailed with the ICS) or declined with a reason. */
  confirm: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/bookings/:id/confirm",
        params: IdParamsSchema,
        operationId: "confirmBooking",
        tag: "bookings",
        summary: "Confirm a pending request (empty body); the guest is e-mailed the confirmation with an ICS. 409 unless pending",
        response: BookingSchema,
        errors: [400, 404, 409],
      },
    })
    .input(z.object({ id }))
    .mutation(({ ctx, input }) => confirmRequest(ctx.app, input.id, ctx.session.username)),
  decline: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/bookings/:id/decline",
        params: IdParamsSchema,
        operationId: "declineBooking",
        tag: "bookings",
        summary: "Decline a pending request with the reason the guest is e-mailed; its seats are freed. 409 unless pending",
        response: BookingSchema,
        errors: [400, 404, 409],
      },
    })
    .input(BookingDeclineSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...body } }) => declineRequest(ctx.app, bookingId, body, ctx.session.username)),
  /** R34: all (amountPence omitted) or part of the payment back through the provider; the guest is e-mailed. */
  refund: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/bookings/:id/refunds",
        params: IdParamsSchema,
        status: 201,
        operationId: "refundBooking",
        tag: "bookings",
        summary:
          "Refund all or part of a booking's payment through the provider (R34); amountPence omitted: everything still refundable. The guest is e-mailed",
        response: RefundAnswerSchema,
        responses: { 201: ok(RefundAnswerSchema, "Refunded") },
        errors: [400, 404, 409, 502],
      },
    })
    .input(RefundRequestSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...request } }) => refundBooking(ctx.app, bookingId, { ...request, actor: ctx.session.username })),
  /** R49: a link for the guest to pay a deposit or the full amount, e-mailed to them; the booking is awaiting payment until it is paid. */
  paymentLink: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/bookings/:id/payment-link",
        params: IdParamsSchema,
        status: 201,
        operationId: "sendPaymentLink",
        tag: "bookings",
        summary:
          'Send the guest a link to pay a deposit or the full amount by card (R49); amountPence omitted with kind "full": the booking\'s amount still to pay. The link is e-mailed to the guest and expires after the payment_link_days setting; the booking\'s payment is "awaiting" until it is paid. A later link replaces an open one. 409 when the booking has no e-mail address or is not pending or confirmed; kind "card" e-mails a link to save a card for later fees (a SetupIntent; nothing charged; the booking then has cardOnFile true)',
        response: PaymentLinkAnswerSchema,
        responses: { 201: ok(PaymentLinkAnswerSchema, "Link sent") },
        errors: [400, 404, 409],
      },
    })
    .input(PaymentLinkRequestSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...request } }) => sendPaymentLink(ctx.app, bookingId, request, ctx.session.username)),
  /** R48: a no-show or late-cancel fee to the saved card, capped by the policy, with a reason; audited and e-mailed. */
  chargeFee: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/bookings/:id/fees",
        params: IdParamsSchema,
        status: 201,
        operationId: "chargeBookingFee",
        tag: "bookings",
        summary:
          'Charge a no-show or late-cancel fee to the card the booking saved (R48), off session. amountPence omitted: the policy\'s fee per guest times the guests; more than that is 400 naming amountPence and the cap; reason is required. 409 when the booking is not marked no-show (kind "no-show"), was not cancelled by staff after the cut-off (kind "late-cancel"), has no saved card, or was already charged that fee. A declined card is 402 with the provider\'s message: nothing charged, the attempt recorded. The fee is one of the booking\'s payments (refundable like any other), audited and e-mailed to the guest',
        response: FeeAnswerSchema,
        responses: { 201: ok(FeeAnswerSchema, "Charged") },
        errors: [400, 402, 404, 409, 502],
      },
    })
    .input(FeeRequestSchema.extend({ id }))
    .mutation(({ ctx, input: { id: bookingId, ...request } }) => chargeFee(ctx.app, bookingId, request, ctx.session.username)),
});
