import classes from "./TextSkeleton.module.css";

/** A line-high placeholder that holds the place of text still loading, so nothing shifts when it arrives. */
export function TextSkeleton({ width = "12ch" }: { width?: string }) {
  return <span className={classes.root} style={{ width }} aria-hidden="true" />;
}
