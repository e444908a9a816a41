import { PageSection, SectionHeading } from "@tearoom/ui";
import { useParams } from "react-router";
import { LeaveWaitlist } from "../features/waitlist/LeaveWaitlist";
import { Seo } from "../features/site/Seo";

/** /waitlist/leave/<token> (R52): not prerendered, never indexed. */
export default function WaitlistLeavePage() {
  const { token = "" } = useParams();
  return (
    <PageSection width="narrow" aria-labelledby="waitlist-leave-title">
      <Seo title="Leave the waiting list" path="/waitlist" description="Leave the Heritage Tearoom waiting list." noindex />
      <SectionHeading id="waitlist-leave-title" order={1} eyebrow="Waiting list" title="Leave the waiting list" />
      <LeaveWaitlist token={token} />
    </PageSection>
  );
}
