import { PageSection, SectionHeading } from "@tearoom/ui";
import { useParams } from "react-router";
import { WaitlistOffer } from "../features/waitlist/WaitlistOffer";
import { Seo } from "../features/site/Seo";

/** /waitlist/<token> (R52): not prerendered, never indexed; the token stays out of the canonical address. */
export default function WaitlistOfferPage() {
  const { token = "" } = useParams();
  return (
    <PageSection width="narrow" aria-labelledby="waitlist-offer-title">
      <Seo title="Seats held for you" path="/waitlist" description="Seats held for you from the Heritage Tearoom waiting list." noindex />
      <SectionHeading id="waitlist-offer-title" order={1} eyebrow="Waiting list" title="Seats held for you" />
      <WaitlistOffer token={token} />
    </PageSection>
  );
}
