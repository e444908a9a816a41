import { parseCheckoutQuery } from "@tearoom/domain";
import { Card, PageSection, SectionHeading } from "@tearoom/ui";
import { useSearchParams } from "react-router";
import { VoucherCheckout } from "../features/payments";
import { Seo } from "../features/site/Seo";
import { useSite } from "../features/site/site-data";

/** /checkout?type=afternoonTea|picnicHamper|monetary&amount=… (spec "Checkout", R10). */
export default function Checkout() {
  const [params] = useSearchParams();
  const query = { type: params.get("type"), amount: params.get("amount") };
  // The monetary amounts on sale are the active pricing items (R33), read from /api/site.
  const amounts = useSite().data?.monetaryAmounts;
  const { type, amount } = parseCheckoutQuery(query, amounts);
  const amountGiven = Number(query.amount) === amount;
  return (
    <PageSection width="narrow">
      <Seo
        title="Checkout"
        path="/checkout"
        description="Buy a gift voucher for the Heritage Tearoom: afternoon tea, a picnic hamper or a gift of any value."
        noindex
      />
      <SectionHeading order={1} eyebrow="Gift Vouchers" title="Checkout">
        <p>Choose your voucher, tell us who it is for, and pay securely.</p>
      </SectionHeading>
      <Card>
        <VoucherCheckout
          key={`${type}-${amount}-${type === "monetary" && !amounts ? "loading" : "ready"}`}
          type={type}
          amount={amount}
          amountGiven={amountGiven}
          amounts={amounts}
        />
      </Card>
    </PageSection>
  );
}
