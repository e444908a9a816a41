import { z } from "zod";
import { GUEST_LIMITS } from "../constants.js";
import { email, honeypot, isoDate, londonDate, optionalText, text, timeOfDay } from "./common.js";
import { AFTERNOON_TEA_MESSAGES } from "./afternoon-tea-constants.js";
import { TeaTypeSchema } from "./booking.js";
import { VoucherCodeSchema } from "./gift-voucher.js";

/** The afternoon tea booking form (spec sections 3 and 5). */
export const AfternoonTeaFormSchema = z.object({
  date: isoDate(AFTERNOON_TEA_MESSAGES.date),
  time: timeOfDay(AFTERNOON_TEA_MESSAGES.time),
  guests: z.coerce
    .number({ error: AFTERNOON_TEA_MESSAGES.guestsMin })
    .int({ error: AFTERNOON_TEA_MESSAGES.guestsMin })
    .min(GUEST_LIMITS.afternoonTea.min, { error: AFTERNOON_TEA_MESSAGES.guestsMin })
    .max(GUEST_LIMITS.afternoonTea.max, { error: AFTERNOON_TEA_MESSAGES.guestsMax }),
  teaType: z.enum(TeaTypeSchema.options, { error: AFTERNOON_TEA_MESSAGES.teaType }),
  name: text(2, 100, AFTERNOON_TEA_MESSAGES.name),
  email: email(AFTERNOON_TEA_MESSAGES.email),
  phone: text(10, 40, AFTERNOON_TEA_MESSAGES.phone),
  dietaryRequirements: optionalText(500),
});
export type AfternoonTeaForm = z.infer<typeof AfternoonTeaFormSchema>;

/**
 * Spec section 3: metadata of the afternoon-tea payment-intent request; dietaryRequirements is "" if
 * none. The spec's client sends the date as `toISOString()` of the day picked; yyyy-MM-dd is taken too.
 */
export const AfternoonTeaPaymentMetadataSchema = AfternoonTeaFormSchema.extend({
  type: z.literal("afternoon-tea"),
  date: londonDate(AFTERNOON_TEA_MESSAGES.date),
  dietaryRequirements: z.string().trim().max(500).default(""),
  /** R36: a gift voucher paying part or all of it; "" or absent: none. */
  voucherCode: z.preprocess((v) => (v === "" || v === null ? undefined : v), VoucherCodeSchema.optional()),
});

export const AfternoonTeaPaymentIntentRequestSchema = z.object({
  /** Pounds, as the spec's client sends it; checked against the server's own quote (R3). */
  amount: z.number({ error: "amount must be a number of pounds" }).nonnegative().optional(),
  metadata: AfternoonTeaPaymentMetadataSchema,
  website: honeypot,
});
export type AfternoonTeaPaymentIntentRequest = z.infer<typeof AfternoonTeaPaymentIntentRequestSchema>;
