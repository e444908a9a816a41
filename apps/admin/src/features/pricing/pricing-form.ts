import { PricingItemInputSchema, type PricingItem, type PricingItemInput, type PricingItemType } from "@tearoom/domain";

/** What the add/edit dialog holds while staff type: the price as the text typed, in pounds. */
export interface PricingFormValues {
  name: string;
  itemType: PricingItemType | "";
  price: string;
  isActive: boolean;
}

export const EMPTY_PRICING_FORM: PricingFormValues = { name: "", itemType: "", price: "", isActive: true };

/** An item opened for editing: its stored pence shown as pounds with two decimals (spec section 5). */
export function pricingFormFrom(item: PricingItem): PricingFormValues {
  return { name: item.name, itemType: item.itemType, price: (item.price / 100).toFixed(2), isActive: item.isActive };
}

/**
 * The domain schema's reading of the form (R33: a typed price is taken exactly or refused): the
 * values to send, or a message per field. The server reads them with the same schema.
 */
export function parsePricingForm(values: PricingFormValues): { ok: true; data: PricingItemInput } | { ok: false; errors: Record<string, string> } {
  const parsed = PricingItemInputSchema.safeParse({ ...values, itemType: values.itemType || undefined });
  if (parsed.success) return { ok: true, data: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "_");
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Only one item of a type is sold at once; monetary voucher items are each an amount offered (R33). */
export function itemTypeHint(itemType: PricingItemType | ""): string {
  if (itemType === "gift-voucher-monetary") return "Each active monetary voucher item is an amount offered at checkout; its price is the amount.";
  return "Only one item of each type can be active: the price the website sells.";
}
