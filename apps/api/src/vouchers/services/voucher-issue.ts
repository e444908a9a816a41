import {
  addMonths,
  faceValue,
  formatPence,
  londonNow,
  PricingError,
  quoteVoucher,
  VOUCHER_SOURCE_LABELS,
  VOUCHER_VALIDITY_MONTHS,
  type VoucherDetail,
  type VoucherIssue,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { BadRequestError } from "../../errors.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import { tearoomContacts } from "../../site/services/site.js";
import { recordAudit } from "../../staff/services/audit.js";
import { insertGiftVoucher } from "../data/gift-vouchers.js";
import { insertVoucherLedgerEntry } from "../data/voucher-ledger.js";
import { freshVoucherCode } from "./voucher-code.js";
import { deliverVoucher } from "./voucher-mail.js";
import { printToken } from "./voucher-print-token.js";
import { getVoucher } from "./vouchers.js";

/**
 * R50: staff issue a voucher sold at the till (card or cash), by phone, or given as a gesture. A
 * per-person voucher is priced from today's pricing items, a monetary one is what staff typed. The
 * voucher, its `issue` ledger entry, the audit event and (with a recipient address) its e-mail land
 * in one transaction (decisions 014, 015).
 */
export async function issueVoucher(ctx: AppContext, input: VoucherIssue, actor: string): Promise<VoucherDetail> {
  let pricePence: number;
  try {
    pricePence =
      input.voucherType === "monetary" ? input.amountPence! : quoteVoucher(await getPricingItemsCached(ctx), input.voucherType, { people: input.people });
  } catch (err) {
    if (err instanceof PricingError) throw new BadRequestError(`voucherType: ${err.message}`);
    throw err;
  }
  const people = input.voucherType === "monetary" ? null : input.people!;
  const contacts = await tearoomContacts(ctx);
  const code = await immediateTransaction(ctx.db, async (tx) => {
    const now = ctx.now();
    const nowIso = now.toISOString();
    const voucher = await insertGiftVoucher(tx, {
      voucher_type: input.voucherType,
      voucher_code: await freshVoucherCode(tx),
      price_text: formatPence(pricePence),
      price_pence: pricePence,
      people,
      recipient_name: input.recipientName,
      recipient_email: input.recipientEmail,
      sender_name: "",
      sender_email: "",
      message: "",
      is_redeemed: 0,
      remaining: faceValue({ voucherType: input.voucherType, pricePence, people }),
      print_token: printToken(),
      payment_reference: null,
      created_at: nowIso,
      expiry_date: addMonths(londonNow(now).date, VOUCHER_VALIDITY_MONTHS),
      source: input.source,
      deliver_on: null,
      send_to: "recipient",
      delivered_at: null,
    });
    await insertVoucherLedgerEntry(tx, {
      voucher_id: voucher.id,
      at: nowIso,
      actor,
      kind: "issue",
      amount_pence: null,
      people: null,
      booking_reference: null,
      note: [VOUCHER_SOURCE_LABELS[input.source], input.note].filter(Boolean).join(". "),
      override_reason: null,
      expires_at: null,
    });
    await recordAudit(tx, {
      at: nowIso,
      actor,
      action: "voucher.issue",
      subject: `Voucher ${voucher.voucher_code}`,
      before: null,
      after: {
        voucherType: input.voucherType,
        price: voucher.price_text,
        ...(people !== null ? { people } : {}),
        source: input.source,
        recipientName: input.recipientName,
        recipientEmail: input.recipientEmail,
        note: input.note,
      },
    });
    if (input.recipientEmail) await deliverVoucher(tx, voucher, contacts, now);
    return voucher.voucher_code;
  });
  ctx.logger.info({ event: "voucher-issued", actor, source: input.source }, "gift voucher issued by staff");
  return getVoucher(ctx, code);
}
