import { describeRemaining, londonNow, voucherDeliveryDue, voucherHolderEmail, type VoucherType } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import type { GiftVoucherRow } from "../../db/schema.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import { voucherBalance, voucherToBuyerToPrint, voucherToRecipient, type SoldVoucher } from "../../mail/messages/payments.js";
import { enqueueMail } from "../../mail/outbox.js";
import { findDemoPaymentIds } from "../../payments/data/payments.js";
import { tearoomContacts } from "../../site/services/site.js";
import { findGiftVoucher, listAwaitingDelivery, markGiftVoucherDelivered } from "../data/gift-vouchers.js";

/**
 * R50: the voucher's own e-mails beyond the sale: the delivery (now, or at 08:00 London on the
 * buyer's chosen day) and the balance after each redemption. Each is queued in the transaction
 * that records it, so a restart or a second instance can neither lose nor repeat one.
 */

/** A voucher row as the e-mails read it; `testPayment`: paid through the demo provider (R22). */
export function soldVoucherOf(v: GiftVoucherRow, testPayment: boolean): SoldVoucher {
  return {
    voucherType: v.voucher_type as VoucherType,
    voucherCode: v.voucher_code,
    price: v.price_text,
    people: v.people,
    recipientName: v.recipient_name,
    recipientEmail: v.recipient_email,
    senderName: v.sender_name,
    senderEmail: v.sender_email,
    message: v.message,
    expiryDate: v.expiry_date,
    testPayment,
    printToken: v.print_token,
  };
}

async function paidByDemo(tx: DbOrTx, v: GiftVoucherRow): Promise<boolean> {
  return v.payment_reference !== null && (await findDemoPaymentIds(tx, [v.payment_reference])).has(v.payment_reference);
}

/**
 * Queues the voucher e-mail (to the recipient, or to the buyer to print) and marks it delivered,
 * once: false if it already was, or if there is nobody to send it to.
 */
export async function deliverVoucher(tx: DbOrTx, v: GiftVoucherRow, contacts: TearoomContacts, now: Date): Promise<boolean> {
  const toBuyer = v.send_to === "buyer";
  if (!(toBuyer ? v.sender_email : v.recipient_email)) return false;
  if (!(await markGiftVoucherDelivered(tx, v.id, now.toISOString()))) return false;
  const sold = soldVoucherOf(v, await paidByDemo(tx, v));
  await enqueueMail(tx, toBuyer ? voucherToBuyerToPrint(sold, contacts) : voucherToRecipient(sold, contacts));
  return true;
}

/** The sweep (background work, once a minute): every scheduled voucher whose 08:00 has come is e-mailed once. Returns how many. */
export async function sendDueVouchers(ctx: AppContext): Promise<number> {
  const now = ctx.now();
  const due = (await listAwaitingDelivery(ctx.db, londonNow(now).date)).filter((v) => voucherDeliveryDue(v.deliver_on, now));
  if (due.length === 0) return 0;
  const contacts = await tearoomContacts(ctx);
  let sent = 0;
  for (const row of due) {
    const queued = await immediateTransaction(ctx.db, async (tx) => {
      const fresh = await findGiftVoucher(tx, row.id);
      return fresh ? deliverVoucher(tx, fresh, contacts, now) : false;
    });
    if (queued) sent++;
  }
  if (sent) ctx.logger.info({ event: "vouchers-delivered", count: sent }, "scheduled gift vouchers e-mailed");
  return sent;
}

/**
 * After a redemption (R50): the holder (the recipient's address, else the buyer's) hears what was
 * used and what is left; nobody when the voucher carries no address. `used` in the voucher's unit.
 */
export async function queueBalanceMail(tx: DbOrTx, voucherId: number, used: number, bookingReference: string | null, contacts: TearoomContacts): Promise<void> {
  const v = await findGiftVoucher(tx, voucherId);
  if (!v) return;
  const to = voucherHolderEmail({ recipientEmail: v.recipient_email, senderEmail: v.sender_email });
  if (!to) return;
  const type = v.voucher_type as VoucherType;
  const sold = soldVoucherOf(v, await paidByDemo(tx, v));
  const usedText =
    type === "monetary"
      ? describeRemaining(type, used)
      : `${type === "afternoonTea" ? "afternoon tea" : "a picnic hamper"} for ${describeRemaining(type, used)}`;
  await enqueueMail(
    tx,
    voucherBalance(sold, to, { usedText, remaining: v.remaining, remainingText: describeRemaining(type, v.remaining), bookingReference }, contacts),
  );
}
