import { GUEST_LIMITS } from "@tearoom/domain";
import { PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import { Link } from "react-router";
import { BookingForm } from "../features/booking/BookingForm";
import classes from "../features/booking/ReservationsPage.module.css";
import { Hero } from "../features/hero/Hero";
import { telHref } from "../features/site/hours";
import { Seo } from "../features/site/Seo";
import { useFacts } from "../features/site/site-data";

export default function ReservationsPage() {
  const facts = useFacts();
  return (
    <>
      <Seo
        title="Table Reservations"
        path="/reservations"
        description="Reserve a table for breakfast, lunch or a light snack, order a picnic hamper for the gardens, or request afternoon tea at the Heritage Tearoom."
      />
      <Hero
        size="compact"
        imageUrl="/images/gallery/tearoom-window.svg"
        eyebrow="Breakfast · Lunch · Picnics"
        title="Table Reservations"
        subtitle="Book a table in the tearoom or a picnic hamper to enjoy on the lawns."
        showButtons={false}
      />
      <PageSection aria-labelledby="booking-title">
        <div className={classes.layout}>
          <div className={classes.formCard}>
            <SectionHeading id="booking-title" title="Request a booking" align="start">
              <p>
                Coming for afternoon tea? You can <Link to="/afternoon-tea">book and pay for afternoon tea online</Link>.
              </p>
            </SectionHeading>
            <BookingForm />
          </div>
          <aside className={classes.aside} aria-labelledby="hours-title">
            <h2 id="hours-title" className={classes.asideTitle}>
              Opening Hours
            </h2>
            <dl className={classes.hours}>
              <div>
                <dt>Tearoom</dt>
                <dd>{facts ? facts.openingHours : <TextSkeleton width="22ch" />}</dd>
              </div>
              <div>
                <dt>Food served</dt>
                <dd>{facts ? `${facts.openingTime} to ${facts.foodServedUntil}` : <TextSkeleton width="12ch" />}</dd>
              </div>
              <div>
                <dt>Afternoon tea</dt>
                <dd>{facts ? `${facts.afternoonTeaFirstSlot} to ${facts.afternoonTeaLastSlot}` : <TextSkeleton width="12ch" />}</dd>
              </div>
            </dl>
            <ul className={classes.notes}>
              {facts?.bankHolidaysOpen === false ? null : <li>Bank holidays open</li>}
              <li>Special events or large bookings by arrangement</li>
              <li>Table reservations for up to {GUEST_LIMITS.table.max} people; for larger groups please contact us directly.</li>
            </ul>
            <p className={classes.phone}>
              Call us on{" "}
              {facts ? (
                <a href={telHref(facts.phone)} className={classes.phoneLink}>
                  {facts.phone}
                </a>
              ) : (
                <TextSkeleton width="11ch" />
              )}
            </p>
            <img src="/images/teacup.svg" alt="" width={320} height={200} loading="lazy" className={classes.art} />
          </aside>
        </div>
      </PageSection>
    </>
  );
}
