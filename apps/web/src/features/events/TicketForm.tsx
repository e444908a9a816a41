import "../../styles/mantine-forms";
import { Button, NativeSelect, TextInput } from "@mantine/core";
import { formatLongDate, formatPence, formatTime12h, type EventPaymentIntentRequest, type PublicEvent, type TeaIntentAnswer } from "@tearoom/domain";
import { useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { postJson, visitorReason } from "../../lib/http";
import formClasses from "../forms/Forms.module.css";
import { ContactFields } from "../forms/ContactFields";
import { PaymentFields, useIntentPayment } from "../payments";

/** Holds the tickets and starts paying for them, as afternoon tea does (R9, R36). Here, not in ./api: the page's chunk stays the page's. */
const createTicketsIntent = (body: EventPaymentIntentRequest) => postJson<TeaIntentAnswer>("/api/create-payment-intent", body);

/** Where the provider returns after an authentication page; the confirmation page shows the tickets (R51). */
export const TICKETS_RETURN_PATH = "/confirmation?type=event";

type Contact = { name: string; email: string; phone: string };
type Held = { clientSecret: string; paymentIntentId: string; amountPence: number; voucherAppliedPence: number };

/**
 * R53: buying tickets for one sitting: the sitting, how many (up to its per-order limit and what is
 * left), who, the sitting's question, an optional money voucher; then the card, through afternoon
 * tea's payment (the tickets are held while paying, R9). A voucher that pays it all needs no card.
 */
export default function TicketForm({ event, sittingId, onClose }: { event: PublicEvent; sittingId: number; onClose: () => void }) {
  const navigate = useNavigate();
  const open = event.sittings.filter((s) => s.ticketsLeft > 0 && !s.salesClosed);
  const [chosenId, setChosenId] = useState(sittingId);
  const sitting = open.find((s) => s.id === chosenId) ?? open[0];
  const most = sitting ? Math.min(sitting.perOrderLimit, sitting.ticketsLeft) : 0;
  const [tickets, setTickets] = useState(Math.min(2, most) || 1);
  const [contact, setContact] = useState<Contact>({ name: "", email: "", phone: "" });
  const [answer, setAnswer] = useState("");
  const [voucherCode, setVoucherCode] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [held, setHeld] = useState<Held | null>(null);
  const [paidByVoucher, setPaidByVoucher] = useState<{ reference: string; email: string } | null>(null);

  const confirmationOf = (id: string, secret: string) =>
    `/confirmation?type=event&payment_intent=${encodeURIComponent(id)}&payment_intent_client_secret=${encodeURIComponent(secret)}&redirect_status=succeeded`;
  const { handleRef, paying, pay } = useIntentPayment(held?.clientSecret ?? null, TICKETS_RETURN_PATH, async () => {
    if (held) await navigate(confirmationOf(held.paymentIntentId, held.clientSecret));
  });

  if (!sitting) return <p role="status">Tickets for this event are no longer on sale online.</p>;
  const count = Math.min(tickets, most);
  const totalPence = event.pricePence * count;

  async function hold(e: FormEvent) {
    e.preventDefault();
    if (!sitting || busy) return;
    if (!contact.name.trim() || !contact.email.trim() || !contact.phone.trim()) {
      setProblem("Please give your name, e-mail and phone number.");
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const answered = await createTicketsIntent({
        amount: totalPence / 100,
        metadata: {
          type: "event",
          sittingId: sitting.id,
          tickets: count,
          ...contact,
          ...(answer.trim() ? { answer: answer.trim() } : {}),
          ...(voucherCode.trim() ? { voucherCode: voucherCode.trim() } : {}),
        },
      });
      if (answered.clientSecret === null) {
        // A voucher paid it all: the booking is confirmed and e-mailed already (R36).
        setPaidByVoucher({ reference: answered.bookingReference ?? "", email: contact.email });
        return;
      }
      setHeld({
        clientSecret: answered.clientSecret,
        paymentIntentId: answered.paymentIntentId!,
        amountPence: answered.amountPence,
        voucherAppliedPence: answered.voucherAppliedPence,
      });
    } catch (err) {
      setProblem(visitorReason(err) ?? "Your tickets could not be held. Please try again.");
    } finally {
      setBusy(false);
    }
  }

  const when = (s: { date: string; time: string }) => `${formatLongDate(s.date)}, ${formatTime12h(s.time)}`;
  if (paidByVoucher) {
    return (
      <section className={formClasses.form} aria-labelledby="tickets-booked-title" data-testid="tickets-booked">
        <h3 id="tickets-booked-title">Your tickets are booked</h3>
        <p role="status">
          {count} × {event.name}, {when(sitting)}, paid by your gift voucher. Booking reference <strong>{paidByVoucher.reference}</strong>; the confirmation is
          on its way to {paidByVoucher.email}.
        </p>
      </section>
    );
  }
  if (held) {
    return (
      <section className={formClasses.form} aria-labelledby="tickets-pay-title" data-testid="ticket-payment">
        <h3 id="tickets-pay-title">Pay for your tickets</h3>
        <p className={formClasses.note}>
          {count} × {event.name}, {when(sitting)}. Your tickets are held while you pay.
          {held.voucherAppliedPence > 0 ? ` Your gift voucher pays ${formatPence(held.voucherAppliedPence)}.` : ""}
        </p>
        <PaymentFields mode={{ kind: "intent", clientSecret: held.clientSecret }} handleRef={handleRef} disabled={paying} />
        <Button onClick={pay} disabled={paying}>
          {paying ? "Processing..." : `Pay ${formatPence(held.amountPence)}`}
        </Button>
      </section>
    );
  }

  return (
    <form className={formClasses.form} onSubmit={hold} aria-labelledby="tickets-title" noValidate data-testid="ticket-form">
      <h3 id="tickets-title">Buy tickets for {event.name}</h3>
      <div className={formClasses.grid}>
        <NativeSelect
          label="Sitting"
          value={String(sitting.id)}
          onChange={(e) => setChosenId(Number(e.currentTarget.value))}
          data={open.map((s) => ({ value: String(s.id), label: `${when(s)} (${s.ticketsLeft} left)` }))}
        />
        <NativeSelect
          label="Tickets"
          value={String(count)}
          onChange={(e) => setTickets(Number(e.currentTarget.value))}
          data={Array.from({ length: most }, (_, i) => String(i + 1))}
        />
        <ContactFields values={contact} errors={{}} set={(field, value) => setContact((c) => ({ ...c, [field]: value }))} />
        {sitting.question ? <TextInput label={sitting.question} value={answer} maxLength={500} onChange={(e) => setAnswer(e.currentTarget.value)} /> : null}
        <TextInput
          label="Gift voucher code (optional)"
          description="A money gift voucher can pay for tickets."
          value={voucherCode}
          maxLength={40}
          autoComplete="off"
          onChange={(e) => setVoucherCode(e.currentTarget.value)}
        />
      </div>
      <p className={formClasses.summary}>
        Total: <strong>{formatPence(totalPence)}</strong> ({count} × {formatPence(event.pricePence)})
      </p>
      {problem ? (
        <p className={formClasses.error} role="alert">
          {problem}
        </p>
      ) : null}
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Holding your tickets..." : "Continue to payment"}
        </Button>{" "}
        <Button type="button" variant="subtle" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
