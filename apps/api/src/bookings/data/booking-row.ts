import type { Arrival, Booking, BookingPayment, BookingStatus, BookingType, DiningPreference, HamperType, TeaType } from "@tearoom/domain";
import type { BookingRow } from "../../db/schema.js";

/**
 * A booking row as the API answers it; `testPayment`: the demo provider took its payment (R22);
 * `payment`: what was paid and refunded (R34), null when unpaid or not looked up.
 */
export function toBooking(row: BookingRow, testPayment: boolean, payment: BookingPayment | null = null): Booking {
  return {
    id: row.id,
    reference: row.reference,
    type: row.type as BookingType,
    status: row.status as BookingStatus,
    name: row.name,
    email: row.email,
    phone: row.phone,
    date: row.date,
    time: row.time,
    guests: row.guests,
    teaType: row.tea_type as TeaType | null,
    diningPreference: row.dining_preference as DiningPreference | null,
    hamperType: row.hamper_type as HamperType | null,
    dietaryRequirements: row.dietary_requirements,
    gardenSpotId: row.garden_spot_id,
    includeWine: row.include_wine === 1,
    specialRequests: row.special_requests,
    staffNotes: row.staff_notes,
    tableLabel: row.table_label,
    declineReason: row.decline_reason,
    arrival: row.arrival as Arrival | null,
    areaId: row.area_id,
    stayMinutes: row.stay_minutes,
    sittingId: row.sitting_id ?? null,
    amountPence: row.amount_pence,
    paymentReference: row.payment_reference,
    testPayment,
    payment,
    cardOnFile: row.card_payment_method_id !== null,
    // R55: the guest record the database linked as it stored the row (migration 028).
    guestId: row.guest_id,
    source: row.source as "public" | "admin",
    createdAt: row.created_at,
  };
}
