import { formatPenceShort, PACKAGE_FROM_PENCE } from "@tearoom/domain";
import { Card, CardGrid, LinkButton, PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import { Link } from "react-router";
import { Hero } from "../features/hero/Hero";
import { SecretGardenIcon } from "../features/home/SecretGardenIcon";
import { NewsletterPopupTimer } from "../features/newsletter/NewsletterPopupTimer";
import { HOUSE_SITE, INN_SITE } from "../features/site/links";
import { afternoonTeaServiceLine, telHref } from "../features/site/hours";
import { Seo } from "../features/site/Seo";
import { Facts, SitePrice } from "../features/site/SiteValues";
import classes from "../features/home/Home.module.css";
import { illustrationSources } from "../lib/illustrations";
import { ComingSoon } from "../features/site/ComingSoon";

// The figures beside the text: full width on a phone, half the column from 56em.
const FIGURE_SIZES = "(min-width: 56em) 36rem, 100vw";

const TEA_CONTENTS = [
  "Finger sandwiches: cucumber and cream cheese, egg and cress, smoked salmon, honey-roast ham and mustard",
  "Warm scones with Cornish clotted cream and strawberry jam",
  "A selection of homemade cakes and dainty pastries",
  "A pot of loose-leaf tea or freshly ground coffee",
];

export default function HomePage() {
  return (
    <>
      <Seo
        title="The Heritage Tearoom"
        path="/"
        description="Afternoon tea, light lunches and garden picnics in the tearoom of a historic house with gardens in southern England. Reserve a table or buy a gift voucher."
      />
      <Hero
        eyebrow="Tearoom · House · Gardens"
        title="Afternoon tea in a historic garden"
        subtitle="Loose-leaf tea, warm scones and homemade cakes, served in the old coach house and out on the lawns of a much-loved heritage house."
      />

      <PageSection aria-labelledby="welcome-title">
        <div className={classes.split}>
          <div>
            <SectionHeading id="welcome-title" eyebrow="Welcome" title="A tearoom with a long memory" align="start" />
            <p className={classes.prose}>
              Our tearoom sits in the old coach house, where carriages once waited beside the stables. Today it is a place for unhurried mornings, long lunches
              and the gentle ceremony of afternoon tea, with doors that open onto the walled garden.
            </p>
            <p className={classes.prose}>
              Everything is baked in our own kitchen each morning, with eggs, fruit and flowers from the estate and neighbouring farms whenever the seasons
              allow.
            </p>
            <div className={classes.actions}>
              <LinkButton as={Link} to="/gallery" variant="outline">
                See the gallery
              </LinkButton>
            </div>
          </div>
          <figure className={classes.figure}>
            <img
              {...illustrationSources("/images/gallery/tearoom-interior.svg")}
              sizes={FIGURE_SIZES}
              alt="The tearoom's dining room with laid tables, tall windows and a garden view"
              width={1200}
              height={900}
              loading="lazy"
              decoding="async"
            />
          </figure>
        </div>
      </PageSection>

      <PageSection tone="sage" aria-labelledby="heritage-title">
        <div className={classes.heritage}>
          <SectionHeading id="heritage-title" eyebrow="Preservation" title="Supporting our heritage" inverted>
            <p>
              The house and its gardens are cared for by a small charitable trust. Every pot of tea, every slice of cake and every gift voucher helps to mend
              roofs, restore glasshouses and keep the gardens open for generations to come.
            </p>
          </SectionHeading>
          <LinkButton href={HOUSE_SITE.href} target="_blank" rel="noopener noreferrer" variant="gold">
            Discover the house and gardens<span className="visually-hidden"> (opens in a new tab)</span>
          </LinkButton>
        </div>
      </PageSection>

      <PageSection tone="parchment" aria-labelledby="tea-title">
        <SectionHeading id="tea-title" eyebrow="Our speciality" title="Afternoon Tea">
          <p>
            <Facts placeholder={<TextSkeleton width="30ch" />}>{(facts) => `${afternoonTeaServiceLine(facts)}.`}</Facts>
          </p>
        </SectionHeading>
        <div className={classes.teaLayout}>
          <figure className={classes.figure}>
            <img
              {...illustrationSources("/images/gallery/tearoom-tea.svg")}
              sizes={FIGURE_SIZES}
              alt="A three-tier stand of sandwiches, scones and cakes beside a floral teapot"
              width={1200}
              height={900}
              loading="lazy"
              decoding="async"
            />
          </figure>
          <div>
            <h3 className={classes.subheading}>What is served</h3>
            <ul className={classes.teaList}>
              {TEA_CONTENTS.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <dl className={classes.priceList}>
              <div>
                <dt>Traditional Afternoon Tea</dt>
                <dd>
                  <SitePrice item="traditional" suffix="per person" />
                </dd>
              </div>
              <div>
                <dt>Champagne Afternoon Tea</dt>
                <dd>
                  <SitePrice item="champagne" suffix="per person" />
                </dd>
              </div>
            </dl>
            <LinkButton as={Link} to="/afternoon-tea" variant="primary">
              Book Afternoon Tea
              <ComingSoon />
            </LinkButton>
          </div>
        </div>
      </PageSection>

      <PageSection aria-labelledby="packages-title">
        <SectionHeading id="packages-title" eyebrow="Stay a little longer" title="Package Deals" />
        <CardGrid min="18rem">
          <Card className={classes.package}>
            <p className={classes.packageTag}>Overnight escape</p>
            <h3 className={classes.packageTitle}>Stay, Stroll &amp; Sip</h3>
            <p>
              One night's stay at {INN_SITE.label}, entry for two to the house and gardens, afternoon tea for two in the tearoom and a glass of prosecco each.
            </p>
            <p className={classes.packagePrice}>
              From <strong>{formatPenceShort(PACKAGE_FROM_PENCE)}</strong> for two people
            </p>
            <LinkButton as={Link} to="/contact" variant="outline">
              Enquire about packages
            </LinkButton>
          </Card>
          <Card className={classes.package}>
            <p className={classes.packageTag}>A thoughtful present</p>
            <h3 className={classes.packageTitle}>Gift an afternoon</h3>
            <p>Afternoon tea, picnic hamper and monetary vouchers, sent by email with your personal message and valid for twelve months.</p>
            <p className={classes.packagePrice}>
              Afternoon tea from <SitePrice item="voucherAfternoonTea" suffix="per person" />
            </p>
            <LinkButton as={Link} to="/gift-vouchers" variant="outline">
              Browse gift vouchers
            </LinkButton>
          </Card>
        </CardGrid>
      </PageSection>

      <PageSection tone="rose" aria-labelledby="visit-title" className={classes.closing}>
        <SectionHeading id="visit-title" eyebrow="We look forward to welcoming you" title="Plan your visit">
          <Facts
            placeholder={
              <p>
                <TextSkeleton width="32ch" />
              </p>
            }
          >
            {(facts) => (
              <p>
                Open {facts.openingHours}
                {facts.bankHolidaysOpen ? ", bank holidays included" : ""}. Call us on <a href={telHref(facts.phone)}>{facts.phone}</a>.
              </p>
            )}
          </Facts>
        </SectionHeading>
        <div className={classes.ctaRow}>
          <LinkButton as={Link} to="/reservations" variant="primary" size="lg">
            Make a Reservation
          </LinkButton>
          <LinkButton as={Link} to="/gift-vouchers" variant="rose" size="lg">
            Buy a Gift Voucher
          </LinkButton>
          <LinkButton as={Link} to="/whats-on" variant="outline" size="lg">
            What&apos;s On
          </LinkButton>
          <LinkButton as={Link} to="/contact" variant="outline" size="lg">
            Contact Us
          </LinkButton>
        </div>
        <SecretGardenIcon />
      </PageSection>
      {/* Spec section 2: the newsletter popup belongs to the home page. */}
      <NewsletterPopupTimer />
    </>
  );
}
