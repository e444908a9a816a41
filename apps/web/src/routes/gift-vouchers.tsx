import { CHECK_VOUCHER_TITLE_ID, CheckVoucher } from "../features/vouchers/CheckVoucher";
import { DEFAULT_MONETARY_VOUCHER_AMOUNTS_FALLBACK, VoucherCards } from "../features/vouchers/VoucherCards";
import { PageSection, SectionHeading, TextSkeleton } from "@tearoom/ui";
import classes from "../features/vouchers/GiftVouchers.module.css";
import { Seo } from "../features/site/Seo";
import { useFacts, useSite } from "../features/site/site-data";
import { telHref } from "../features/site/hours";

export default function GiftVouchersPage() {
  const site = useSite();
  const facts = useFacts();
  return (
    <>
      <Seo
        title="Gift Vouchers"
        path="/gift-vouchers"
        description="Give afternoon tea, a picnic hamper or a monetary gift voucher for the Heritage Tearoom, sent by email with your personal message and valid for 12 months."
      />
      <section className={classes.banner} aria-labelledby="vouchers-title">
        <div className={classes.bannerInner}>
          <p className={classes.eyebrow}>A gift to savour</p>
          <h1 id="vouchers-title" className={classes.title}>
            Gift Vouchers
          </h1>
          <p className={classes.lead}>
            Treat someone to an afternoon in the tearoom and the gardens: the perfect present for birthdays, anniversaries and thank-yous.
          </p>
        </div>
      </section>
      <PageSection aria-label="Vouchers">
        <VoucherCards prices={site.data?.prices} amounts={site.data?.monetaryAmounts ?? DEFAULT_MONETARY_VOUCHER_AMOUNTS_FALLBACK} />
      </PageSection>
      <PageSection tone="parchment" width="narrow" aria-labelledby="voucher-info-title">
        <SectionHeading id="voucher-info-title" eyebrow="Good to know" title="How our vouchers work" />
        <ol className={classes.steps}>
          <li>
            <strong>Digital voucher sent by email.</strong> Your voucher arrives by email straight after purchase, ready to print or forward.
          </li>
          <li>
            <strong>Add a personal message at checkout.</strong> We include it on the voucher for the lucky recipient.
          </li>
          <li>
            <strong>Valid for 12 months from purchase.</strong> Plenty of time to choose a sunny afternoon.
          </li>
          <li>
            <strong>Redeem by contacting the tearoom with the voucher code.</strong> Call us on{" "}
            {facts ? <a href={telHref(facts.phone)}>{facts.phone}</a> : <TextSkeleton width="11ch" />} or email{" "}
            {facts ? <a href={`mailto:${facts.email}`}>{facts.email}</a> : <TextSkeleton width="20ch" />} to book.
          </li>
        </ol>
      </PageSection>
      <PageSection width="narrow" aria-labelledby={CHECK_VOUCHER_TITLE_ID}>
        <CheckVoucher />
      </PageSection>
    </>
  );
}
