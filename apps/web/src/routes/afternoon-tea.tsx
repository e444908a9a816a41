import { siteFacts, type SiteFacts } from "@tearoom/domain";
import { Card, CardGrid, LinkButton, PageSection, Price, SectionHeading, TextSkeleton } from "@tearoom/ui";
import { Link, useSearchParams } from "react-router";
import { AfternoonTeaForm } from "../features/afternoon-tea/AfternoonTeaForm";
import { VoucherBooked } from "../features/afternoon-tea/VoucherBooked";
import classes from "../features/afternoon-tea/AfternoonTeaPage.module.css";
import formClasses from "../features/forms/Forms.module.css";
import { Hero } from "../features/hero/Hero";
import { useAfternoonTeaPayment } from "../features/payments";
import { afternoonTeaHoursText, telHref } from "../features/site/hours";
import { Seo } from "../features/site/Seo";
import { useFacts, useSite } from "../features/site/site-data";
import { ComingSoon } from "../features/site/ComingSoon";

let typicalFacts: SiteFacts | undefined;
/** The facts from the default settings, the usual answer of /api/site: the placeholders' text. */
function defaultFacts(): SiteFacts {
  return (typicalFacts ??= siteFacts({}));
}

export default function AfternoonTeaPage() {
  // R50: the voucher e-mail links here with its code (?voucher=TEA-…#book), filled in on the form.
  const [params] = useSearchParams();
  const voucherCode = params.get("voucher")?.slice(0, 40) || undefined;
  const facts = useFacts();
  const prices = useSite().data?.prices;
  // The payment step (R7, R9): creates the payment intent with the spec's payload, holds the
  // seats, confirms with the provider and returns to /confirmation?type=afternoon-tea.
  const payment = useAfternoonTeaPayment();

  return (
    <>
      <Seo
        title="Afternoon Tea"
        path="/afternoon-tea"
        description="Traditional and champagne afternoon tea in a heritage tearoom: finger sandwiches, warm scones with clotted cream and homemade cakes. Book and pay online."
      />
      <Hero
        size="compact"
        imageUrl="/images/gallery/tearoom-tea.svg"
        eyebrow="Served in the old coach house"
        title="Afternoon Tea"
        subtitle="A long-held English ritual, served on vintage china with a view of the gardens."
        showButtons={false}
      />

      <PageSection aria-labelledby="teas-title">
        <SectionHeading id="teas-title" eyebrow="Our teas" title="Choose your afternoon tea">
          {/* Above the tea cards on a phone: while loading, the line from the default settings takes the same lines. */}
          <p>{facts ? afternoonTeaHoursText(facts) : <TextSkeleton text={afternoonTeaHoursText(defaultFacts())} />}</p>
        </SectionHeading>
        <CardGrid min="19rem">
          <Card className={classes.teaCard}>
            <img src="/images/tea-traditional.svg" alt="" width={480} height={300} className={classes.teaArt} />
            <h3 className={classes.teaTitle}>Traditional Afternoon Tea</h3>
            <p className={classes.price}>
              <Price pence={prices ? prices.traditional : undefined} suffix="per person" />
            </p>
            <ul className={classes.menu}>
              <li>Finger sandwiches: cucumber and cream cheese, egg and cress, smoked salmon, honey-roast ham and mustard</li>
              <li>Warm fruit and plain scones with Cornish clotted cream and strawberry jam</li>
              <li>A selection of homemade cakes and pastries</li>
              <li>A pot of loose-leaf tea or freshly ground coffee</li>
            </ul>
          </Card>
          <Card className={`${classes.teaCard} ${classes.champagne}`}>
            <img src="/images/tea-champagne.svg" alt="" width={480} height={300} className={classes.teaArt} />
            <h3 className={classes.teaTitle}>Champagne Afternoon Tea</h3>
            <p className={classes.price}>
              <Price pence={prices ? prices.champagne : undefined} suffix="per person" />
            </p>
            <ul className={classes.menu}>
              <li>Everything in our traditional afternoon tea</li>
              <li>A glass of chilled champagne to begin</li>
              <li>Seasonal cakes from the pastry kitchen</li>
              <li>A pot of loose-leaf tea or freshly ground coffee</li>
            </ul>
          </Card>
        </CardGrid>
        <aside className={classes.dietary} aria-labelledby="dietary-title">
          <h3 id="dietary-title">Dietary requirements</h3>
          <p>
            We are happy to prepare vegetarian, vegan and gluten-free afternoon teas. Please tell us about any allergies or dietary needs when you book, and we
            will take care of the rest.
          </p>
        </aside>
      </PageSection>

      <PageSection tone="parchment" width="narrow" aria-labelledby="book-title" id="book">
        <SectionHeading
          id="book-title"
          eyebrow="Reserve your table"
          title={
            <>
              Book Your Afternoon Tea
              <ComingSoon className={formClasses.badge} />
            </>
          }
        >
          <p>Choose your tea, date and time; your table is kept for two hours.</p>
        </SectionHeading>
        <div className={classes.formCard}>
          {payment.booked ? (
            <VoucherBooked booked={payment.booked} />
          ) : (
            <AfternoonTeaForm onSubmit={payment.onSubmit} paymentSlot={payment.paymentSlot} voucherCode={voucherCode} />
          )}
        </div>
        <p className={classes.callUs}>
          Prefer to book by phone? Call us on {facts ? <a href={telHref(facts.phone)}>{facts.phone}</a> : <TextSkeleton text={defaultFacts().phone} />}.
        </p>
        <p className={classes.callUs}>
          Looking for a table for lunch instead? <Link to="/reservations">Reserve a table</Link>.
        </p>
        <div className={classes.centre}>
          <LinkButton as={Link} to="/gift-vouchers" variant="outline">
            Give afternoon tea as a gift
          </LinkButton>
        </div>
      </PageSection>
    </>
  );
}
