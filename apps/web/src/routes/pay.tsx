import { PageSection, SectionHeading } from "@tearoom/ui";
import { useParams } from "react-router";
import { PaymentLink } from "../features/payment-link/PaymentLink";
import { Seo } from "../features/site/Seo";

/** /pay/<token> (R49): not prerendered, never indexed; the token stays out of the canonical address. */
export default function PayPage() {
  const { token = "" } = useParams();
  return (
    <PageSection width="narrow" aria-labelledby="pay-page-title">
      <Seo title="Pay for your booking" path="/pay" description="Pay for your booking at the Heritage Tearoom." noindex />
      <SectionHeading id="pay-page-title" order={1} eyebrow="Your visit" title="Pay for your booking" />
      <PaymentLink token={token} />
    </PageSection>
  );
}
