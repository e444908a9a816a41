import type { DbOrTx } from "../../db/database.js";
import type { PricingItemRow } from "../../db/schema.js";

export type PricingItemValues = Pick<PricingItemRow, "name" | "item_type" | "price_pence" | "is_active">;

export async function listPricingItems(db: DbOrTx): Promise<PricingItemRow[]> {
  return db.selectFrom("pricing_items").selectAll().orderBy("id").execute();
}

export async function findPricingItem(db: DbOrTx, id: number): Promise<PricingItemRow | undefined> {
  return db.selectFrom("pricing_items").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertPricingItem(db: DbOrTx, values: PricingItemValues, now: string): Promise<PricingItemRow> {
  return db
    .insertInto("pricing_items")
    .values({ ...values, created_at: now, updated_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updatePricingItem(db: DbOrTx, id: number, values: PricingItemValues, now: string): Promise<PricingItemRow | undefined> {
  return db
    .updateTable("pricing_items")
    .set({ ...values, updated_at: now })
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

export async function deletePricingItem(db: DbOrTx, id: number): Promise<boolean> {
  const result = await db.deleteFrom("pricing_items").where("id", "=", id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function countPricingItems(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("pricing_items")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
