import { useQuery } from "@tanstack/react-query";
import { formatLongDate, formatPence, formatTime12h, type PublicEvent, type PublicSitting } from "@tearoom/domain";
import { LinkButton, PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import { lazy, Suspense, useState } from "react";
import { EVENTS_PATH, getEvents } from "../features/events/api";
import classes from "../features/events/WhatsOn.module.css";
import { Seo } from "../features/site/Seo";
import { useFacts } from "../features/site/site-data";
import { useResultAfterHydration } from "../lib/hydration";

// R53: buying tickets is a chunk of its own, fetched when a visitor chooses a sitting.
const TicketForm = lazy(() => import("../features/events/TicketForm"));
// R52: so is joining a sitting's waiting list.
const SittingWaitlist = lazy(() => import("../features/events/SittingWaitlist"));

const ticketsText = (n: number) => `${n} ticket${n === 1 ? "" : "s"} left`;

function SittingRow({ event, sitting, onBuy, onWait }: { event: PublicEvent; sitting: PublicSitting; onBuy: () => void; onWait: () => void }) {
  const soldOut = sitting.ticketsLeft === 0;
  const closed = !soldOut && sitting.salesClosed;
  // R52: fewer tickets left than one order may buy: a guest wanting more may wait for them.
  const canWait = !sitting.salesClosed && sitting.ticketsLeft < sitting.perOrderLimit;
  const label = `${event.name}, ${formatLongDate(sitting.date)} at ${formatTime12h(sitting.time)}`;
  return (
    <li className={classes.sitting}>
      <span>
        <span className={classes.when}>
          {formatLongDate(sitting.date)}, {formatTime12h(sitting.time)}
        </span>{" "}
        <span className={soldOut ? classes.soldOut : classes.left}>
          {soldOut ? "Sold out" : closed ? "Sales closed online" : ticketsText(sitting.ticketsLeft)}
        </span>
      </span>
      <span className={classes.actions}>
        {soldOut || closed ? null : (
          <LinkButton as="button" type="button" variant="outline" onClick={onBuy} aria-label={`Buy tickets for ${label}`}>
            Buy tickets
          </LinkButton>
        )}
        {canWait ? (
          <LinkButton as="button" type="button" variant="outline" onClick={onWait} aria-label={`Join the waiting list for ${label}`}>
            Join the waiting list
          </LinkButton>
        ) : null}
      </span>
    </li>
  );
}

/** "What's on" (R53): the published events with their sittings, tickets left, and buying tickets. */
export default function WhatsOnPage() {
  const facts = useFacts();
  const events = useResultAfterHydration(useQuery({ queryKey: [EVENTS_PATH], queryFn: ({ signal }) => getEvents(signal) }));
  const [chosen, setChosen] = useState<{ event: PublicEvent; sittingId: number; wait?: boolean } | null>(null);
  const list = events.data ?? [];
  return (
    <>
      <Seo
        title="What's On"
        path="/whats-on"
        description="Seasonal afternoon teas, supper evenings and garden tours at the Heritage Tearoom: see what's on and book your tickets online."
      />
      {/* The events' schema.org data is written into this page's HTML by the server as it serves it (decision 039). */}
      <PageSection aria-labelledby="whats-on-title">
        <SectionHeading id="whats-on-title" order={1} eyebrow="Events at the tearoom" title="What's On">
          <p>Special sittings through the year, each with its own menu. Tickets are paid for online, and a money gift voucher can pay for them.</p>
        </SectionHeading>
        <div className={classes.events}>
          {events.isLoading || events.isPending ? (
            <p className={classes.loading}>
              <TextSkeleton width="28ch" />
            </p>
          ) : events.error ? (
            <p className={classes.empty} role="alert">
              Our events could not be loaded just now. Please try again later{facts ? `, or call us on ${facts.phone}` : ""}.
            </p>
          ) : list.length === 0 ? (
            <p className={classes.empty}>There are no events on sale just now. Please look again soon.</p>
          ) : (
            <div className={classes.list}>
              {list.map((event, index) => (
                <article key={event.id} id={`event-${event.slug}`} className={classes.event} aria-labelledby={`event-${event.id}-name`}>
                  {event.imageUrl ? (
                    <img className={classes.picture} src={event.imageUrl} alt="" loading={index === 0 ? "eager" : "lazy"} width={800} height={600} />
                  ) : null}
                  <div>
                    <h2 id={`event-${event.id}-name`} className={classes.name}>
                      {event.name}
                    </h2>
                    <p className={classes.price}>{formatPence(event.pricePence)} per ticket</p>
                    {event.description ? <p className={classes.description}>{event.description}</p> : null}
                    <ul className={classes.sittings} aria-label={`Sittings of ${event.name}`}>
                      {event.sittings.map((sitting) => (
                        <SittingRow
                          key={sitting.id}
                          event={event}
                          sitting={sitting}
                          onBuy={() => setChosen({ event, sittingId: sitting.id })}
                          onWait={() => setChosen({ event, sittingId: sitting.id, wait: true })}
                        />
                      ))}
                    </ul>
                    {chosen?.event.id === event.id ? (
                      <Suspense fallback={<TextSkeleton width="20ch" />}>
                        {chosen.wait ? (
                          <SittingWaitlist
                            key={chosen.sittingId}
                            event={event}
                            sitting={event.sittings.find((x) => x.id === chosen.sittingId)!}
                            onClose={() => setChosen(null)}
                          />
                        ) : (
                          <TicketForm event={event} sittingId={chosen.sittingId} onClose={() => setChosen(null)} />
                        )}
                      </Suspense>
                    ) : null}
                  </div>
                </article>
              ))}
            </div>
          )}
        </div>
      </PageSection>
    </>
  );
}
