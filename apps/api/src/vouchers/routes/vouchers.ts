import {
  GiftVoucherSchema,
  VoucherCodeParamsSchema,
  VoucherCodeSchema,
  VoucherDetailSchema,
  VoucherExpiryUpdateSchema,
  VoucherIssueSchema,
  VoucherListQuerySchema,
  VoucherRedemptionSchema,
  VoucherResendSchema,
  VoucherStatsSchema,
} from "@tearoom/domain";
import { z } from "zod";
import { extendVoucherExpiry, redeemVoucher, resendVoucher } from "../services/voucher-ledger.js";
import { getVoucher, listVouchers, voucherStats } from "../services/vouchers.js";
import { issueVoucher } from "../services/voucher-issue.js";
import { ok, PAGED } from "../../rest/openapi.js";
import { staffProcedure, router } from "../../trpc/init.js";

const byCode = z.object({ code: VoucherCodeSchema });
/** The list without filters: the query's defaults (first page, its size), parsed once. */
const NO_FILTERS = VoucherListQuerySchema.parse({});

// R35: the ledger. Each action answers the voucher with its ledger; the actor is the signed-in staff member.
export const vouchersRouter = router({
  list: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/vouchers",
        operationId: "listVouchers",
        tag: "staff",
        summary: `Gift vouchers, newest first. ${PAGED}`,
        response: z.array(GiftVoucherSchema),
        errors: [400],
        paged: true,
      },
    })
    .input(VoucherListQuerySchema.optional())
    .query(({ ctx, input }) => listVouchers(ctx.app, input ?? NO_FILTERS)),
  /** R50: a voucher sold at the till, by phone, or given as a gesture. */
  issue: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/vouchers",
        request: VoucherIssueSchema,
        status: 201,
        operationId: "issueVoucher",
        tag: "staff",
        summary:
          "Issue a voucher sold at the till (source till-card or till-cash), by phone, or complimentary: amountPence for a monetary voucher, people for a per-person one (priced from today's pricing). Audited; with recipientEmail the voucher is e-mailed to it. Bad input: 400 naming the field",
        response: VoucherDetailSchema,
        responses: { 201: ok(VoucherDetailSchema, "Issued: the voucher with its code and ledger") },
        errors: [400],
      },
    })
    .input(VoucherIssueSchema)
    .mutation(({ ctx, input }) => issueVoucher(ctx.app, input, ctx.session.username)),
  /** Over every voucher, whatever the list's filters. */
  stats: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/vouchers/stats",
        operationId: "getVoucherStats",
        tag: "staff",
        summary: "Voucher stats over every voucher (totalValue: the sum of the numbers in the price texts; remainingValue: what is left on the active ones)",
        response: VoucherStatsSchema,
      },
    })
    .query(({ ctx }) => voucherStats(ctx.app)),
  /** A voucher by code, with its ledger (R35). */
  get: staffProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/vouchers/:code",
        params: VoucherCodeParamsSchema,
        operationId: "getVoucher",
        tag: "staff",
        summary: "A voucher by its code, with its ledger (oldest first)",
        response: VoucherDetailSchema,
        errors: [400, 404],
      },
    })
    .input(byCode)
    .query(({ ctx, input }) => getVoucher(ctx.app, input.code)),
  redeem: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/vouchers/:code/redemptions",
        params: VoucherCodeParamsSchema,
        // The input is the code and the redemption together; the body is the redemption.
        request: VoucherRedemptionSchema,
        status: 201,
        operationId: "redeemVoucher",
        tag: "staff",
        summary:
          "Redeem part or all of a voucher: amountPence (monetary) or people (per person), an optional note; an expired voucher only with override.reason. More than is left, or expired without override: 409",
        response: VoucherDetailSchema,
        responses: { 201: ok(VoucherDetailSchema, "Redeemed: the voucher with its ledger") },
        errors: [400, 404, 409],
      },
    })
    .input(byCode.and(VoucherRedemptionSchema))
    .mutation(({ ctx, input: { code, ...redemption } }) => redeemVoucher(ctx.app, code, redemption, ctx.session.username)),
  resend: staffProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/vouchers/:code/resend",
        params: VoucherCodeParamsSchema,
        operationId: "resendVoucher",
        tag: "staff",
        summary: "Send the voucher e-mail again, to the recipient or to the buyer (nothing left: 409)",
        response: VoucherDetailSchema,
        errors: [400, 404, 409],
      },
    })
    .input(byCode.extend(VoucherResendSchema.shape))
    .mutation(({ ctx, input: { code, to } }) => resendVoucher(ctx.app, code, { to }, ctx.session.username)),
  extend: staffProcedure
    .meta({
      rest: {
        method: "PATCH",
        path: "/api/vouchers/:code",
        params: VoucherCodeParamsSchema,
        operationId: "extendVoucher",
        tag: "staff",
        summary: "Extend a voucher's expiry to a later date",
        response: VoucherDetailSchema,
        errors: [400, 404],
      },
    })
    .input(byCode.extend(VoucherExpiryUpdateSchema.shape))
    .mutation(({ ctx, input: { code, expiryDate } }) => extendVoucherExpiry(ctx.app, code, { expiryDate }, ctx.session.username)),
});
