import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/database.js";
import { updatePayment } from "../data/payments.js";
import type { PaymentRow } from "../../db/schema.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import { staffPaymentNeedsAttention } from "../../mail/messages/payments.js";
import { enqueueMail } from "../../mail/outbox.js";

/**
 * What settling a paid intent came to (R8), and the outcome that hands the money to staff. Its
 * own module: payment-fulfilment.ts settles teas and vouchers and hands the payment for added
 * guests to tea-change.ts, and both answer with these.
 */

/** Payment states we keep; `needs_attention` is money taken that could not become a booking or voucher. */
export type PaymentStatus = "pending" | "succeeded" | "failed" | "needs_attention";
export const OPEN: PaymentStatus[] = ["pending", "failed"];

export type FulfilmentOutcome =
  { kind: "fulfilled"; bookingId?: number; voucherId?: number } | { kind: "already-settled" } | { kind: "needs-attention"; reason: string };

/** Money taken that cannot become what it was for: marked for staff, who are e-mailed to refund it. */
export async function flagForStaff(
  ctx: AppContext,
  tx: DbOrTx,
  payment: PaymentRow,
  contacts: TearoomContacts,
  reason: string,
  customer: string,
): Promise<FulfilmentOutcome> {
  const now = ctx.now().toISOString();
  await updatePayment(tx, payment.id, { status: "needs_attention", failure_message: reason, updated_at: now });
  await enqueueMail(
    tx,
    staffPaymentNeedsAttention(
      {
        paymentReference: payment.id,
        amountPence: payment.amount_pence,
        kind: payment.kind === "voucher" ? "Gift voucher" : "Afternoon tea",
        reason,
        customer,
      },
      contacts.email,
    ),
  );
  ctx.logger.warn({ event: "payment-needs-attention", paymentId: payment.id, reason }, "paid but not fulfilled");
  return { kind: "needs-attention", reason };
}
