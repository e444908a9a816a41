import {
  activePricingConflict,
  poundsToPence,
  PricingItemInputSchema,
  type PricingItem,
  type PricingItemInput,
  type PricingItemType,
} from "@tearoom/domain";
import type { AppContext } from "../context.js";
import { immediateTransaction, type DbOrTx } from "../db/database.js";
import { deletePricingItem, findPricingItem, insertPricingItem, listPricingItems, updatePricingItem, type PricingItemValues } from "../db/repositories/pricing-items.js";
import type { PricingItemRow } from "../db/schema.js";
import { ConflictError, NotFoundError } from "../errors.js";

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

const values = (input: PricingItemInput): PricingItemValues => ({
  name: input.name,
  item_type: input.itemType,
  // The form sends pounds as typed (spec section 5); we store integer pence.
  price_pence: poundsToPence(input.price),
  is_active: input.isActive ? 1 : 0,
});

/** Refuses (409, naming it) an item that would stand beside the active one of its type (R33). */
async function refuseSecondActive(tx: DbOrTx, row: PricingItemValues, id?: number): Promise<void> {
  const items = (await listPricingItems(tx)).map(toPricingItem);
  const conflict = activePricingConflict(items, { id, itemType: row.item_type as PricingItemType, price: row.price_pence, isActive: row.is_active === 1 });
  if (conflict) throw new ConflictError(conflict.message);
}

// Read-then-write under BEGIN IMMEDIATE (decision 002): two staff activating an item of one type at
// once cannot both pass the check.
export async function createPricing(ctx: AppContext, input: PricingItemInput): Promise<PricingItem> {
  const row = values(PricingItemInputSchema.parse(input));
  const created = await immediateTransaction(ctx.db, async (tx) => {
    await refuseSecondActive(tx, row);
    return insertPricingItem(tx, row, ctx.now().toISOString());
  });
  ctx.cache.delete(CACHE_KEY);
  return toPricingItem(created);
}

export async function updatePricing(ctx: AppContext, id: number, input: PricingItemInput): Promise<PricingItem> {
  const row = values(PricingItemInputSchema.parse(input));
  const updated = await immediateTransaction(ctx.db, async (tx) => {
    if (!(await findPricingItem(tx, id))) return undefined;
    await refuseSecondActive(tx, row, id);
    return updatePricingItem(tx, id, row, ctx.now().toISOString());
  });
  if (!updated) throw new NotFoundError(`Pricing item ${id} not found`);
  ctx.cache.delete(CACHE_KEY);
  return toPricingItem(updated);
}

export async function removePricing(ctx: AppContext, id: number): Promise<void> {
  if (!(await deletePricingItem(ctx.db, id))) throw new NotFoundError(`Pricing item ${id} not found`);
  ctx.cache.delete(CACHE_KEY);
}
