import { Button, Checkbox } from "@mantine/core";
import { formatLongDate, formatTime12h, type WaitlistJoinAnswer } from "@tearoom/domain";
import { useState } from "react";
import { failureText } from "../../lib/http";
import { joinWaitlist } from "./api";
import formClasses from "../forms/Forms.module.css";
import classes from "./JoinWaitlist.module.css";

interface Props {
  type: "afternoonTea" | "table";
  date: string | null;
  guests: number;
  /** The day's times with the seats left at each (from availability). */
  slots: readonly { time: string; remaining: number }[] | undefined;
  contact: { name: string; email: string; phone: string };
  /** The tea or dining choice, when made. */
  extra: Record<string, string | undefined>;
}

/**
 * R52: when the party does not fit at a time (or at any time that day), the guest may join the
 * day's waiting list for the full times they would take, or for any time that day.
 */
export function JoinWaitlist({ type, date, guests, slots, contact, extra }: Props) {
  const [open, setOpen] = useState(false);
  const [any, setAny] = useState(false);
  const [times, setTimes] = useState<string[]>([]);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [joined, setJoined] = useState<WaitlistJoinAnswer | null>(null);
  if (!date || !slots || slots.length === 0) return null;
  const full = slots.filter((s) => s.remaining < guests).map((s) => s.time);
  if (full.length === 0) return null;
  const dayFull = full.length === slots.length;

  if (joined) {
    return (
      <p className={formClasses.note} role="status" data-testid="waitlist-joined">
        You are on the waiting list: number {joined.position} for {formatLongDate(date)}. Your reference is <strong>{joined.reference}</strong>. If seats free
        up, we will hold them for you and e-mail you.
      </p>
    );
  }
  if (!open) {
    return (
      <div className={formClasses.note} data-testid="waitlist-offer-join">
        <p>{dayFull ? "This day is full for your party." : `Some times are full for your party (${full.map(formatTime12h).join(", ")}).`}</p>
        <Button variant="outline" onClick={() => setOpen(true)}>
          Join the waiting list
        </Button>
      </div>
    );
  }
  const submit = async () => {
    setProblem(null);
    if (!contact.name || !contact.email || !contact.phone) {
      setProblem("Please fill in your name, e-mail and phone above first.");
      return;
    }
    if (!any && times.length === 0) {
      setProblem("Please choose at least one time, or any time that day.");
      return;
    }
    setPending(true);
    try {
      setJoined(await joinWaitlist({ type, date, guests, times: any ? null : times, ...contact, ...extra }));
    } catch (err) {
      setProblem(failureText("You could not be added to the waiting list. Please try again.", err));
    } finally {
      setPending(false);
    }
  };
  return (
    <fieldset className={classes.fieldset} aria-describedby="waitlist-help">
      <legend className={classes.legend}>Join the waiting list for {formatLongDate(date)}</legend>
      <p id="waitlist-help" className={formClasses.note}>
        Choose the times you could come. If seats free up, we hold them for you and e-mail you a link to claim them.
      </p>
      <Checkbox label="Any time that day" checked={any} onChange={(e) => setAny(e.currentTarget.checked)} />
      {any
        ? null
        : full.map((t) => (
            <Checkbox
              key={t}
              label={formatTime12h(t)}
              checked={times.includes(t)}
              onChange={(e) => {
                const on = e.currentTarget.checked;
                setTimes((list) => (on ? [...list, t] : list.filter((x) => x !== t)));
              }}
            />
          ))}
      <p className={formClasses.note}>
        For {guests} {guests === 1 ? "guest" : "guests"}, with the contact details above.
      </p>
      {problem ? (
        <p className={formClasses.error} role="alert">
          {problem}
        </p>
      ) : null}
      <Button onClick={submit} disabled={pending}>
        {pending ? "Joining..." : "Join the waiting list"}
      </Button>
    </fieldset>
  );
}
