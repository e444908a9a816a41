import { SectionHeading } from "@tearoom/ui";
import { useId, useState, type FormEvent } from "react";
import type { VoucherCheck } from "./check-voucher";
import classes from "./CheckVoucher.module.css";
import entry from "../forms/CodeEntry.module.css";

let loading: Promise<typeof import("./check-voucher")> | undefined;
/** The check's code is a chunk of its own, fetched on the first focus or send (the page's first view stays as it was). */
function loadCheck() {
  return (loading ??= import("./check-voucher").catch((error: unknown) => {
    loading = undefined;
    throw error;
  }));
}

/** R36: afternoon-tea and monetary vouchers pay for afternoon tea online too. */
const TEA_NOTE = "Use it when you book afternoon tea online (Pay with a gift voucher), or call or e-mail us with the code when you book.";

const NOTES: Record<"active" | "redeemed" | "expired", string> = {
  active: "To use it, call or e-mail us with the code when you book.",
  redeemed: "This voucher has been used in full.",
  expired: "This voucher has passed its expiry date. If you think that is wrong, please get in touch.",
};

/** The section's heading, for the page section to be named by. */
export const CHECK_VOUCHER_TITLE_ID = "check-voucher-title";

/** "Check your voucher" (R35): type, what is left, expiry and status of a code; nothing personal. */
export function CheckVoucher() {
  const id = useId();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<VoucherCheck | null>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setBusy(true);
    try {
      const { checkVoucher } = await loadCheck();
      setAnswer(await checkVoucher(code));
    } catch {
      setAnswer({ ok: false, message: "We could not reach the tearoom's website. Please check your connection and try again." });
    } finally {
      setBusy(false);
    }
  }

  const error = answer && !answer.ok ? answer.message : null;
  return (
    <div className={classes.wrap}>
      <SectionHeading id={CHECK_VOUCHER_TITLE_ID} eyebrow="Already have a voucher?" title="Check your voucher" />
      <p className={classes.lead}>Enter the code from your voucher to see what is left on it and until when it is valid.</p>
      <form method="post" className={classes.form} onSubmit={onSubmit} aria-labelledby={CHECK_VOUCHER_TITLE_ID} noValidate>
        <label htmlFor={`${id}-code`} className={entry.label}>
          Voucher code
        </label>
        <div className={entry.row}>
          <input
            id={`${id}-code`}
            className={entry.input}
            name="code"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="TEA-ABCD-EFGH-JKMN"
            value={code}
            onFocus={() => void loadCheck().catch(() => undefined)}
            onChange={(e) => setCode(e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
          />
          <button type="submit" className={entry.button} disabled={busy}>
            {busy ? "Checking..." : "Check voucher"}
          </button>
        </div>
        {error ? (
          <p id={`${id}-error`} className={classes.error} role="alert">
            {error}
          </p>
        ) : null}
      </form>
      <div aria-live="polite">
        {answer?.ok ? (
          <div className={classes.result} data-status={answer.result.status}>
            <p className={classes.resultTitle}>
              {answer.result.type} <span className={classes.badge}>{answer.result.statusLabel}</span>
            </p>
            <dl className={classes.facts}>
              <div>
                <dt>Code</dt>
                <dd className={classes.code}>{answer.result.code}</dd>
              </div>
              <div>
                <dt>What is left</dt>
                <dd>{answer.result.left}</dd>
              </div>
              <div>
                <dt>{answer.result.status === "expired" ? "Expired on" : "Valid until"}</dt>
                <dd>{answer.result.expires}</dd>
              </div>
            </dl>
            <p className={classes.note}>{answer.result.status === "active" && answer.result.usableForTea ? TEA_NOTE : NOTES[answer.result.status]}</p>
          </div>
        ) : null}
      </div>
    </div>
  );
}
