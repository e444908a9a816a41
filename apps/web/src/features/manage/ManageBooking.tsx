import "../../styles/mantine-forms";
import { Button, NativeSelect, TextInput } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BOOKING_TYPE_LABELS,
  formatLongDate,
  formatPence,
  formatTime12h,
  fromMinutes,
  GUEST_LIMITS,
  londonNow,
  changeMoneyLines,
  refundedLines,
  type GuestChange,
  type GuestChangePayment,
  type ManagedBooking,
} from "@tearoom/domain";
import { TextSkeleton, useToast } from "@tearoom/ui";
import { useState } from "react";
import { HttpError, failureText } from "../../lib/http";
import { useAvailability } from "../booking/use-availability";
import { useFacts } from "../site/site-data";
import { PolicyTerms } from "../booking/PolicyNote";
import { cancelManagedBooking, changeManagedBooking, getManagedBooking, managePath, previewManagedChange } from "./api";
import classes from "./ManageBooking.module.css";
import { PayDifference } from "./PayDifference";

const STATUS_TEXT: Record<ManagedBooking["status"], string> = {
  held: "Awaiting payment",
  pending: "Request received – we'll confirm it shortly",
  confirmed: "Confirmed",
  declined: "Declined",
  cancelled: "Cancelled",
};
const TEA = { traditional: "Traditional", champagne: "Champagne" } as const;
const DINING = { breakfast: "Breakfast", lunch: "Lunch", lightsnack: "Light snack" } as const;
const HAMPER = { standard: "Standard", champagne: "Champagne" } as const;

/** The cut-off as the tearoom's clock reads it (R12), e.g. "Thursday, 10 June 2027 at 2:00 PM". */
function londonText(iso: string): string {
  const { date, minutes } = londonNow(new Date(iso));
  return `${formatLongDate(date)} at ${formatTime12h(fromMinutes(minutes))}`;
}

