import { z } from "zod";
import { GUEST_LIMITS } from "../constants.js";
import { TeaTypeSchema } from "./booking.js";
import { VoucherCodeSchema, VoucherTypeSchema } from "./gift-voucher.js";

/** GET /api/voucher-quote?code=&teaType=&guests= (R36): what a voucher would pay of this tea. */
export const VoucherQuoteQuerySchema = z.object({
  code: VoucherCodeSchema,
  teaType: z.enum(TeaTypeSchema.options, { error: "teaType must be traditional or champagne" }),
  guests: z.coerce
    .number({ error: "guests must be a number" })
    .int({ error: "guests must be a whole number" })
    .min(GUEST_LIMITS.afternoonTea.min, { error: `guests must be ${GUEST_LIMITS.afternoonTea.min} to ${GUEST_LIMITS.afternoonTea.max}` })
    .max(GUEST_LIMITS.afternoonTea.max, { error: `guests must be ${GUEST_LIMITS.afternoonTea.min} to ${GUEST_LIMITS.afternoonTea.max}` }),
});
export type VoucherQuoteQuery = z.infer<typeof VoucherQuoteQuerySchema>;

/** Its answer: nothing personal, only what the voucher pays now and what is left to pay by card. */
export const VoucherQuoteSchema = z.object({
  voucherType: VoucherTypeSchema,
  totalPence: z.number().int().describe("The tea's price"),
  voucherAppliedPence: z.number().int().describe("What the voucher pays of it"),
  amountPence: z.number().int().describe("What is left to pay by card"),
  coveredGuests: z.number().int().nullable().describe("Afternoon-tea vouchers: guests covered (traditional tea each); monetary: null"),
  summary: z.string().describe('What the form shows, e.g. "Covers £59.90; nothing left to pay (£15.10 stays on the voucher)."'),
  expiryDate: z.string(),
});
export type VoucherQuote = z.infer<typeof VoucherQuoteSchema>;
