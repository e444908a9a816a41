import { Button } from "@mantine/core";
import { formatPence, type HeldBookingAnswer } from "@tearoom/domain";
import { PaymentFields, useIntentPayment } from "../payments";
import classes from "./RequestReceived.module.css";

/** Where the provider returns to after an authentication step (the confirmation page reads the payment). */
const RETURN_PATH = "/confirmation?type=booking";

/**
 * R47: the request is held (202) while the guest saves a card or pays the deposit, with the same
 * card form as afternoon tea; `onDone` once the provider has it. Unpaid, the hold lapses as a tea's.
 */
export function HeldPayment({ held, onDone }: { held: HeldBookingAnswer; onDone: () => void }) {
  const deposit = held.payment.kind === "deposit";
  const label = deposit ? `Pay ${formatPence(held.payment.amountPence)} deposit` : "Save card";

  const { handleRef, paying, pay } = useIntentPayment(held.payment.clientSecret, RETURN_PATH, onDone);

  return (
    <section className={classes.panel} aria-labelledby="held-payment-title" data-testid="held-payment">
      <h3 id="held-payment-title" className={classes.title}>
        {deposit ? "Pay the deposit" : "Add a card"}
      </h3>
      <p className={classes.text} role="status">
        Your places are held for a few minutes (reference <strong className={classes.reference}>{held.reference}</strong>).{" "}
        {deposit
          ? `A deposit of ${formatPence(held.payment.amountPence)} is taken now and counted towards your bill.`
          : "Your card is saved with our payment provider; nothing is charged now."}
      </p>
      <PaymentFields mode={{ kind: "intent", clientSecret: held.payment.clientSecret }} handleRef={handleRef} disabled={paying} />
      <Button onClick={pay} disabled={paying} mt="sm">
        {paying ? "Processing..." : label}
      </Button>
    </section>
  );
}
