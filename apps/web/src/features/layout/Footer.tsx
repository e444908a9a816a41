import { Container, TextSkeleton } from "@tearoom/ui";
import { Link } from "react-router";
import { telHref } from "../site/hours";
import { FooterNewsletterForm } from "../newsletter/FooterNewsletterForm";
import { Facts } from "../site/SiteValues";
import { BRAND, HOUSE_SITE, INN_SITE, SOCIAL_LINKS } from "../site/links";
import { BrandMark } from "./BrandMark";
import { SocialIcon } from "./SocialIcon";
import classes from "./Footer.module.css";

/**
 * The page's footer (the contentinfo landmark): both of the spec's footer blocks sit inside one
 * `<footer>`, so the address, hours and newsletter are found where a screen reader looks for them.
 */
export function SiteFooter({ inert = false }: { inert?: boolean }) {
  return (
    <footer data-no-print inert={inert}>
      <FooterInfo />
      <FooterBase />
    </footer>
  );
}

/** First footer block: address, opening hours (R11), newsletter, social and related sites. */
function FooterInfo() {
  return (
    <section className={classes.info} aria-labelledby="footer-visit">
      <Container width="wide" className={classes.grid}>
        <div>
          <h2 id="footer-visit" className={classes.heading}>
            Visit Us
          </h2>
          <address className={classes.address}>
            <Facts
              placeholder={["16ch", "12ch", "14ch", "10ch", "8ch"].map((w) => (
                <span key={w}>
                  <TextSkeleton width={w} />
                </span>
              ))}
            >
              {(facts) => facts.address.lines.map((line) => <span key={line}>{line}</span>)}
            </Facts>
          </address>
          <p className={classes.contact}>
            <Facts placeholder={<TextSkeleton width="11ch" />}>{(facts) => <a href={telHref(facts.phone)}>{facts.phone}</a>}</Facts>
            <br />
            <Facts placeholder={<TextSkeleton width="22ch" />}>{(facts) => <a href={`mailto:${facts.email}`}>{facts.email}</a>}</Facts>
          </p>
        </div>
        <div>
          <h2 className={classes.heading}>Opening Hours</h2>
          <ul className={classes.plainList}>
            <li>
              <Facts placeholder={<TextSkeleton width="24ch" />}>{(facts) => facts.openingHours}</Facts>
            </li>
            <Facts placeholder={null}>{(facts) => facts.seasonsText.map((text) => <li key={text}>{text}</li>)}</Facts>
            <Facts placeholder={<li>Bank holidays open</li>}>{(facts) => (facts.bankHolidaysOpen === false ? null : <li>Bank holidays open</li>)}</Facts>
            <li>Special events by arrangement</li>
          </ul>
        </div>
        <div className={classes.newsletter}>
          <FooterNewsletterForm />
        </div>
        <div>
          <h2 className={classes.heading}>Follow Us</h2>
          <ul className={classes.social}>
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer" className={classes.socialLink}>
                  <SocialIcon name={link.label} />
                  <span>{link.label}</span>
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
          <h2 className={`${classes.heading} ${classes.spaced}`}>Related Sites</h2>
          <ul className={classes.plainList}>
            {[HOUSE_SITE, INN_SITE].map((site) => (
              <li key={site.href}>
                <a href={site.href} target="_blank" rel="noopener noreferrer">
                  {site.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </Container>
    </section>
  );
}

/** Second footer block: the brand, the heritage line and the small print. */
function FooterBase() {
  return (
    <div className={classes.base}>
      <Container width="wide" className={classes.baseInner}>
        <div className={classes.baseBrand}>
          <BrandMark size={36} />
          <span>{BRAND}</span>
        </div>
        <p className={classes.heritage}>Every cup of tea helps preserve the historic house and its gardens for generations to come.</p>
        <p className={classes.copyright}>
          {/* The page may be prerendered in an earlier year than it is read in. */}© <span suppressHydrationWarning>{new Date().getFullYear()}</span> {BRAND} ·{" "}
          <Link to="/whats-on" className={classes.baseLink}>
            What&apos;s On
          </Link>{" "}
          ·{" "}
          <Link to="/privacy-policy" className={classes.baseLink}>
            Privacy Policy
          </Link>{" "}
          ·{" "}
          <Link to="/accessibility" className={classes.baseLink}>
            Accessibility
          </Link>
        </p>
      </Container>
    </div>
  );
}
