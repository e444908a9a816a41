import { formatLongDate, formatTime12h } from "@tearoom/domain";
import { useFacts } from "../site/site-data";
import classes from "./RequestReceived.module.css";

/** What a request asked for, as the server accepted it (R51): when, and for how many. */
export interface ReceivedRequest {
  reference: string;
  date: string;
  time: string;
  guests: number;
}

/**
 * What stays on the page after a table or hamper request is sent: the reference to quote (the
 * toast that announces it is gone after five seconds), and what was asked for and where (R51). A
 * reference is never broken at its hyphen.
 */
export function RequestReceived({ request }: { request: ReceivedRequest }) {
  const facts = useFacts();
  const rows: [string, string][] = [
    ["Date", formatLongDate(request.date)],
    ["Time", formatTime12h(request.time)],
    ["Guests", String(request.guests)],
  ];
  if (facts) rows.push(["Where", facts.address.lines.join(", ")]);
  return (
    <section className={classes.panel} aria-labelledby="request-received-title" data-testid="request-received">
      <h3 id="request-received-title" className={classes.title}>
        Request received
      </h3>
      <p className={classes.text}>
        Your reference is <strong className={classes.reference}>{request.reference}</strong>. We&apos;ll confirm your reservation shortly; a copy of your
        request is on its way to your e-mail. Please quote the reference if you call us.
      </p>
      <dl className={classes.rows}>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** A reference inside running text (the toast), kept on one line. */
export function Reference({ reference }: { reference: string }) {
  return <span className={classes.reference}>{reference}</span>;
}
