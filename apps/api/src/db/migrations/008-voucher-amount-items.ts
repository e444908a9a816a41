import { sql, type Kysely } from "kysely";

// Frozen in time: never import application code here.
//
// R33: at most one active pricing item per item type, except monetary vouchers, whose active items
// are the amounts offered at checkout (until now the amounts were fixed at £25/£50/£75/£100 and the
// one monetary item only said whether they were on sale).
// - Where a type has several active items, the one the site was selling (the first by id) stays
//   active and the others become inactive: no price a visitor sees changes.
// - Where monetary vouchers were on sale, each of the four amounts gets an active item of its own
//   (an existing active item of that amount is kept); active monetary items of other amounts were
//   never sold and become inactive.
// - Two partial unique indexes make a second active item (or a second active item of one monetary
//   amount) impossible, whatever writes the table.

const MONETARY = "gift-voucher-monetary";
const AMOUNTS_PENCE = [2500, 5000, 7500, 10_000];

export async function up(db: Kysely<any>): Promise<void> {
  const now = new Date().toISOString();
  await sql`UPDATE pricing_items SET is_active = 0, updated_at = ${now}
    WHERE is_active = 1 AND item_type <> ${MONETARY}
      AND id <> (SELECT MIN(p.id) FROM pricing_items p WHERE p.item_type = pricing_items.item_type AND p.is_active = 1)`.execute(db);

  const { rows } = await sql<{ n: number }>`SELECT COUNT(*) AS n FROM pricing_items WHERE item_type = ${MONETARY} AND is_active = 1`.execute(db);
  if (Number(rows[0]?.n ?? 0) > 0) {
    // Keep the first active item of each amount on sale; every other active monetary item was never an amount offered.
    await sql`UPDATE pricing_items SET is_active = 0, updated_at = ${now}
      WHERE item_type = ${MONETARY} AND is_active = 1
        AND (price_pence NOT IN (${sql.join(AMOUNTS_PENCE)})
          OR id <> (SELECT MIN(p.id) FROM pricing_items p WHERE p.item_type = ${MONETARY} AND p.is_active = 1 AND p.price_pence = pricing_items.price_pence))`.execute(
      db,
    );
    for (const pence of AMOUNTS_PENCE) {
      await sql`INSERT INTO pricing_items (name, item_type, price_pence, is_active, created_at, updated_at)
        SELECT ${`Monetary Gift Voucher £${pence / 100}`}, ${MONETARY}, ${pence}, 1, ${now}, ${now}
        WHERE NOT EXISTS (SELECT 1 FROM pricing_items WHERE item_type = ${MONETARY} AND is_active = 1 AND price_pence = ${pence})`.execute(db);
    }
  }

  await sql`CREATE UNIQUE INDEX pricing_items_one_active_per_type ON pricing_items (item_type) WHERE is_active = 1 AND item_type <> ${sql.lit(MONETARY)}`.execute(
    db,
  );
  await sql`CREATE UNIQUE INDEX pricing_items_one_active_per_amount ON pricing_items (price_pence) WHERE is_active = 1 AND item_type = ${sql.lit(MONETARY)}`.execute(
    db,
  );
}

/** Drops the two indexes; items made inactive or added stay as they are (they are valid rows either way). */
export async function down(db: Kysely<any>): Promise<void> {
  await sql`DROP INDEX IF EXISTS pricing_items_one_active_per_amount`.execute(db);
  await sql`DROP INDEX IF EXISTS pricing_items_one_active_per_type`.execute(db);
}
