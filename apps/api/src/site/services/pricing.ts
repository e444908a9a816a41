import {
  activePricingConflict,
  poundsToPence,
  PricingError,
  quoteWineAddOn,
  type PricingItem,
  type PricingItemInput,
  type PricingItemType,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { deletePricingItem, findPricingItem, insertPricingItem, listPricingItems, updatePricingItem, type PricingItemValues } from "../data/pricing-items.js";
import type { PricingItemRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";

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

/** The Secret Garden's sparkling-wine add-on for `guests` (0 without wine), from the pricing items. */
export async function wineTotal(ctx: AppContext, guests: number, includeWine: boolean): Promise<number> {
  try {
    return quoteWineAddOn(await getPricingItemsCached(ctx), guests, includeWine);
  } catch (err) {
    if (err instanceof PricingError) throw new BadRequestError("includeWine: English sparkling wine is not available at the moment.");
    throw err;
  }
}

const values = (input: PricingItemInput): PricingItemValues => ({
  name: input.name,
  item_type: input.itemType,
  // The form sends pounds as typed (spec section 5); we store integer pence.
  price_pence: poundsToPence(input.price),
  is_active: input.isActive ? 1 : 0,
});

/** R40: how the record names a pricing item, and what it keeps of one (price in pence). */
const subject = (item: PricingItem) => `Pricing item ${item.id} (${item.name})`;
const state = ({ name, itemType, price, isActive }: PricingItem) => ({ name, itemType, price, isActive });

/** Refuses (409, naming it) an item that would stand beside the active one of its type (R33). */
async function refuseSecondActive(tx: DbOrTx, row: PricingItemValues, id?: number): Promise<void> {
  const items = (await listPricingItems(tx)).map(toPricingItem);
  const conflict = activePricingConflict(items, { id, itemType: row.item_type as PricingItemType, price: row.price_pence, isActive: row.is_active === 1 });
  if (conflict) throw new ConflictError(conflict.message);
}

// Read-then-write under BEGIN IMMEDIATE (decision 002): two staff activating an item of one type at
// once cannot both pass the check. The change and its audit record (R40) commit together.
export async function createPricing(ctx: AppContext, input: PricingItemInput, actor: Actor): Promise<PricingItem> {
  const row = values(input);
  const now = ctx.now().toISOString();
  const item = await immediateTransaction(ctx.db, async (tx) => {
    await refuseSecondActive(tx, row);
    const created = toPricingItem(await insertPricingItem(tx, row, now));
    await recordAudit(tx, { at: now, actor, action: "pricing.create", subject: subject(created), before: null, after: state(created) });
    return created;
  });
  ctx.cache.delete(CACHE_KEY);
  return item;
}

export async function updatePricing(ctx: AppContext, id: number, input: PricingItemInput, actor: Actor): Promise<PricingItem> {
  const row = values(input);
  const now = ctx.now().toISOString();
  const item = await immediateTransaction(ctx.db, async (tx) => {
    const before = await findPricingItem(tx, id);
    if (!before) throw new NotFoundError(`Pricing item ${id} not found`);
    await refuseSecondActive(tx, row, id);
    const updated = toPricingItem((await updatePricingItem(tx, id, row, now))!);
    await recordAudit(tx, { at: now, actor, action: "pricing.update", subject: subject(updated), before: state(toPricingItem(before)), after: state(updated) });
    return updated;
  });
  ctx.cache.delete(CACHE_KEY);
  return item;
}

export async function removePricing(ctx: AppContext, id: number, actor: Actor): Promise<void> {
  await immediateTransaction(ctx.db, async (tx) => {
    const before = await findPricingItem(tx, id);
    if (!before || !(await deletePricingItem(tx, id))) throw new NotFoundError(`Pricing item ${id} not found`);
    const item = toPricingItem(before);
    await recordAudit(tx, { at: ctx.now().toISOString(), actor, action: "pricing.delete", subject: subject(item), before: state(item), after: null });
  });
  ctx.cache.delete(CACHE_KEY);
}
