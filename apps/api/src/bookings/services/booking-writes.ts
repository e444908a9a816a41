import type SQLite from "better-sqlite3";
import { toBooking } from "../data/booking-row.js";
import { isReferenceTaken, readForBookingWrite, storeBookingWrite } from "../data/booking-write.js";
import { newReference } from "./booking-reference.js";
import type { BookingResult, BookingWrite } from "./booking-write.js";
import { bookingWriteKeys, decideBookingWrite } from "./booking-write-decision.js";
import { newManageToken } from "./manage-token.js";

/**
 * Stores one booking on SQLite: call it inside a write transaction on `sqlite` (db/write-queue.ts,
 * on the writer thread, workers/writer.ts), which makes what the rules read and what they decided
 * to store one step no other writer can come between. The rules are
 * bookings/services/booking-write-decision.ts; with a payment reference the write is idempotent (R8).
 */
export function writeBooking(sqlite: SQLite.Database, job: BookingWrite): BookingResult {
  const reads = readForBookingWrite(sqlite, bookingWriteKeys(job));
  for (let attempt = 0; ; attempt++) {
    const decision = decideBookingWrite(job, reads, { reference: newReference(), manageLink: newManageToken() });
    if (decision.kind === "answered") return decision.result;
    try {
      const row = storeBookingWrite(sqlite, decision.plan);
      return { booking: toBooking(row, reads.demo), ...decision.result };
    } catch (err) {
      // A reference drawn twice: the statement failed alone, so the booking is simply drawn again.
      if (attempt < 5 && isReferenceTaken(err)) continue;
      throw err;
    }
  }
}
