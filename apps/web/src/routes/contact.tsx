import { PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import { ContactForm } from "../features/contact/ContactForm";
import classes from "../features/contact/ContactPage.module.css";
import { MapEmbed } from "../features/contact/MapEmbed";
import { telHref } from "../features/site/hours";
import { Seo } from "../features/site/Seo";
import { useFacts } from "../features/site/site-data";

export default function ContactPage() {
  const facts = useFacts();
  return (
    <>
      <Seo
        title="Contact"
        path="/contact"
        description="Contact the Heritage Tearoom about group bookings, special requirements or gift vouchers. Opening hours, address, phone, email and a map."
      />
      <PageSection aria-labelledby="contact-title">
        <SectionHeading id="contact-title" order={1} eyebrow="We'd love to hear from you" title="Contact Us">
          <p>Questions about group bookings, dietary needs or gift vouchers? Send us a message and we will reply within two working days.</p>
        </SectionHeading>
        <div className={classes.layout}>
          <div className={classes.formCard}>
            <h2 className={classes.cardTitle}>Send us a message</h2>
            <ContactForm />
          </div>
          <div className={classes.details}>
            <section aria-labelledby="contact-hours" className={classes.block}>
              <h2 id="contact-hours" className={classes.blockTitle}>
                Opening Hours
              </h2>
              <p>{facts ? facts.openingHours : <TextSkeleton width="24ch" />}</p>
              {facts?.seasonsText.map((text) => (
                <p key={text}>{text}</p>
              ))}
              <p>{facts?.bankHolidaysOpen === false ? "Closed on bank holidays" : "Bank holidays open"}</p>
              <p>Special events by arrangement</p>
            </section>
            <section aria-labelledby="contact-address" className={classes.block}>
              <h2 id="contact-address" className={classes.blockTitle}>
                Address
              </h2>
              <address className={classes.address}>
                {facts ? facts.address.lines.map((line) => <span key={line}>{line}</span>) : <TextSkeleton width="20ch" />}
              </address>
            </section>
            <section aria-labelledby="contact-phone" className={classes.block}>
              <h2 id="contact-phone" className={classes.blockTitle}>
                Phone &amp; Email
              </h2>
              <p>{facts ? <a href={telHref(facts.phone)}>{facts.phone}</a> : <TextSkeleton width="11ch" />}</p>
              <p>{facts ? <a href={`mailto:${facts.email}`}>{facts.email}</a> : <TextSkeleton width="22ch" />}</p>
            </section>
          </div>
        </div>
      </PageSection>
      <PageSection tone="parchment" aria-labelledby="find-title">
        <div className={classes.mapLayout}>
          <div>
            <SectionHeading id="find-title" eyebrow="Finding us" title="In the heart of the village" align="start">
              <p>
                The tearoom stands in the grounds of the house, a short walk from the church and the river. There is free parking beside the walled garden and a
                level path to the door.
              </p>
            </SectionHeading>
            <div className={classes.heritage}>
              <h3>A house with a history</h3>
              <p>
                The house has stood at the edge of the village for more than three hundred years. The tearoom occupies its old coach house, and what you spend
                here helps the trust that cares for the house, the gardens and their collections.
              </p>
            </div>
          </div>
          <MapEmbed address={facts?.address} />
        </div>
      </PageSection>
    </>
  );
}
