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
  priceFormat: "Price must be in pounds and pence, e.g. 29.95",
  priceMin: "Price must be at least £0.01",
  priceMax: "Price must be at most £100,000",
} as const;

/** The most a pricing item may cost, in pounds: far above any real price, far below float trouble. */
export const MAX_PRICE_POUNDS = 100_000;

/** Pounds as staff type them: digits, then at most two decimals. No sign, exponent, spaces inside or thousands commas. */
const POUNDS_PATTERN = /^\d+(\.\d{1,2})?$/;

type PriceCheck = { ok: true; pounds: number } | { ok: false; message: string };

/**
 * Reads a typed price strictly (R33): "29.95" and 29.95 are £29.95; "1e9", "-5", "0.001", "abc",
 * "" and 0 are refused with a message, never rounded or otherwise changed into something else.
 */
export function checkPrice(raw: unknown): PriceCheck {
  let text: string;
  if (typeof raw === "number") {
    if (!Number.isFinite(raw) || raw < 0) return { ok: false, message: PRICING_MESSAGES.price };
    if (raw > MAX_PRICE_POUNDS) return { ok: false, message: PRICING_MESSAGES.priceMax };
    // A JSON number is checked as the shortest text that reads back as it (29.95, never 29.949999…).
    text = String(raw);
  } else if (typeof raw === "string") {
    text = raw.trim();
  } else {
    return { ok: false, message: PRICING_MESSAGES.price };
  }
  if (text === "" || /^-/.test(text)) return { ok: false, message: PRICING_MESSAGES.price };
  if (!POUNDS_PATTERN.test(text)) {
    // Text with digits is a price in the wrong form ("1e9", "0.001", "£5", "1,000"); without, no number at all.
    return { ok: false, message: /\d/.test(text) ? PRICING_MESSAGES.priceFormat : PRICING_MESSAGES.price };
  }
  const pounds = Number(text);
  if (pounds > MAX_PRICE_POUNDS) return { ok: false, message: PRICING_MESSAGES.priceMax };
  if (pounds < 0.01) return { ok: false, message: PRICING_MESSAGES.priceMin };
  return { ok: true, pounds };
}

/** Admin pricing form and POST/PATCH /api/pricing: price in pounds (two decimals), stored as pence. */
export const PricingItemInputSchema = z.object({
  name: z.string({ error: PRICING_MESSAGES.name }).trim().min(1, { error: PRICING_MESSAGES.name }).max(100),
  itemType: PricingItemTypeSchema,
  // Sellable items cost at least £0.01, and a typed amount is taken exactly as typed or refused (R33).
  price: z.union([z.number(), z.string()], { error: PRICING_MESSAGES.price }).transform((raw, ctx) => {
    const checked = checkPrice(raw);
    if (checked.ok) return checked.pounds;
    ctx.addIssue({ code: "custom", message: checked.message });
    return z.NEVER;
  }),
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
