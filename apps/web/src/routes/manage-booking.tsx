import { PageSection, SectionHeading } from "@tearoom/ui";
import { useParams } from "react-router";
import { ManageBooking } from "../features/manage/ManageBooking";
import { Seo } from "../features/site/Seo";

/** /booking/<token> (R37): not prerendered, never indexed; the token stays out of the canonical address. */
export default function ManageBookingPage() {
  const { token = "" } = useParams();
  return (
    <PageSection width="narrow" aria-labelledby="manage-title">
      <Seo title="Your booking" path="/booking" description="See, change or cancel your booking at the Heritage Tearoom." noindex />
      <SectionHeading id="manage-title" order={1} eyebrow="Your visit" title="Your booking" />
      <ManageBooking token={token} />
    </PageSection>
  );
}
