import {
  faceValue,
  formatLongDate,
  londonNow,
  redemptionProblem,
  settledRemaining,
  spendableRemaining,
  describeRemaining,
  type RedemptionAsk,
  type VoucherDetail,
  type VoucherExpiryUpdate,
  type VoucherRedemption,
  type VoucherResend,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import { findGiftVoucherByCode, setGiftVoucherExpiry, setGiftVoucherPrintToken, setGiftVoucherRemaining } from "../data/gift-vouchers.js";
import { findDemoPaymentIds } from "../../payments/data/payments.js";
import { insertVoucherLedgerEntry, listVoucherLedger } from "../data/voucher-ledger.js";
import type { GiftVoucherRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { voucherCopyToBuyer, voucherToRecipient, type SoldVoucher } from "../../mail/messages/payments.js";
import { enqueueMail } from "../../mail/outbox.js";
import { tearoomContacts } from "../../site/services/site.js";
import { printToken } from "./voucher-print-token.js";
import { getVoucher } from "./vouchers.js";
import { recordAudit } from "../../staff/services/audit.js";
import { toMovement, voucherFace } from "./voucher-ledger-rows.js";
import { queueBalanceMail } from "./voucher-mail.js";

/**
 * Staff actions on a voucher (R35): redeem, resend, extend. Each takes the staff `actor`, writes
 * one ledger entry in the same BEGIN IMMEDIATE transaction as its change (decision 002), and
 * answers the voucher with its ledger. The audit hook, when it comes, is one line per action here.
 */

export { toMovement, voucherFace };

/** What spends from a voucher: a staff redemption now, an online reservation with a seat hold later (R36). */
export interface VoucherSpend extends RedemptionAsk {
  actor: string;
  kind: "redemption" | "reservation";
  note: string;
  bookingReference?: string | null;
  /** A reservation's end (R36): the seat hold's. */
  expiresAt?: string | null;
}

/**
 * The one way anything is taken from a voucher. Must run inside an immediate transaction: the
 * ledger is read, the domain decides what is spendable at `now` (live reservations held back),
 * and the entry and the new running total are written before another writer can read, so two
 * spends racing for one voucher never take more than it holds (R35, R36).
 */
export async function spendFromVoucher(tx: DbOrTx, voucher: GiftVoucherRow, spend: VoucherSpend, now: Date): Promise<{ remaining: number }> {
  const nowIso = now.toISOString();
  const face = voucherFace(voucher);
  const movements = (await listVoucherLedger(tx, voucher.id)).map(toMovement);
  const problem = redemptionProblem(
    { voucherType: face.voucherType, expiryDate: voucher.expiry_date },
    spendableRemaining(face, movements, nowIso),
    spend,
    londonNow(now).date,
  );
  if (problem) throw problem.status === 400 ? new BadRequestError(problem.message) : new ConflictError(problem.message);
  const entry = await insertVoucherLedgerEntry(tx, {
    voucher_id: voucher.id,
    at: nowIso,
    actor: spend.actor,
    kind: spend.kind,
    amount_pence: spend.amountPence ?? null,
    people: spend.people ?? null,
    booking_reference: spend.bookingReference ?? null,
    note: spend.note,
    override_reason: spend.override?.reason ?? null,
    expires_at: spend.kind === "reservation" ? (spend.expiresAt ?? null) : null,
  });
  const remaining = settledRemaining(face, [...movements, toMovement(entry)]);
  await setGiftVoucherRemaining(tx, voucher.id, remaining);
  return { remaining };
}

async function voucherOrThrow(tx: DbOrTx, code: string): Promise<GiftVoucherRow> {
  const voucher = await findGiftVoucherByCode(tx, code);
  if (!voucher) throw new NotFoundError("No voucher has that code.");
  return voucher;
}

/** Staff redeem part or all of a voucher (R35): an expired one only with an override reason. */
export async function redeemVoucher(ctx: AppContext, code: string, input: VoucherRedemption, actor: string): Promise<VoucherDetail> {
  const contacts = await tearoomContacts(ctx);
  await immediateTransaction(ctx.db, async (tx) => {
    const voucher = await voucherOrThrow(tx, code);
    const spent = await spendFromVoucher(tx, voucher, { ...input, actor, kind: "redemption" }, ctx.now());
    const what = input.amountPence !== undefined ? { amountPence: input.amountPence } : { people: input.people };
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor,
      action: "voucher.redeem",
      subject: `Voucher ${voucher.voucher_code}`,
      before: { remaining: voucher.remaining },
      after: { remaining: spent.remaining, ...what },
    });
    // R50: the holder hears what is left, with the redemption.
    await queueBalanceMail(tx, voucher.id, input.amountPence ?? input.people ?? 0, null, contacts);
  });
  ctx.logger.info({ event: "voucher-redeemed", actor }, "voucher redeemed");
  return getVoucher(ctx, code);
}

