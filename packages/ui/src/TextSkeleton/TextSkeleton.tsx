import classes from "./TextSkeleton.module.css";

export interface TextSkeletonProps {
  /** Width of a one-line placeholder. */
  width?: string;
  /**
   * Typical text for the place (e.g. the sentence built from the default settings), drawn as
   * shimmering bars instead of a fixed width: the placeholder then breaks into the same lines
   * as the real text and nothing below it moves when that arrives.
   */
  text?: string;
}

/** A placeholder that holds the place of text still loading, so nothing shifts when it arrives. */
export function TextSkeleton({ width = "12ch", text }: TextSkeletonProps) {
  if (text !== undefined) {
    return (
      <span className={classes.lines} aria-hidden="true">
        {text}
      </span>
    );
  }
  return <span className={classes.root} style={{ width }} aria-hidden="true" />;
}
