import type { PaymentLinkKind, PaymentLinkView } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { findBookingById } from "../../bookings/data/bookings.js";
import { NotFoundError } from "../../errors.js";
import { sha256Hex } from "../../sha256.js";
import { findPaymentLinkByHash } from "../data/payment-links.js";
import { LINKABLE } from "./payment-links.js";
import { paymentProvider } from "./payment-provider.js";
import { syncPayment } from "./payments.js";

// The guest's side of a payment link (R49); its own module because it settles through syncPayment,
// which reaches payment-links.ts's fulfilment.

/** What the guest's page gets for a token: the link, or why it cannot be paid. */
export type GuestPaymentLink = { kind: "found"; view: PaymentLinkView } | { kind: "expired"; message: string };

export const EXPIRED_LINK_MESSAGE = "This payment link has expired. Please contact the tearoom for a new one.";

/**
 * GET /api/payment-links/{token}: the booking it pays for and, while open, the intent's client
 * secret (read from the provider: only its hash is kept). 404 for an unknown token; an expired
 * unpaid link is `expired` (410).
 */
export async function guestPaymentLink(ctx: AppContext, token: string): Promise<GuestPaymentLink> {
  const link = await findPaymentLinkByHash(ctx.db, sha256Hex(token));
  const row = link ? await findBookingById(ctx.db, link.booking_id) : undefined;
  if (!link || !row) throw new NotFoundError("This payment link is not valid. Please check the address in your e-mail.");
  const base = {
    kind: link.kind as PaymentLinkKind,
    reference: row.reference,
    name: row.name,
    date: row.date,
    time: row.time,
    guests: row.guests,
    bookingType: row.type,
    amountPence: link.amount_pence,
    expiresAt: link.expires_at,
  };
  let paid = link.paid_at !== null;
  let clientSecret: string | null = null;
  if (!paid) {
    if (link.expires_at <= ctx.now().toISOString()) return { kind: "expired", message: EXPIRED_LINK_MESSAGE };
    const provider = paymentProvider(ctx);
    // R49: a "save a card" link is a SetupIntent, read as such.
    const intent = link.kind === "card" ? await provider.retrieveSetupIntent(link.payment_id) : await provider.retrieveIntent(link.payment_id);
    if (intent.status === "succeeded") {
      // Paid, and the notice not yet here: settle it now (R8 re-reads the provider).
      await syncPayment(ctx, link.payment_id);
      paid = true;
    } else if (intent.status === "canceled") {
      return { kind: "expired", message: EXPIRED_LINK_MESSAGE };
    } else {
      clientSecret = intent.clientSecret;
    }
  }
  if (!LINKABLE.includes(row.status) && !paid) throw new NotFoundError(`Booking ${row.reference} is ${row.status}: there is nothing to pay.`);
  return { kind: "found", view: { ...base, status: paid ? "paid" : "open", clientSecret } };
}
