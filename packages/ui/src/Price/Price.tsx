import { formatPence } from "@tearoom/domain";
import classes from "./Price.module.css";

export interface PriceProps {
  /** Integer pence; null when the item is not on sale; undefined while prices load. */
  pence: number | null | undefined;
  /** Text after the amount, e.g. "per person". */
  suffix?: string;
  /** Shown when the item is not on sale. */
  unavailableText?: string;
  className?: string;
}

/**
 * A price from the pricing items (R6), formatted by the domain's formatPence. While loading it
 * keeps the width of a typical price so nothing moves when the figure arrives.
 */
export function Price({ pence, suffix, unavailableText = "Not currently available", className }: PriceProps) {
  if (pence === undefined) {
    return (
      <span className={`${classes.price} ${classes.loading} ${className ?? ""}`} aria-busy="true">
        <span className={classes.placeholder} aria-hidden="true">
          £00.00
        </span>
        <span className={classes.srOnly}>Loading price</span>
        {suffix ? <span className={classes.suffix}> {suffix}</span> : null}
      </span>
    );
  }
  if (pence === null) return <span className={`${classes.price} ${classes.unavailable} ${className ?? ""}`}>{unavailableText}</span>;
  return (
    <span className={`${classes.price} ${className ?? ""}`}>
      <span className={classes.amount}>{formatPence(pence)}</span>
      {suffix ? <span className={classes.suffix}> {suffix}</span> : null}
    </span>
  );
}
