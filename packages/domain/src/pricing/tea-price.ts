// The tea formula shared by the server's quote (quote.ts) and the afternoon tea page. Zod-free and
// a module of its own, so a page that prices a tea loads only this (each price formula is its own
// module: the public site's chunks then carry the formulas their pages use, and no shared chunk).
import type { TeaType } from "../entities/booking.js";
import type { SitePrices } from "../entities/site-info.js";

/** The prices per person of the two teas (pence, null while off sale), named as `SitePrices` names them. */
export type TeaPrices = Pick<SitePrices, TeaType>;

/**
 * Afternoon tea in pence (spec section 9): the tea's price per person times guests; null while
 * that tea is off sale. The page's total, the amount the browser sends and the server's quote
 * (`quoteAfternoonTea`) all come from it.
 */
export function teaPrice(prices: TeaPrices, teaType: TeaType, guests: number): number | null {
  const unit = prices[teaType];
  return unit === null ? null : unit * guests;
}
