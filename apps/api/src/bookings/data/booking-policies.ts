import type { PolicyBookingType, PolicyKind, PolicyWeekday, StoredBookingPolicy } from "@tearoom/domain";
import type { DbOrTx } from "../../db/database.js";
import type { BookingPolicyRow } from "../../db/schema.js";

/** R47: the booking policies staff saved (migration 026); a type without a row has the domain's default. */

function toPolicy(row: BookingPolicyRow): StoredBookingPolicy {
  return {
    bookingType: row.booking_type as PolicyBookingType,
    kind: row.kind as PolicyKind,
    depositPencePerGuest: row.deposit_pence_per_guest,
    minGuests: row.min_guests,
    weekdays: row.weekdays ? (row.weekdays.split(",") as PolicyWeekday[]) : [],
    noShowFeePencePerGuest: row.no_show_fee_pence_per_guest,
    lateCancelFeePencePerGuest: row.late_cancel_fee_pence_per_guest,
    customText: row.custom_text,
  };
}

export async function listStoredPolicies(db: DbOrTx): Promise<StoredBookingPolicy[]> {
  return (await db.selectFrom("booking_policies").selectAll().execute()).map(toPolicy);
}

export async function upsertPolicy(db: DbOrTx, policy: StoredBookingPolicy, now: string): Promise<void> {
  const values = {
    kind: policy.kind,
    deposit_pence_per_guest: policy.depositPencePerGuest,
    min_guests: policy.minGuests,
    weekdays: policy.weekdays.join(","),
    no_show_fee_pence_per_guest: policy.noShowFeePencePerGuest,
    late_cancel_fee_pence_per_guest: policy.lateCancelFeePencePerGuest,
    custom_text: policy.customText,
    updated_at: now,
  };
  await db
    .insertInto("booking_policies")
    .values({ booking_type: policy.bookingType, ...values })
    .onConflict((oc) => oc.column("booking_type").doUpdateSet(values))
    .execute();
}
