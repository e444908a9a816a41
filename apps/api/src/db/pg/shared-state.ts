/**
 * What a PostgreSQL context puts where a SQLite one keeps process-local state (decision 021).
 */

/**
 * How long an instance keeps rows that every instance may change, in ms: kept for ever by a SQLite
 * server, the only writer of its file, but here another instance's change must be seen. The
 * booking settings are read by every request, so they are kept for a second, and a booking checked
 * against settings changed in that second is checked again at its write (db/pg/settings-stamp.ts).
 * Prices are not kept: a visitor must be quoted what staff set. Everything else the services keep in
 * the context (the payment provider, callbacks, the garden spots that change only with a new seed)
 * is kept.
 */
const SHARED_ROWS: ReadonlyMap<string, number> = new Map([
  ["booking-settings", 1_000],
  // R44: the areas; a booking's write reads them again inside its transaction.
  ["areas", 1_000],
  ["pricing-items", 0],
]);

export class InstanceCache extends Map<string, unknown> {
  private readonly keptAt = new Map<string, number>();

  override set(key: string, value: unknown): this {
    const maxAge = SHARED_ROWS.get(key);
    if (maxAge === 0) return this;
    if (maxAge !== undefined) this.keptAt.set(key, performance.now());
    return super.set(key, value);
  }

  override get(key: string): unknown {
    const maxAge = SHARED_ROWS.get(key);
    if (maxAge !== undefined && performance.now() - (this.keptAt.get(key) ?? -Infinity) >= maxAge) {
      super.delete(key);
      return undefined;
    }
    return super.get(key);
  }
}
