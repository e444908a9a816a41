import type { DbOrTx } from "../../db/database.js";
import type { BookingRow, NewAuditEventRow } from "../../db/schema.js";
import { auditEventRow, recordAudit, type Actor } from "../../staff/services/audit.js";

/**
 * R40: what the record keeps of a booking. Its reference names it; no name, e-mail, phone or note
 * (the record is read by every member of staff, and outlives an erasure, R39).
 */
const state = (row: BookingRow) => ({
  type: row.type,
  status: row.status,
  date: row.date,
  time: row.time,
  guests: row.guests,
  arrival: row.arrival,
  tableLabel: row.table_label,
});

interface BookingChange {
  at: string;
  actor: Actor;
  action: string;
  before: BookingRow | null;
  after: BookingRow;
  /** What else staff chose with the change (e.g. R36's voucher choice on a cancel), kept beside its state. */
  choices?: Record<string, unknown>;
}

const record = ({ at, actor, action, before, after, choices }: BookingChange) => ({
  at,
  actor,
  action,
  subject: `Booking ${after.reference}`,
  before: before && state(before),
  after: { ...state(after), ...choices },
});

/** Records a staff change to a booking inside the transaction that makes it. */
export async function auditBooking(tx: DbOrTx, change: BookingChange): Promise<void> {
  await recordAudit(tx, record(change));
}

/** The row `auditBooking` stores, for the booking write, which stores it with the booking (bookings/services/booking-write-decision.ts). */
export function bookingAuditRow(change: BookingChange): NewAuditEventRow {
  return auditEventRow(record(change));
}
