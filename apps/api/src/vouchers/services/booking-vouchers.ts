import type { BookingVoucher } from "@tearoom/domain";
import type { DbOrTx } from "../../db/database.js";
import { listVoucherPartsOfBookings } from "../data/voucher-ledger.js";
import { findGiftVoucherByCode } from "../data/gift-vouchers.js";
import type { BookingRow } from "../../db/schema.js";

/**
 * R36: each booking's gift voucher part as staff see it, from the voucher ledger: what its
 * redemptions took less what went back (pence, or people for a per-person voucher), or all it took
 * and `givenBack` once it has all gone back.
 * A booking pays with one voucher; a live reservation (a hold being paid for) is not a part yet.
 */
export async function bookingVouchers(db: DbOrTx, rows: readonly BookingRow[]): Promise<Map<number, BookingVoucher>> {
  const out = new Map<number, BookingVoucher>();
  const entries = await listVoucherPartsOfBookings(
    db,
    rows.map((r) => r.reference),
  );
  if (entries.length === 0) return out;
  const byReference = new Map<string | null, typeof entries>();
  for (const e of entries) byReference.set(e.booking_reference, [...(byReference.get(e.booking_reference) ?? []), e]);
  for (const row of rows) {
    const own = byReference.get(row.reference);
    const first = own?.find((e) => e.kind === "redemption");
    if (!own || !first) continue;
    const sum = (kind: string, field: "amount_pence" | "people") =>
      own.filter((e) => e.kind === kind && e.voucher_code === first.voucher_code).reduce((n, e) => n + (e[field] ?? 0), 0);
    const perPerson = first.voucher_type !== "monetary";
    const field = perPerson ? "people" : "amount_pence";
    const used = sum("redemption", field);
    // Part of it may have gone back already (fewer guests, R37): what is still used, or all of it once given back.
    const kept = used - sum("restore", field);
    const part = kept > 0 ? kept : used;
    out.set(row.id, {
      code: first.voucher_code,
      ...(perPerson ? { people: part } : { amountPence: part }),
      givenBack: kept <= 0,
    });
  }
  return out;
}

/**
 * R51: the gift voucher part a cancelled booking gave back, with what the voucher holds now (pence,
 * or people for a per-person voucher), for the cancel e-mail; null when no part went back.
 */
export async function voucherGivenBack(
  db: DbOrTx,
  row: BookingRow,
): Promise<{ code: string; amountPence?: number; people?: number; remaining: number } | null> {
  const part = (await bookingVouchers(db, [row])).get(row.id);
  if (!part?.givenBack) return null;
  const voucher = await findGiftVoucherByCode(db, part.code);
  return voucher
    ? { code: part.code, ...(part.people !== undefined ? { people: part.people } : { amountPence: part.amountPence ?? 0 }), remaining: voucher.remaining }
    : null;
}
