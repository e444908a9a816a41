import { Button } from "@mantine/core";
import { useState } from "react";
import { failureText } from "../../lib/http";
import { leaveWaitlist } from "./api";
import classes from "../manage/ManageBooking.module.css";

/** /waitlist/leave/<token> (R52): the guest takes themselves off the waiting list. */
export function LeaveWaitlist({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  if (done) {
    return (
      <p className={classes.note} role="status" data-testid="waitlist-left">
        You have left the waiting list. We will not e-mail you about free seats for this day.
      </p>
    );
  }
  const leave = async () => {
    setPending(true);
    setProblem(null);
    try {
      await leaveWaitlist(token);
      setDone(true);
    } catch (err) {
      setProblem(failureText("You could not be taken off the waiting list. Please try again.", err));
    } finally {
      setPending(false);
    }
  };
  return (
    <div className={classes.card}>
      <p className={classes.note}>If you no longer need a place, leave the waiting list and any seats held for you go to the next guest.</p>
      <div className={classes.actions}>
        <Button onClick={leave} disabled={pending}>
          {pending ? "Please wait..." : "Leave the waiting list"}
        </Button>
      </div>
      {problem ? (
        <p className={classes.note} role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
