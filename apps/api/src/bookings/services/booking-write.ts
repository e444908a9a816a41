import type { Booking, BookingWarning, GardenSpot, RoomTiming } from "@tearoom/domain";
import type { BookingRow } from "../../db/schema.js";
import { ConflictError } from "../../errors.js";
import type { TearoomContacts } from "../../mail/contacts.js";
import type { VoucherClaim, VoucherClaimed } from "../../vouchers/services/tea-voucher-claim.js";

/**
 * A booking to store and its answer, as plain data: what the request thread (bookings/services/bookings.ts)
 * hands a writer (workers/writer.ts on SQLite, workers/pg-writer.ts on PostgreSQL) once it has
 * checked and priced it. The rules the writers apply to it are bookings/services/booking-write-decision.ts.
 */
export interface BookingWrite {
  /** The new row without its id and reference, which the write gives it. */
  row: Omit<BookingRow, "id" | "reference">;
  /** R44: each type's stay and pacing under the current settings; the areas are read in the write. */
  timing: RoomTiming;
  /** Seat the booking in this area only (staff seating a walk-in where they chose); absent: the first that fits. */
  areaId?: number | null;
  /** A walk-in (R44): no pacing, and the room's seats are its only warning. */
  walkIn?: boolean;
  /** The garden spot of a Secret Garden booking. */
  spot: GardenSpot | null;
  /** Visitors over capacity are refused (ConflictError); staff bookings go through and report it (R29, R44). */
  refuseOverCapacity: boolean;
  /** The current instant (ISO), for which holds still count. */
  now: string;
  /**
   * Who is told: the visitor's e-mail, and the staff's for a public booking; `calendarMinutes`
   * attaches an ICS to a confirmation (staff bookings, R28). Null: no e-mail.
   */
  notify: { contacts: TearoomContacts; staff: boolean; calendarMinutes?: number } | null;
  /**
   * R29, staff bookings only: the warnings are worked out inside the write transaction, from the
   * settings and bookings as they are now; unless `accept`, any warning refuses the write
   * (WarningsError) before anything is stored or queued. Null: visitors, refused as before.
   */
  warn: { accept: boolean } | null;
  /**
   * R23, counted for the row's client_key (and e-mail, for holds): a seat hold, or a booking
   * request (Secret Garden bookings count as requests). Null: not limited (staff, paid bookings).
   * `phone` is the tearoom's, for the refusal.
   */
  clientLimit: { kind: "hold" | "request"; phone: string } | null;
  /** R40: a staff-made booking is recorded in its own transaction. Null: a visitor's booking. */
  audit?: { actor: string } | null;
  /** R36: a seat hold paid partly or wholly by a gift voucher; its part is reserved in this transaction. */
  voucher?: VoucherClaim | null;
  /**
   * The stamp of the settings this booking was checked and priced against (db/pg/settings-stamp.ts).
   * PostgreSQL's write refuses it with a SettingsChangedError when they have changed since
   * (decision 021); SQLite's ignores it, since its one process drops the kept settings as it
   * changes them.
   */
  settingsStamp?: string;
}

export interface BookingResult {
  booking: Booking;
  /** True when a staff booking put its slot (or garden spot) over capacity. */
  overCapacity: boolean;
  /** R29: the warnings staff accepted to save this write (empty when there were none). */
  warnings: BookingWarning[];
  /** R36: what the voucher claimed with this hold pays. */
  voucher?: VoucherClaimed;
}

/**
 * The settings a booking was checked against changed before it was written (another instance's
 * change, decision 021): nothing was stored, and the booking is checked again with the settings
 * as they are now (bookings/services/bookings.ts). A 409 should it ever reach a visitor.
 */
export class SettingsChangedError extends ConflictError {
  constructor() {
    super("The tearoom's booking settings changed while this booking was being made. Please try again.");
  }
}
