import { PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import { telHref } from "../features/site/hours";
import classes from "../features/site/Prose.module.css";
import { Seo } from "../features/site/Seo";
import { useFacts } from "../features/site/site-data";

/** The accessibility statement: the standard we build to, what we know falls short, and how to tell us. */
export default function AccessibilityPage() {
  const facts = useFacts();
  const email = facts ? <a href={`mailto:${facts.email}`}>{facts.email}</a> : <TextSkeleton width="20ch" />;
  const phone = facts ? <a href={telHref(facts.phone)}>{facts.phone}</a> : <TextSkeleton width="11ch" />;
  return (
    <PageSection width="narrow" aria-labelledby="accessibility-title">
      <Seo
        title="Accessibility Statement"
        path="/accessibility"
        description="How the Heritage Tearoom's website meets WCAG 2.2 level AA, what we know is not yet right, and how to tell us about a problem."
      />
      <SectionHeading id="accessibility-title" order={1} eyebrow="For every visitor" title="Accessibility Statement" />
      <div className={classes.prose}>
        <p>
          We want everyone to be able to read about the tearoom, book a table or afternoon tea and buy a gift voucher on this website, whatever the device and
          whatever the way they use it.
        </p>
        <h2>The standard we work to</h2>
        <p>
          This website is built to meet the Web Content Accessibility Guidelines (WCAG) version 2.2 at level AA. We check its pages with automated accessibility
          tests, with the keyboard alone, and on screens from 320 pixels wide.
        </p>
        <ul>
          <li>Every page and form can be used with the keyboard alone, and the field or button in use is always clearly outlined.</li>
          <li>Text and controls have enough contrast, and the text can be enlarged without anything being cut off.</li>
          <li>Pictures have text alternatives; decorative ones are hidden from screen readers.</li>
          <li>Form fields have labels, and a form with a mistake says which field and why.</li>
          <li>
            The garden sounds never start with a sound you cannot stop: the player is at the top of every page, and where a browser lets them start on their
            own, one press pauses them.
          </li>
          <li>Movement is kept to a minimum for visitors who ask their device for reduced motion.</li>
        </ul>
        <h2>What we know is not yet right</h2>
        <ul>
          <li>
            The map on the contact page comes from a maps service, and we cannot change how it works. Our address and directions are written out beside it.
          </li>
          <li>
            When card payments are taken by our payment provider, the card fields are the provider&apos;s own. If you cannot use them, please call us and we
            will take your booking by phone.
          </li>
        </ul>
        <h2>Tell us about a problem</h2>
        <p>
          If something on this website is hard to use, or you need a page in another format, please write to us at {email} or call {phone}. Tell us the page and
          what went wrong; we will reply within five working days.
        </p>
        <h2>If you are not happy with our reply</h2>
        <p>
          The Equality and Human Rights Commission is responsible for enforcing the accessibility regulations in Great Britain. If you are not happy with how we
          answer your complaint, you can contact the{" "}
          <a href="https://www.equalityadvisoryservice.com/" target="_blank" rel="noopener noreferrer">
            Equality Advisory and Support Service
            <span className="visually-hidden"> (opens in a new tab)</span>
          </a>
          .
        </p>
        <p>This statement was last reviewed in November 2026.</p>
      </div>
    </PageSection>
  );
}
