import { PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import classes from "../features/site/Prose.module.css";
import { Seo } from "../features/site/Seo";
import { useFacts, useSite } from "../features/site/site-data";

/** The privacy policy the newsletter consent refers to: what we keep, why, and how to be forgotten. */
export default function PrivacyPolicyPage() {
  const facts = useFacts();
  // R39: the retention period staff set (24 months unless changed), read with the other settings.
  const months = useSite().data?.settings.retention_months ?? "24";
  const email = facts ? <a href={`mailto:${facts.email}`}>{facts.email}</a> : <TextSkeleton width="20ch" />;
  return (
    <PageSection width="narrow" aria-labelledby="privacy-title">
      <Seo
        title="Privacy Policy"
        path="/privacy-policy"
        description="How the Heritage Tearoom uses the details you give us for bookings, gift vouchers, enquiries and our newsletter, and how to have them removed."
      />
      <SectionHeading id="privacy-title" order={1} eyebrow="Your details" title="Privacy Policy" />
      <div className={classes.prose}>
        <p>We keep only what we need to look after your visit, and we never sell or share your details for marketing.</p>
        <h2>What we keep and why</h2>
        <ul>
          <li>
            <strong>Bookings and Secret Garden reservations:</strong> your name, e-mail address, phone number, party size and any requests, so that we can
            prepare your table and contact you about it.
          </li>
          <li>
            <strong>Gift vouchers:</strong> the names and e-mail addresses of the buyer and the recipient and your message, so that we can send and honour the
            voucher.
          </li>
          <li>
            <strong>Enquiries:</strong> what you write to us and how to reply.
          </li>
          <li>
            <strong>Newsletter:</strong> your e-mail address, when you asked to subscribe and when you confirmed. We send the newsletter only after you confirm
            with the link in our confirmation e-mail. Every newsletter has a link to unsubscribe at once.
          </li>
        </ul>
        <h2>Payments</h2>
        <p>Card payments are handled by our payment provider; we never see or store your card number.</p>
        <h2>How long we keep it</h2>
        <p>
          Your name, e-mail address, phone number and any notes on a booking are erased {months} months after your visit, and an enquiry {months} months after
          we have answered it. What stays, without your name, is what our accounts need: the date, the party size and the amount paid. Gift voucher records are
          kept while the voucher can be used and then as long as the law requires for our accounts. Your newsletter subscription lasts until you unsubscribe.
        </p>
        <h2>Your rights</h2>
        <p>
          You may ask for a copy of what we hold about you, or ask us to correct or erase it, at any time: write to us at {email}. We send a copy as one file,
          and erasing you removes your details from every booking, voucher, enquiry and subscription at once.
        </p>
      </div>
    </PageSection>
  );
}
