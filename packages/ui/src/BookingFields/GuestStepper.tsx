import { useId } from "react";
import classes from "./GuestStepper.module.css";

export interface GuestStepperProps {
  label: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: number) => void;
  error?: string | null;
}

/** − n + buttons for the number of guests; the buttons clamp to min..max (spec section 5). */
export function GuestStepper({ label, value, min, max, onChange, error }: GuestStepperProps) {
  const id = useId();
  const clamp = (n: number) => Math.min(max, Math.max(min, n));
  return (
    <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-error` : undefined} className={classes.root}>
      <p id={`${id}-label`} className={classes.label}>
        {label}
      </p>
      <div className={classes.controls}>
        <button type="button" className={classes.button} onClick={() => onChange(clamp(value - 1))} disabled={value <= min} aria-label="Fewer guests">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M3 8h10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <output className={classes.value} aria-live="polite" aria-label={`${value} ${value === 1 ? "guest" : "guests"}`}>
          {value}
        </output>
        <button type="button" className={classes.button} onClick={() => onChange(clamp(value + 1))} disabled={value >= max} aria-label="More guests">
          <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
            <path d="M3 8h10M8 3v10" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
        </button>
        <span className={classes.hint}>
          {min}–{max} guests
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
