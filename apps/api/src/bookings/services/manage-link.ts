import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/database.js";
import { insertManageLink } from "../data/manage-links.js";
import { manageUrl } from "../../mail/messages/manage.js";
import { newManageToken } from "./manage-token.js";

/**
 * R37: stores a new link for a booking (inside the caller's transaction) and returns its address.
 * Its own module: every e-mail that carries the link mints one, not only the guest's manage pages.
 */
export async function mintManageLink(ctx: AppContext, db: DbOrTx, bookingId: number): Promise<string> {
  const { token, hash } = newManageToken();
  await insertManageLink(db, hash, bookingId, ctx.now().toISOString());
  return manageUrl(ctx.env.PUBLIC_ORIGIN, token);
}
