import type { ReactNode } from "react";
import classes from "./EmptyState.module.css";

export interface EmptyStateProps {
  /** The message, e.g. "No pricing items found". */
  title: string;
  children?: ReactNode;
}

/** What a list shows when it has nothing to list. */
export function EmptyState({ title, children }: EmptyStateProps) {
  return (
    <div className={classes.root} role="status">
      <svg className={classes.icon} viewBox="0 0 48 48" width="40" height="40" aria-hidden="true" focusable="false">
        <path d="M10 20h24v6a12 12 0 0 1-12 12h0a12 12 0 0 1-12-12z" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M34 22h3a4 4 0 0 1 0 8h-4" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="M8 42h28" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        <path d="M18 8c-2 3 2 5 0 8M24 8c-2 3 2 5 0 8" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
      </svg>
      <p className={classes.title}>{title}</p>
      {children ? <div className={classes.body}>{children}</div> : null}
    </div>
  );
}
