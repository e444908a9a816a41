import { poundsToPence, PricingItemInputSchema, type PricingItem, type PricingItemInput, type PricingItemType } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { deletePricingItem, insertPricingItem, listPricingItems, updatePricingItem } from "../db/repositories/pricing-items.js";
import type { PricingItemRow } from "../db/schema.js";
import { NotFoundError } from "../errors.js";

const CACHE_KEY = "pricing-items";

export function toPricingItem(row: PricingItemRow): PricingItem {
  return { id: row.id, name: row.name, itemType: row.item_type as PricingItemType, price: row.price_pence, isActive: row.is_active === 1 };
}

export async function listPricing(ctx: AppContext): Promise<PricingItem[]> {
  return (await listPricingItems(ctx.db)).map(toPricingItem);
}

/** Pricing items for pages and quotes (R6), cached until the next change through this service. */
export async function getPricingItemsCached(ctx: AppContext): Promise<PricingItem[]> {
  const cached = ctx.cache.get(CACHE_KEY) as PricingItem[] | undefined;
  if (cached) return cached;
  const items = await listPricing(ctx);
  ctx.cache.set(CACHE_KEY, items);
  return items;
}

const values = (input: PricingItemInput) => ({
  name: input.name,
  item_type: input.itemType,
  // The form sends pounds as typed (spec section 5); we store integer pence.
  price_pence: poundsToPence(input.price),
  is_active: input.isActive ? 1 : 0,
});

export async function createPricing(ctx: AppContext, input: PricingItemInput): Promise<PricingItem> {
  const data = PricingItemInputSchema.parse(input);
  const row = await insertPricingItem(ctx.db, values(data), ctx.now().toISOString());
  ctx.cache.delete(CACHE_KEY);
  return toPricingItem(row);
}

export async function updatePricing(ctx: AppContext, id: number, input: PricingItemInput): Promise<PricingItem> {
  const data = PricingItemInputSchema.parse(input);
  const row = await updatePricingItem(ctx.db, id, values(data), ctx.now().toISOString());
  if (!row) throw new NotFoundError(`Pricing item ${id} not found`);
  ctx.cache.delete(CACHE_KEY);
  return toPricingItem(row);
}

export async function removePricing(ctx: AppContext, id: number): Promise<void> {
  if (!(await deletePricingItem(ctx.db, id))) throw new NotFoundError(`Pricing item ${id} not found`);
  ctx.cache.delete(CACHE_KEY);
}
