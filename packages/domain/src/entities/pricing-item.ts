import { z } from "zod";

/** Spec item types plus R6's additions. */
export const PRICING_ITEM_TYPES = [
  "traditional-afternoon-tea",
  "champagne-afternoon-tea",
  "gift-voucher-afternoon-tea",
  "gift-voucher-monetary",
  "gift-voucher-picnic-hamper",
  "secret-garden-wine",
] as const;
export const PricingItemTypeSchema = z.enum(PRICING_ITEM_TYPES, { error: "Item type is required" });
export type PricingItemType = z.infer<typeof PricingItemTypeSchema>;
export const PRICING_ITEM_TYPE_LABELS: Record<PricingItemType, string> = {
  "traditional-afternoon-tea": "Traditional Afternoon Tea",
  "champagne-afternoon-tea": "Champagne Afternoon Tea",
  "gift-voucher-afternoon-tea": "Afternoon Tea Gift Voucher",
  "gift-voucher-monetary": "Monetary Gift Voucher",
  "gift-voucher-picnic-hamper": "Picnic Hamper Gift Voucher",
  "secret-garden-wine": "Secret Garden Sparkling Wine",
};

export const PRICING_MESSAGES = {
  name: "Name is required",
  itemType: "Item type is required",
  price: "Price must be a positive number",
} as const;

/** Admin pricing form and POST/PATCH /api/pricing: price in pounds (two decimals), stored as pence. */
export const PricingItemInputSchema = z.object({
  name: z.string({ error: PRICING_MESSAGES.name }).trim().min(1, { error: PRICING_MESSAGES.name }).max(100),
  itemType: PricingItemTypeSchema,
  // A blank field must not become £0.00 (z.coerce reads "" and null as 0).
  price: z.preprocess(
    (v) => (v === null || (typeof v === "string" && v.trim() === "") ? undefined : v),
    z.coerce
      .number({ error: PRICING_MESSAGES.price })
      .min(0, { error: PRICING_MESSAGES.price })
      .max(100_000, { error: "Price must be at most £100,000" })
      .refine((v) => Number.isFinite(v), { error: PRICING_MESSAGES.price })
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: "Price must be in pounds and pence, e.g. 29.95" }),
  ),
  isActive: z.boolean().default(true),
});
export type PricingItemInput = z.infer<typeof PricingItemInputSchema>;

export const PricingItemSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  itemType: PricingItemTypeSchema,
  /** Integer pence. */
  price: z.number().int(),
  isActive: z.boolean(),
});
export type PricingItem = z.infer<typeof PricingItemSchema>;
