// The Secret Garden wine formula shared by the server's quote (quote.ts) and the Secret Garden
// form; a module of its own for the same reason as tea-price.ts.
import type { SitePrices } from "../entities/site-info.js";

/**
 * Secret Garden sparkling wine in pence (spec section 9, +£15 per person by default): the price
 * per person times guests, nothing without wine; null while the wine is off sale. The form's
 * "Wine for …" line and the server's quote (`quoteWineAddOn`) both come from it.
 */
export function winePrice(prices: Pick<SitePrices, "wine">, guests: number, includeWine: boolean): number | null {
  if (!includeWine) return 0;
  return prices.wine === null ? null : prices.wine * guests;
}
