import { Card, PageSection } from "@tearoom/ui";
import { useSearchParams } from "react-router";
import { PaymentConfirmation } from "../features/payments";
import { Seo } from "../features/site/Seo";

/**
 * /confirmation?payment_intent=…&redirect_status=…[&type=afternoon-tea] (spec "Confirmation"). What
 * it shows comes from the server; payment_intent_client_secret, as the provider adds it, lets the
 * server show the buyer a paid voucher's code.
 */
export default function Confirmation() {
  const [params] = useSearchParams();
  return (
    <PageSection width="narrow">
      <Seo title="Payment confirmation" path="/confirmation" description="The outcome of your payment to the Heritage Tearoom." noindex />
      <Card>
        <PaymentConfirmation paymentIntent={params.get("payment_intent")} clientSecret={params.get("payment_intent_client_secret")} />
      </Card>
    </PageSection>
  );
}