async function noteOnLedger(tx: DbOrTx, voucher: GiftVoucherRow, actor: string, note: string, now: Date): Promise<void> {
  await insertVoucherLedgerEntry(tx, {
    voucher_id: voucher.id,
    at: now.toISOString(),
    actor,
    kind: "note",
    amount_pence: null,
    people: null,
    booking_reference: null,
    note,
    override_reason: null,
    expires_at: null,
  });
}

/** Staff send the voucher e-mail again (R35), to the recipient or to the buyer, with what is left if some was used. */
export async function resendVoucher(ctx: AppContext, code: string, { to }: VoucherResend, actor: string): Promise<VoucherDetail> {
  const contacts = await tearoomContacts(ctx);
  await immediateTransaction(ctx.db, async (tx) => {
    let voucher = await voucherOrThrow(tx, code);
    if (!voucher.print_token) {
      // A voucher from before the print page: it gets its link now.
      await setGiftVoucherPrintToken(tx, voucher.id, printToken());
      voucher = await voucherOrThrow(tx, code);
    }
    if (voucher.remaining <= 0) throw new ConflictError("This voucher has nothing left, so there is nothing to resend.");
    // R50: a voucher staff issued may carry no address to send it to.
    if (!(to === "recipient" ? voucher.recipient_email : voucher.sender_email))
      throw new ConflictError(`This voucher has no ${to === "recipient" ? "recipient" : "buyer"} e-mail address to send it to.`);
    const testPayment = voucher.payment_reference !== null && (await findDemoPaymentIds(tx, [voucher.payment_reference])).has(voucher.payment_reference);
    const face = voucherFace(voucher);
    const sold: SoldVoucher = {
      voucherType: face.voucherType,
      voucherCode: voucher.voucher_code,
      price: voucher.price_text,
      people: voucher.people,
      recipientName: voucher.recipient_name,
      recipientEmail: voucher.recipient_email,
      senderName: voucher.sender_name,
      senderEmail: voucher.sender_email,
      message: voucher.message,
      expiryDate: voucher.expiry_date,
      testPayment,
      printToken: voucher.print_token,
      remainingText: voucher.remaining < faceValue(face) ? describeRemaining(face.voucherType, voucher.remaining) : undefined,
    };
    await enqueueMail(tx, to === "recipient" ? voucherToRecipient(sold, contacts) : voucherCopyToBuyer(sold, contacts));
    await noteOnLedger(
      tx,
      voucher,
      actor,
      to === "recipient" ? `Resent to the recipient (${voucher.recipient_email})` : `Resent to the buyer (${voucher.sender_email})`,
      ctx.now(),
    );
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor,
      action: "voucher.resend",
      subject: `Voucher ${voucher.voucher_code}`,
      before: null,
      after: { to },
    });
  });
  ctx.logger.info({ event: "voucher-resent", actor, to }, "voucher e-mail resent");
  return getVoucher(ctx, code);
}

/** Staff extend a voucher's expiry (R35): only to a later date. */
export async function extendVoucherExpiry(ctx: AppContext, code: string, { expiryDate }: VoucherExpiryUpdate, actor: string): Promise<VoucherDetail> {
  await immediateTransaction(ctx.db, async (tx) => {
    const voucher = await voucherOrThrow(tx, code);
    const current = voucher.expiry_date.slice(0, 10);
    if (expiryDate <= current) throw new BadRequestError(`expiryDate: the new expiry date must be after the current one (${formatLongDate(current)})`);
    await setGiftVoucherExpiry(tx, voucher.id, expiryDate);
    await noteOnLedger(tx, voucher, actor, `Expiry extended from ${formatLongDate(current)} to ${formatLongDate(expiryDate)}`, ctx.now());
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor,
      action: "voucher.extend",
      subject: `Voucher ${voucher.voucher_code}`,
      before: { expiryDate: current },
      after: { expiryDate },
    });
  });
  ctx.logger.info({ event: "voucher-extended", actor }, "voucher expiry extended");
  return getVoucher(ctx, code);
}
