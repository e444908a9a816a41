import { Button } from "@mantine/core";
import { formatPence, type GuestChangePayment } from "@tearoom/domain";
import { useToast } from "@tearoom/ui";
import { PaymentFields, TEA_RETURN_PATH, useIntentPayment } from "../payments";
import classes from "./ManageBooking.module.css";

/**
 * R37: more guests on a tea paid online are paid for first. The server has started a payment for
 * the difference and changed nothing yet; once the card is taken the change is made, and `onPaid`
 * reloads the booking. An authentication page returns to the payment confirmation instead.
 */
export function PayDifference({ payment, from, onPaid, onBack }: { payment: GuestChangePayment; from: number; onPaid: () => void; onBack: () => void }) {
  const { toast } = useToast();
  const added = payment.guests - from;
  const price = formatPence(payment.amountPence);

  const { handleRef, paying, pay } = useIntentPayment(payment.clientSecret, TEA_RETURN_PATH, () => {
    toast({ title: "Booking changed", description: `${price} paid. We have e-mailed you the new details.` });
    onPaid();
  });

  return (
    <section className={classes.change} aria-labelledby="pay-title">
      <h2 id="pay-title">Pay for {added === 1 ? "the added guest" : `the ${added} added guests`}</h2>
      <p className={classes.note} role="status">
        {payment.guests} guests in all: {price} more to pay by card. Your booking changes once this is paid.
      </p>
      <PaymentFields mode={{ kind: "intent", clientSecret: payment.clientSecret }} handleRef={handleRef} disabled={paying} />
      <div className={classes.actions}>
        <Button onClick={pay} disabled={paying}>
          {paying ? "Processing..." : `Pay ${price}`}
        </Button>
        <Button variant="default" onClick={onBack} disabled={paying}>
          Keep my booking as it is
        </Button>
      </div>
    </section>
  );
}