function Details({ b }: { b: ManagedBooking }) {
  const rows: [string, string][] = [
    ["Reference", b.reference],
    ["Booking", BOOKING_TYPE_LABELS[b.type]],
    ["Status", STATUS_TEXT[b.status]],
    ["Date", formatLongDate(b.date)],
    ["Time", formatTime12h(b.time)],
    ["Guests", String(b.guests)],
  ];
  if (b.teaType) rows.push(["Tea", TEA[b.teaType]]);
  if (b.diningPreference) rows.push(["Dining preference", DINING[b.diningPreference]]);
  if (b.hamperType) rows.push(["Hamper", HAMPER[b.hamperType]]);
  if (b.gardenSpotName) rows.push(["Location", b.gardenSpotName]);
  // R51: a cancelled booking says what went back, and where, instead of what was paid.
  const refunded = b.status === "cancelled" ? refundedLines(b.refundedPence, b.voucher) : [];
  if (refunded.length === 0 && b.paidPence !== null) rows.push(["Paid", formatPence(b.paidPence)]);
  return (
    <dl className={classes.details}>
      {rows.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
      {refunded.length > 0 ? (
        <div style={{ display: "contents" }}>
          <dt>Your money</dt>
          <dd data-testid="refunded">
            {refunded.map((line) => (
              <span key={line} className={classes.line}>
                {line}
              </span>
            ))}
          </dd>
        </div>
      ) : null}
    </dl>
  );
}

/** Date, time and guests within the visitor's rules; the server checks every one (R37). */
function ChangeForm({
  token,
  b,
  onChanged,
  onPaymentNeeded,
}: {
  token: string;
  b: ManagedBooking;
  onChanged: (next: ManagedBooking) => void;
  onPaymentNeeded: (payment: GuestChangePayment) => void;
}) {
  const { toast } = useToast();
  const [date, setDate] = useState(b.date);
  const [time, setTime] = useState(b.time);
  const [guests, setGuests] = useState(b.guests);
  const [pending, setPending] = useState(false);
  const availability = useAvailability(b.type, date || null, b.gardenSpotId);
  const times = (availability.data?.slots ?? []).filter((s) => s.remaining >= guests || (date === b.date && s.time === b.time)).map((s) => s.time);
  const unchanged = date === b.date && time === b.time && guests === b.guests;
  // R53: tickets are never changed online (the server says canChange false), only cancelled.
  const guestChoices = Array.from({ length: b.type === "event" ? 0 : GUEST_LIMITS[b.type].max }, (_, i) => String(i + 1));

  const change: GuestChange = {
    ...(date !== b.date ? { date } : {}),
    ...(time !== b.time ? { time } : {}),
    ...(guests !== b.guests ? { guests } : {}),
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (unchanged || pending) return;
    setPending(true);
    try {
      const next = await changeManagedBooking(token, change);
      // More guests on a paid tea: the difference is paid first (R37).
      if ("clientSecret" in next) return onPaymentNeeded(next);
      toast({ title: "Booking changed", description: "We have e-mailed you the new details." });
      onChanged(next);
    } catch (error) {
      toast({ title: "Error", description: failureText("Your booking could not be changed.", error), variant: "destructive" });
    } finally {
      setPending(false);
    }
  }

  return (
    <form className={classes.change} onSubmit={submit} noValidate aria-labelledby="change-title">
      <h2 id="change-title">Change your booking</h2>
      <div className={classes.fields}>
        <TextInput label="Date" type="date" value={date} onChange={(e) => setDate(e.currentTarget.value)} required />
        <NativeSelect
          label="Time"
          value={time}
          onChange={(e) => setTime(e.currentTarget.value)}
          data={
            times.length
              ? times.map((t) => ({ value: t, label: formatTime12h(t) }))
              : [{ value: "", label: availability.isLoading ? "Loading times…" : "No times with room on this day" }]
          }
          required
        />
        <NativeSelect label="Guests" value={String(guests)} onChange={(e) => setGuests(Number(e.currentTarget.value))} data={guestChoices} required />
      </div>
      {!unchanged && date && time ? <ChangePreview token={token} change={change} paid={b.paidPence !== null} /> : null}
      <div className={classes.actions}>
        <Button type="submit" disabled={unchanged || !time || pending}>
          {pending ? "Saving..." : "Save changes"}
        </Button>
      </div>
    </form>
  );
}

/**
 * R51: what the change would do to the money, from the server (the same sums as the change it
 * saves), shown before the guest presses save.
 */
function ChangePreview({ token, change, paid }: { token: string; change: GuestChange; paid: boolean }) {
  const preview = useQuery({
    queryKey: [managePath(token), "preview", change],
    queryFn: () => previewManagedChange(token, change),
    retry: false,
    staleTime: 30_000,
  });
  if (preview.isLoading) return null;
  if (preview.error)
    return (
      <p className={classes.preview} role="status" data-testid="change-preview">
        {failureText("We could not check this change.", preview.error)}
      </p>
    );
  const lines = preview.data ? changeMoneyLines(preview.data) : [];
  // A booking nothing was paid for online has no money to move: nothing to say.
  if (lines.length === 0 && !paid) return null;
  return (
    <div className={classes.preview} role="status" data-testid="change-preview">
      <strong>If you save this change</strong>
      {lines.length ? (
        lines.map((line) => (
          <span key={line} className={classes.line}>
            {line}
          </span>
        ))
      ) : (
        <span className={classes.line}>Nothing is charged or refunded.</span>
      )}
    </div>
  );
}

/** /booking/<token> (R37): the guest's booking, and what they may still do with it online. */
export function ManageBooking({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const facts = useFacts();
  const booking = useQuery({ queryKey: [managePath(token)], queryFn: ({ signal }) => getManagedBooking(token, signal), retry: false });
  const [confirming, setConfirming] = useState(false);
  const [cancelling, setCancelling] = useState(false);
  const [payment, setPayment] = useState<GuestChangePayment | null>(null);
  const phone = booking.data?.phone ?? facts?.phone;

  if (booking.isLoading) return <TextSkeleton width="24ch" />;
  if (booking.error || !booking.data) {
    const missing = booking.error instanceof HttpError && booking.error.status === 404;
    return (
      <p className={classes.note} role="alert">
        {missing
          ? "This link is not valid. Please use the link in your most recent e-mail from us"
          : "Your booking could not be loaded. Please try again later"}
        {phone ? `, or call us on ${phone}.` : "."}
      </p>
    );
  }
  const b = booking.data;
  const request = b.status === "pending";

  async function cancel() {
    setCancelling(true);
    try {
      const done = await cancelManagedBooking(token);
      toast({
        title: request ? "Request withdrawn" : "Booking cancelled",
        description: done.refundedPence > 0 ? `${formatPence(done.refundedPence)} is on its way back to your card.` : "We have sent you an e-mail to confirm.",
      });
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: [managePath(token)] });
    } catch (error) {
      toast({ title: "Error", description: failureText("Your booking could not be cancelled.", error), variant: "destructive" });
    } finally {
      setCancelling(false);
    }
  }

  const standing = b.status === "pending" || b.status === "confirmed";
  return (
    <div className={classes.card}>
      <Details b={b} />
      {b.canChange && b.cutoffAt ? <p className={classes.note}>You can change or cancel online until {londonText(b.cutoffAt)}.</p> : null}
      {standing ? <PolicyTerms type={b.type} className={classes.note} /> : null}
      {b.canChange && payment ? (
        <PayDifference
          payment={payment}
          from={b.guests}
          onBack={() => setPayment(null)}
          onPaid={() => {
            setPayment(null);
            void queryClient.invalidateQueries({ queryKey: [managePath(token)] });
          }}
        />
      ) : b.canChange ? (
        <ChangeForm
          key={`${b.date}|${b.time}|${b.guests}`}
          token={token}
          b={b}
          onChanged={(next) => queryClient.setQueryData([managePath(token)], next)}
          onPaymentNeeded={setPayment}
        />
      ) : null}
      {b.canCancel ? (
        <div className={classes.actions}>
          {confirming ? (
            <>
              <p className={classes.note} role="status">
                {request ? "Withdraw this request?" : "Cancel this booking?"} {b.paidPence ? "What you paid goes back to your card." : ""}
              </p>
              <Button color="rose" onClick={cancel} disabled={cancelling}>
                {cancelling ? "Cancelling..." : request ? "Yes, withdraw it" : "Yes, cancel it"}
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button variant="outline" color="rose" onClick={() => setConfirming(true)}>
              {request ? "Withdraw request" : "Cancel booking"}
            </Button>
          )}
        </div>
      ) : null}
      {standing && !b.canCancel && !b.canChange ? (
        <p className={classes.note}>It is too late to change or cancel this booking online. Please call us on {b.phone}.</p>
      ) : null}
    </div>
  );
}
