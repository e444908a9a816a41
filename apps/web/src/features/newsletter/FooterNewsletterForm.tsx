import { useToast } from "@tearoom/ui";
import { useId, useState, type FormEvent } from "react";
import { visitorReason } from "../../lib/http";
import { subscribeToNewsletter } from "./subscribe";
import classes from "./FooterNewsletterForm.module.css";

/** The footer's newsletter form: one required e-mail field, a real subscription (R16, source footer). */
export function FooterNewsletterForm() {
  const { toast } = useToast();
  const id = useId();
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const website = String(new FormData(e.currentTarget).get("website") ?? "");
    setBusy(true);
    try {
      await subscribeToNewsletter(email, "footer", website);
      toast({ title: "Thank You!", description: "You're subscribed to our newsletter." });
      setEmail("");
    } catch (error) {
      toast({ title: "Subscription failed", description: visitorReason(error) ?? "Please try again in a moment.", variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" className={classes.form} onSubmit={onSubmit} aria-labelledby={`${id}-title`}>
      <p id={`${id}-title`} className={classes.heading}>
        Newsletter
      </p>
      <p className={classes.lead}>Seasonal menus, garden events and first word of new dates.</p>
      <div className={classes.row}>
        <label htmlFor={`${id}-email`} className="visually-hidden">
          Email address
        </label>
        <input
          id={`${id}-email`}
          className={classes.input}
          type="email"
          name="email"
          required
          autoComplete="email"
          placeholder="Your email address"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <input type="text" name="website" tabIndex={-1} autoComplete="off" className="honeypot" aria-hidden="true" />
        <button type="submit" className={classes.button} disabled={busy}>
          {busy ? "Subscribing..." : "Subscribe"}
        </button>
      </div>
    </form>
  );
}
