import { roomTiming } from "@tearoom/domain";
import type { BookingWrite } from "../bookings/services/booking-write.js";

/** Writer tests' booking jobs (workers/writer.test.ts on SQLite, workers/pg-writer.pg.test.ts on PostgreSQL). */

export const NOW = "2027-06-02T08:00:00.000Z";
export const contacts = {
  phone: "01234 567890",
  email: "hello@example.com",
  eventsEmail: "events@example.com",
  address: "Church Lane, Little Ashcombe, Hampshire, SO20 6AB",
  origin: "http://localhost:3000",
};

export function job(name: string, over: Partial<BookingWrite["row"]> = {}, perSlot = 4): BookingWrite {
  return {
    row: {
      type: "afternoonTea",
      status: "pending",
      name,
      email: "guest@example.com",
      phone: "01234 567890",
      date: "2027-06-10",
      time: "13:00",
      guests: 2,
      tea_type: "traditional",
      dining_preference: null,
      hamper_type: null,
      dietary_requirements: null,
      garden_spot_id: null,
      include_wine: 0,
      special_requests: null,
      staff_notes: null,
      table_label: null,
      decline_reason: null,
      arrival: null,
      reminder_sent_at: null,
      erased_at: null,
      amount_pence: null,
      payment_reference: null,
      hold_expires_at: null,
      source: "public",
      created_at: NOW,
      updated_at: NOW,
      client_key: null,
      guest_id: null,
      area_id: null,
      stay_minutes: null,
      sitting_id: null,
      calendar_sequence: 0,
      card_customer_id: null,
      card_payment_method_id: null,
      ...over,
    },
    // The seeded room (R44) with `perSlot` afternoon tea guests starting at one time.
    timing: roomTiming({ afternoon_tea_covers_per_slot: String(perSlot) }),
    spot: null,
    refuseOverCapacity: true,
    now: NOW,
    notify: { contacts, staff: true },
    clientLimit: null,
    warn: null,
  };
}
