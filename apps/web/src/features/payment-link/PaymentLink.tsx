import { Button } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { BOOKING_TYPE_LABELS, formatLongDate, formatPence, formatTime12h, londonNow, type BookingType, type PaymentLinkView } from "@tearoom/domain";
import { TextSkeleton, useToast } from "@tearoom/ui";
import { HttpError } from "../../lib/http";
import { PaymentFields, useIntentPayment } from "../payments";
import { useFacts } from "../site/site-data";
import { getPaymentLink, paymentLinkPath } from "./api";
import classes from "../manage/ManageBooking.module.css";

function Details({ link }: { link: PaymentLinkView }) {
  const rows: [string, string][] = [
    ["Reference", link.reference],
    ["Booking", BOOKING_TYPE_LABELS[link.bookingType as BookingType] ?? link.bookingType],
    ["Date", formatLongDate(link.date)],
    ["Time", formatTime12h(link.time)],
    ["Guests", String(link.guests)],
    // A card link charges nothing (R49): no amount to show.
    ...(link.kind === "card" ? [] : [[link.kind === "deposit" ? "Deposit" : "Amount", formatPence(link.amountPence)] as [string, string]]),
  ];
  return (
    <dl className={classes.details}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** /pay/<token> (R49): what a payment link pays for, and the card form to pay it once. */
export function PaymentLink({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const facts = useFacts();
  const link = useQuery({ queryKey: [paymentLinkPath(token)], queryFn: ({ signal }) => getPaymentLink(token, signal), retry: false });
  // An authentication page returns here, where the link then shows as paid.
  const { handleRef, paying, pay } = useIntentPayment(link.data?.clientSecret ?? null, `/pay/${token}`, async () => {
    toast(
      link.data?.kind === "card"
        ? { title: "Card saved", description: "Your card is saved for this booking. Nothing has been charged." }
        : { title: "Payment received", description: `${formatPence(link.data?.amountPence ?? 0)} paid. We have e-mailed you a receipt.` },
    );
    await queryClient.invalidateQueries({ queryKey: [paymentLinkPath(token)] });
  });
  const phone = facts?.phone;

  if (link.isLoading) return <TextSkeleton width="24ch" />;
  if (link.error || !link.data) {
    const status = link.error instanceof HttpError ? link.error.status : 0;
    const text =
      status === 410
        ? "This payment link has expired. Please contact us for a new one"
        : status === 404
          ? "This payment link is not valid. Please use the link in your most recent e-mail from us"
          : "This payment could not be loaded. Please try again later";
    return (
      <p className={classes.note} role="alert" data-testid="payment-link-problem">
        {text}
        {phone ? `, or call us on ${phone}.` : "."}
      </p>
    );
  }
  const l = link.data;
  const price = formatPence(l.amountPence);
  const saveCard = l.kind === "card";

  return (
    <div className={classes.card}>
      <Details link={l} />
      {l.status === "paid" ? (
        <p className={classes.note} role="status" data-testid="payment-link-paid">
          {saveCard
            ? `Thank you: your card is saved for booking ${l.reference}. Nothing has been charged.`
            : `Paid, thank you. ${price} has been received for booking ${l.reference}.`}
        </p>
      ) : (
        <section className={classes.change} aria-labelledby="pay-title">
          <h2 id="pay-title">{saveCard ? "Save a card for your booking" : l.kind === "deposit" ? "Pay your deposit" : "Pay for your booking"}</h2>
          <p className={classes.note}>
            {saveCard ? `A card for ${l.name}'s booking; nothing is charged now.` : `${price} by card, for ${l.name}.`} This link works until{" "}
            {formatLongDate(londonNow(new Date(l.expiresAt)).date)}.
          </p>
          <PaymentFields mode={{ kind: "intent", clientSecret: l.clientSecret! }} handleRef={handleRef} disabled={paying} />
          <div className={classes.actions}>
            <Button onClick={pay} disabled={paying}>
              {paying ? "Processing..." : saveCard ? "Save card" : `Pay ${price}`}
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
