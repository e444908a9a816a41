import { BookingPolicyFieldsSchema, BookingPolicySchema, PolicyBookingTypeSchema, refineDeposit } from "@tearoom/domain";
import { z } from "zod";
import { router, staffProcedure } from "../../trpc/init.js";
import { listPolicies, savePolicy } from "../services/booking-policies.js";

const BookingTypeParamsSchema = z.object({
  bookingType: PolicyBookingTypeSchema.describe("afternoonTea, table, picnicHamper or secretGarden"),
});

/** R47: each booking type's policy (none, card on file, deposit, prepay), read and saved one type at a time. */
export const bookingPoliciesRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/booking-policies",
        operationId: "listBookingPolicies",
        tag: "staff",
        summary:
          "Each booking type's policy (R47): kind, deposit per guest, from how many guests, on which weekdays, fee caps per guest, and the words guests read",
        response: z.array(BookingPolicySchema),
      },
    })
    .query(({ ctx }) => listPolicies(ctx.app)),
  update: staffProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/booking-policies/:bookingType",
        params: BookingTypeParamsSchema,
        operationId: "updateBookingPolicy",
        tag: "staff",
        summary:
          "Replace one booking type's policy (R47). An empty text uses the generated words. 400, changing nothing, names the field: afternoon tea cannot be less than prepay, prepay is afternoon tea's alone, amounts are whole pence from 0 to £500 per guest, a deposit needs an amount",
        response: BookingPolicySchema,
        errors: [400],
      },
    })
    .input(BookingPolicyFieldsSchema.extend(BookingTypeParamsSchema.shape).superRefine(refineDeposit))
    .mutation(({ ctx, input: { bookingType, ...policy } }) => savePolicy(ctx.app, bookingType, policy, ctx.session.username)),
});
