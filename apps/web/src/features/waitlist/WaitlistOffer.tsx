import { Button } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { formatLongDate, formatPence, formatTime12h, type WaitlistOffer as Offer } from "@tearoom/domain";
import { TextSkeleton, useToast } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { failureText, HttpError } from "../../lib/http";
import { PaymentFields, useIntentPayment } from "../payments";
import { useFacts } from "../site/site-data";
import { timeLeftInWords } from "./time-left";
import { claimWaitlistOffer, getWaitlistOffer, waitlistOfferPath } from "./api";
import classes from "../manage/ManageBooking.module.css";

function Details({ offer }: { offer: Offer }) {
  const rows: [string, string][] = [
    ["Reference", offer.reference],
    ["Booking", offer.type === "afternoonTea" ? "Afternoon tea" : offer.type === "event" ? "Event tickets" : "Table"],
    ["Date", formatLongDate(offer.date)],
    ["Time", formatTime12h(offer.time)],
    ["Guests", String(offer.guests)],
    ...(offer.amountPence !== null ? [["Price", formatPence(offer.amountPence)] as [string, string]] : []),
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

/** /waitlist/<token> (R52): the seats held for a waiting-list guest, claimed by paying (tea) or one click (table). */
export function WaitlistOffer({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const facts = useFacts();
  const offer = useQuery({ queryKey: [waitlistOfferPath(token)], queryFn: ({ signal }) => getWaitlistOffer(token, signal), retry: false });
  const [now, setNow] = useState(() => Date.now());
  const [secret, setSecret] = useState<string | null>(null);
  const [madeRequest, setMadeRequest] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  const { handleRef, paying, pay } = useIntentPayment(secret, `/waitlist/${token}`, async () => {
    toast({ title: "Payment received", description: "Your afternoon tea is booked. We have e-mailed your confirmation." });
    await queryClient.invalidateQueries({ queryKey: [waitlistOfferPath(token)] });
  });

  if (offer.isLoading) return <TextSkeleton width="24ch" />;
  if (offer.error || !offer.data) {
    const status = offer.error instanceof HttpError ? offer.error.status : 0;
    return (
      <p className={classes.note} role="alert" data-testid="waitlist-offer-problem">
        {status === 404
          ? "This offer link is not valid. Please use the link in your most recent e-mail from us"
          : "This offer could not be loaded. Please try again later"}
        {facts?.phone ? `, or call us on ${facts.phone}.` : "."}
      </p>
    );
  }
  const o = offer.data;
  const left = timeLeftInWords(o.expiresAt, now);
  const claimed = o.status === "claimed" || madeRequest !== null;
  const lapsed = !claimed && (o.status !== "offered" || left === null);

  const claim = async () => {
    setProblem(null);
    setPending(true);
    try {
      const answer = await claimWaitlistOffer(token);
      if ("clientSecret" in answer) setSecret(answer.clientSecret);
      else setMadeRequest(answer.reference);
    } catch (err) {
      if (err instanceof HttpError && err.status === 410) await queryClient.invalidateQueries({ queryKey: [waitlistOfferPath(token)] });
      setProblem(failureText("The seats could not be claimed. Please try again.", err));
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={classes.card}>
      <Details offer={o} />
      {claimed ? (
        <p className={classes.note} role="status" data-testid="waitlist-offer-claimed">
          {o.type === "table"
            ? `Thank you: your table request ${madeRequest ?? o.reference} is made. We'll confirm it shortly by e-mail.`
            : `Thank you: your ${o.type === "event" ? "tickets are" : "afternoon tea is"} booked. We have e-mailed your confirmation.`}
        </p>
      ) : lapsed ? (
        <p className={classes.note} role="alert" data-testid="waitlist-offer-lapsed">
          Sorry, this offer has lapsed and the seats have gone to the next guest on the waiting list.
          {facts?.phone ? ` Please call us on ${facts.phone} if you would still like to visit.` : ""}
        </p>
      ) : (
        <section className={classes.change} aria-labelledby="offer-title">
          <h2 id="offer-title">These seats are held for you</h2>
          <p className={classes.note} data-testid="waitlist-offer-expiry">
            We hold them until{" "}
            {formatTime12h(new Date(o.expiresAt).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" }))}, {left}.
          </p>
          {secret ? (
            <>
              <PaymentFields mode={{ kind: "intent", clientSecret: secret }} handleRef={handleRef} disabled={paying} />
              <div className={classes.actions}>
                <Button onClick={pay} disabled={paying}>
                  {paying ? "Processing..." : `Pay ${formatPence(o.amountPence ?? 0)}`}
                </Button>
              </div>
            </>
          ) : (
            <div className={classes.actions}>
              <Button onClick={claim} disabled={pending}>
                {pending ? "Please wait..." : o.type === "table" ? "Confirm my table" : "Pay and confirm"}
              </Button>
            </div>
          )}
          {problem ? (
            <p className={classes.note} role="alert">
              {problem}
            </p>
          ) : null}
        </section>
      )}
    </div>
  );
}
