import type { Booking } from "@tearoom/domain";
import type { DbOrTx } from "../../db/database.js";
import type { PaidTea } from "../../mail/messages/payments.js";
import { sittingLabel } from "../data/events.js";

/**
 * R53: a paid booking's e-mails as afternoon tea's flow builds them, told what was bought when it
 * is a ticket order: the event, the sitting's length and the guest's answer to its question.
 */
export async function withTickets(db: DbOrTx, booking: Pick<Booking, "type" | "sittingId" | "specialRequests">, paid: PaidTea): Promise<PaidTea> {
  if (booking.type !== "event" || !booking.sittingId) return paid;
  const label = await sittingLabel(db, booking.sittingId);
  if (!label) return paid;
  return { ...paid, event: { name: label.name, minutes: label.minutes, question: label.question, answer: booking.specialRequests } };
}
