import { isTeaCoverProblem, spendableRemaining, teaVoucherCover, type TeaCover } from "@tearoom/domain";
import type { GiftVoucherRow, NewVoucherLedgerRow, VoucherLedgerRow } from "../../db/schema.js";
import { BadRequestError, ConflictError } from "../../errors.js";
import { toMovement, voucherFace } from "./voucher-ledger-rows.js";

/**
 * R36: a voucher code paying for an afternoon tea, as plain data for the writer thread
 * (bookings/services/booking-write-decision.ts). Priced beforehand; the voucher itself is read inside the write
 * transaction, so two holds racing for one code see each other's reservations.
 */
export interface VoucherClaim {
  /** Normalised (VoucherCodeSchema). */
  code: string;
  unitPence: number;
  traditionalPence: number;
  /** London's date now, for the expiry. */
  today: string;
  /** R53: event tickets: only a monetary voucher pays for them. */
  monetaryOnly?: boolean;
}

/** What a claim reserved: the voucher, what it pays, and what is left to pay by card. */
export interface VoucherClaimed {
  voucherId: number;
  code: string;
  cover: TeaCover;
}

/** Who the ledger says took it (decision 015's "online"). */
export const ONLINE_ACTOR = "online";

/**
 * What `row` (with its `ledger`) covers of a hold for `guests`, read inside the hold's write
 * transaction; refuses (400/409, before anything is written) an unknown, hamper, expired or spent
 * voucher. The booking write's rules call it (bookings/services/booking-write-decision.ts).
 */
export function coverOfClaim(
  row: GiftVoucherRow | undefined,
  ledger: readonly VoucherLedgerRow[],
  claim: VoucherClaim,
  guests: number,
  nowIso: string,
): { voucherId: number; cover: TeaCover } {
  const face = row ? voucherFace(row) : null;
  if (claim.monetaryOnly && face && face.voucherType !== "monetary")
    throw new BadRequestError("voucherCode: Only a money gift voucher can pay for event tickets; this one is for afternoon tea or a picnic hamper.");
  const spendable = row && face ? spendableRemaining(face, ledger.map(toMovement), nowIso) : 0;
  const cover = teaVoucherCover(
    row && face ? { voucherType: face.voucherType, expiryDate: row.expiry_date, spendable } : null,
    { guests, unitPence: claim.unitPence, traditionalPence: claim.traditionalPence },
    claim.today,
  );
  if (isTeaCoverProblem(cover)) throw cover.status === 400 ? new BadRequestError(`voucherCode: ${cover.message}`) : new ConflictError(cover.message);
  return { voucherId: row!.id, cover };
}

/** The ledger entry reserving `cover` for the hold `booking` until it lapses (decision 015). */
export function reservationEntry(
  voucherId: number,
  cover: TeaCover,
  booking: { reference: string; holdExpiresAt: string },
  nowIso: string,
): NewVoucherLedgerRow {
  return {
    voucher_id: voucherId,
    at: nowIso,
    actor: ONLINE_ACTOR,
    kind: "reservation",
    amount_pence: cover.ledgerPence,
    people: cover.people,
    booking_reference: booking.reference,
    note: `Afternoon tea ${booking.reference}, held while paying`,
    override_reason: null,
    expires_at: booking.holdExpiresAt,
  };
}
