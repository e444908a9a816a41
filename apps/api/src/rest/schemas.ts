import { GiftVoucherSchema } from "@tearoom/domain";
import { z } from "zod";

/** Response shapes the API adds on top of the domain's entities (serialisation and OpenAPI). */

export const VoucherListSchema = z.object({
  items: z.array(GiftVoucherSchema),
  stats: z.object({ total: z.number().int(), active: z.number().int(), redeemed: z.number().int(), totalValue: z.number() }),
});

export const MessageSchema = z.object({ message: z.string() });
