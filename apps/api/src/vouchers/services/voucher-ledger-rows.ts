import type { LedgerKind, LedgerMovement, VoucherType } from "@tearoom/domain";
import type { GiftVoucherRow, VoucherLedgerRow } from "../../db/schema.js";

// Rows as the domain's ledger rules read them; I/O-free, so the writer thread can use them too.

export const voucherFace = (v: GiftVoucherRow) => ({ voucherType: v.voucher_type as VoucherType, pricePence: v.price_pence, people: v.people });

export const toMovement = (r: Pick<VoucherLedgerRow, "kind" | "amount_pence" | "people" | "expires_at">): LedgerMovement => ({
  kind: r.kind as LedgerKind,
  amountPence: r.amount_pence,
  people: r.people,
  expiresAt: r.expires_at,
});
