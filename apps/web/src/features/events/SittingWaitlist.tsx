import "../../styles/mantine-forms";
import { Button, NativeSelect } from "@mantine/core";
import { formatLongDate, formatTime12h, type PublicEvent, type PublicSitting, type WaitlistJoinAnswer } from "@tearoom/domain";
import { useState, type FormEvent } from "react";
import { postJson, visitorReason } from "../../lib/http";
import formClasses from "../forms/Forms.module.css";
import { ContactFields } from "../forms/ContactFields";

/** Here, not in ../waitlist/api: this chunk stays this form's. */
const joinSittingWaitlist = (body: Record<string, unknown>) => postJson<WaitlistJoinAnswer>("/api/waitlist", body);

type Contact = { name: string; email: string; phone: string };

/**
 * R52 with R53: a sold-out sitting (or one with fewer tickets left than the guest wants) offers
 * its waiting list. Tickets that free are held for the first guest they fit and e-mailed to them
 * with a link to pay, as a tea offer is.
 */
export default function SittingWaitlist({ event, sitting, onClose }: { event: PublicEvent; sitting: PublicSitting; onClose: () => void }) {
  // More than are left: fewer can be bought now.
  const fewest = sitting.ticketsLeft + 1;
  const [tickets, setTickets] = useState(Math.min(Math.max(2, fewest), sitting.perOrderLimit));
  const [contact, setContact] = useState<Contact>({ name: "", email: "", phone: "" });
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [joined, setJoined] = useState<WaitlistJoinAnswer | null>(null);
  const when = `${formatLongDate(sitting.date)}, ${formatTime12h(sitting.time)}`;

  async function join(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (!contact.name.trim() || !contact.email.trim() || !contact.phone.trim()) {
      setProblem("Please give your name, e-mail and phone number.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      setJoined(await joinSittingWaitlist({ type: "event", sittingId: sitting.id, times: null, guests: tickets, ...contact }));
    } catch (err) {
      setProblem(visitorReason(err) ?? "You could not be added to the waiting list. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  if (joined) {
    return (
      <p className={formClasses.note} role="status" data-testid="sitting-waitlist-joined">
        You are on the waiting list for {event.name}, {when}: number {joined.position}. Your reference is <strong>{joined.reference}</strong>. If tickets free
        up, we will hold them for you and e-mail you a link to pay.
      </p>
    );
  }
  return (
    <form className={formClasses.form} onSubmit={join} aria-labelledby="sitting-waitlist-title" noValidate data-testid="sitting-waitlist-form">
      <h3 id="sitting-waitlist-title">Join the waiting list</h3>
      <p className={formClasses.note}>
        {event.name}, {when}. If tickets free up, we hold them for the first guest on the list they fit and e-mail a link to pay.
      </p>
      <div className={formClasses.grid}>
        <NativeSelect
          label="Tickets"
          value={String(tickets)}
          onChange={(e) => setTickets(Number(e.currentTarget.value))}
          data={Array.from({ length: sitting.perOrderLimit - fewest + 1 }, (_, i) => String(fewest + i))}
        />
        <ContactFields values={contact} errors={{}} set={(field, value) => setContact((c) => ({ ...c, [field]: value }))} />
      </div>
      {problem ? (
        <p className={formClasses.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Joining..." : "Join the waiting list"}
        </Button>{" "}
        <Button type="button" variant="subtle" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
