import { PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import classes from "../features/site/Prose.module.css";
import { Seo } from "../features/site/Seo";
import { useFacts } from "../features/site/site-data";

/** The privacy policy the newsletter consent refers to: what we keep, why, and how to be forgotten. */
export default function PrivacyPolicyPage() {
  const facts = useFacts();
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
            <strong>Bookings and Secret Garden reservations:</strong> your name, e-mail address, phone number, party size and any requests,
            so that we can prepare your table and contact you about it.
          </li>
          <li>
            <strong>Gift vouchers:</strong> the names and e-mail addresses of the buyer and the recipient and your message, so that we can send
            and honour the voucher.
          </li>
          <li>
            <strong>Enquiries:</strong> what you write to us and how to reply.
          </li>
          <li>
            <strong>Newsletter:</strong> your e-mail address, when you asked to subscribe and when you confirmed. We send the newsletter only
            after you confirm with the link in our confirmation e-mail. Every newsletter has a link to unsubscribe at once.
          </li>
        </ul>
        <h2>Payments</h2>
        <p>Card payments are handled by our payment provider; we never see or store your card number.</p>
        <h2>How long we keep it</h2>
        <p>Booking and voucher records are kept for as long as the law requires for our accounts; enquiries for two years.</p>
        <h2>Your rights</h2>
        <p>You may ask to see, correct or delete what we hold about you at any time. Write to us at {email}.</p>
      </div>
    </PageSection>
  );
}
