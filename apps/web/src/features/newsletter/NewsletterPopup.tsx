import { DIALOG_Z_INDEX } from "../../styles/mantine-overlays";
import "../../styles/mantine-forms";
import { Button, Modal, TextInput } from "@mantine/core";
import { NEWSLETTER_POPUP_FLAG, TIMERS_MS } from "@tearoom/domain";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { visitorReason } from "../../lib/http";
import { subscribeToNewsletter } from "./subscribe";
import classes from "./NewsletterPopup.module.css";

type Phase = "idle" | "subscribing" | "thanks";

function storeFlag() {
  try {
    window.localStorage.setItem(NEWSLETTER_POPUP_FLAG, "true");
  } catch {
    // Storage may be unavailable (private mode); the popup then simply shows again next visit.
  }
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The newsletter popup (spec section 4, R16): subscribing takes at least 1.5 s and really
 * subscribes (source popup); the thank-you closes itself after 3 s. Closing or finishing stores
 * the flag so it never shows again in this browser.
 */
export default function NewsletterPopup({ onClosed }: { onClosed: () => void }) {
  const [opened, setOpened] = useState(true);
  const [phase, setPhase] = useState<Phase>("idle");
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string | null>(null);
  const honeypot = useRef<HTMLInputElement>(null);

  const close = () => {
    storeFlag();
    setOpened(false);
    onClosed();
  };

  useEffect(() => {
    if (phase !== "thanks") return;
    storeFlag();
    const timer = setTimeout(() => {
      setOpened(false);
      onClosed();
    }, TIMERS_MS.popupAutoClose);
    return () => clearTimeout(timer);
  }, [phase, onClosed]);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setPhase("subscribing");
    try {
      await Promise.all([subscribeToNewsletter(email, "popup", honeypot.current?.value ?? ""), wait(TIMERS_MS.simulatedSubscribe)]);
      setPhase("thanks");
    } catch (err) {
      setError(visitorReason(err) ?? "Something went wrong. Please try again.");
      setPhase("idle");
    }
  }

  return (
    <Modal
      zIndex={DIALOG_Z_INDEX}
      opened={opened}
      onClose={close}
      title={phase === "thanks" ? "Thank You!" : "Join Our Newsletter"}
      size="md"
      classNames={{ title: classes.title, content: classes.content, header: classes.header }}
      closeButtonProps={{ "aria-label": "Close newsletter popup" }}
    >
      {phase === "thanks" ? (
        <div className={classes.thanks} role="status">
          <Sprig />
          <p>You're subscribed. Look out for seasonal menus and garden news in your inbox.</p>
        </div>
      ) : (
        <form method="post" onSubmit={onSubmit} className={classes.form} noValidate={false}>
          <p className={classes.lead}>Be the first to hear about seasonal afternoon teas, garden events and special offers.</p>
          <TextInput
            type="email"
            label="Email address"
            placeholder="you@example.com"
            required
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={error}
            data-autofocus
          />
          <input ref={honeypot} type="text" name="website" tabIndex={-1} autoComplete="off" className="honeypot" aria-hidden="true" />
          <Button type="submit" fullWidth loading={false} disabled={phase === "subscribing"}>
            {phase === "subscribing" ? "Subscribing..." : "Subscribe"}
          </Button>
          <p className={classes.consent}>
            By subscribing, you agree to our{" "}
            <a href="/privacy-policy" target="_blank" rel="noopener">
              Privacy Policy
            </a>
            .
          </p>
        </form>
      )}
    </Modal>
  );
}

function Sprig() {
  return (
    <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
      <circle cx="32" cy="32" r="30" fill="#f4ecdc" />
      <path d="M32 50V22" stroke="#4a6642" strokeWidth="2" strokeLinecap="round" />
      <path d="M32 36c-8-1-12-6-12-11 7 0 11 4 12 11zM32 30c8-1 12-6 12-11-7 0-11 4-12 11z" fill="#8aa87e" />
      <circle cx="32" cy="18" r="6" fill="#b4536f" />
      <circle cx="32" cy="18" r="2.5" fill="#e9d59a" />
    </svg>
  );
}
