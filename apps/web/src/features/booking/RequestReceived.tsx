import classes from "./RequestReceived.module.css";

/**
 * What stays on the page after a table or hamper request is sent: the reference to quote (the
 * toast that announces it is gone after five seconds). A reference is never broken at its hyphen.
 */
export function RequestReceived({ reference }: { reference: string }) {
  return (
    <section className={classes.panel} aria-labelledby="request-received-title" data-testid="request-received">
      <h3 id="request-received-title" className={classes.title}>
        Request received
      </h3>
      <p className={classes.text}>
        Your reference is <strong className={classes.reference}>{reference}</strong>. We&apos;ll confirm your reservation shortly; a copy of your request is on
        its way to your e-mail. Please quote the reference if you call us.
      </p>
    </section>
  );
}

/** A reference inside running text (the toast), kept on one line. */
export function Reference({ reference }: { reference: string }) {
  return <span className={classes.reference}>{reference}</span>;
}
