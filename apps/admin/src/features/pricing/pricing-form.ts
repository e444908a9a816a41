import { fieldErrors, penceToPounds, PricingItemInputSchema, type PricingItem, type PricingItemInput, type PricingItemType } from "@tearoom/domain";

/** What the add/edit dialog holds while staff type: the price as pounds. */
export interface PricingFormValues {
  name: string;
  itemType: PricingItemType | "";
  price: number | string;
  isActive: boolean;
}

export const EMPTY_PRICING_FORM: PricingFormValues = { name: "", itemType: "", price: "", isActive: true };

/** An item opened for editing: its stored pence shown as pounds (spec section 5). */
export function pricingFormFrom(item: PricingItem): PricingFormValues {
  return { name: item.name, itemType: item.itemType, price: penceToPounds(item.price), isActive: item.isActive };
}

/** Checks the form with the domain schema; pounds are sent as entered and stored as pence by the server. */
export function parsePricingForm(values: PricingFormValues): { ok: true; data: PricingItemInput } | { ok: false; errors: Record<string, string> } {
  const price = typeof values.price === "string" && values.price.trim() === "" ? undefined : values.price;
  const parsed = PricingItemInputSchema.safeParse({ ...values, itemType: values.itemType || undefined, price });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, errors: fieldErrors(parsed.error) };
}
