import type { TeaType } from "@tearoom/domain";
import { useEffect, useId, useRef, useState } from "react";
import formClasses from "../forms/Forms.module.css";
import classes from "./VoucherCodeField.module.css";
import { quoteVoucher, type AppliedVoucher } from "./voucher-quote";
import entry from "../forms/CodeEntry.module.css";

export interface VoucherCodeFieldProps {
  teaType: TeaType | "";
  guests: number;
  applied: AppliedVoucher | null;
  onApplied: (voucher: AppliedVoucher | null) => void;
  /** R50: a code from the voucher e-mail's link: filled in, and applied once a tea is chosen. */
  initialCode?: string | undefined;
}

/**
 * R36: a gift voucher code on the afternoon-tea form. "Apply" asks the server what the code pays
 * of this tea and what is left to pay; a change of tea or guests asks again. Its own chunk,
 * loaded only when the visitor opens it (the form's first view stays as it was).
 */
export default function VoucherCodeField({ teaType, guests, applied, onApplied, initialCode }: VoucherCodeFieldProps) {
  const id = useId();
  const [typed, setTyped] = useState(applied?.code ?? initialCode ?? "");
  const linkedTried = useRef(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const asked = useRef(0);

  async function apply(code: string) {
    if (!teaType) {
      setError("Please choose a tea type first.");
      return;
    }
    const ask = ++asked.current;
    setBusy(true);
    const answer = await quoteVoucher(code, teaType, guests);
    if (ask !== asked.current) return; // a later ask (new guests or tea) answers instead
    setBusy(false);
    setError(answer.ok ? null : answer.message);
    onApplied(answer.ok ? answer.voucher : null);
  }

  // What the voucher pays depends on the tea and the guests: ask again when they change.
  const appliedCode = applied?.code;
  useEffect(() => {
    if (appliedCode) void apply(appliedCode);
    else if (initialCode && teaType && !linkedTried.current) {
      // The linked code is asked about once, when there is a tea to price it against.
      linkedTried.current = true;
      void apply(initialCode);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the tea and guests re-ask
  }, [teaType, guests]);

  return (
    <div className={classes.wrap}>
      <label htmlFor={`${id}-code`} className={entry.label}>
        Gift voucher code
      </label>
      <div className={entry.row}>
        <input
          id={`${id}-code`}
          className={entry.input}
          name="voucherCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="TEA-ABCD-EFGH-JKMN"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          onKeyDown={(e) => {
            // Enter applies the code rather than sending the whole booking form.
            if (e.key === "Enter") {
              e.preventDefault();
              void apply(typed);
            }
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : applied ? `${id}-applied` : undefined}
        />
        <button type="button" className={entry.button} disabled={busy} onClick={() => void apply(typed)}>
          {busy ? "Checking..." : "Apply"}
        </button>
        {applied ? (
          <button
            type="button"
            className={`${entry.button} ${classes.remove}`}
            onClick={() => {
              asked.current++;
              setTyped("");
              setError(null);
              onApplied(null);
            }}
          >
            Remove
          </button>
        ) : null}
      </div>
      <div aria-live="polite">
        {error ? (
          <p id={`${id}-error`} className={formClasses.error} role="alert">
            {error}
          </p>
        ) : applied ? (
          <p id={`${id}-applied`} className={classes.applied} data-testid="voucher-applied">
            {applied.summary}
          </p>
        ) : null}
      </div>
    </div>
  );
}
