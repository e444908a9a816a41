import { Alert, Loader } from "@mantine/core";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import type { Stripe, StripeElementsOptions } from "@stripe/stripe-js";
import { loadStripe } from "@stripe/stripe-js/pure";
import { useEffect, useState, type RefObject } from "react";
import { palette } from "@tearoom/ui";
import { PAYMENT_LIBRARY_FAILED, type PaymentHandle, type PaymentMode } from "../types";

// Loaded only when Stripe takes payments: the demo provider never fetches Stripe.js.
let stripePromise: Promise<Stripe | null> | null = null;
function getStripe(publishableKey: string): Promise<Stripe | null> {
  stripePromise ??= loadStripe(publishableKey).catch(() => null);
  return stripePromise;
}

const appearance: StripeElementsOptions["appearance"] = {
  theme: "stripe",
  variables: {
    colorPrimary: "#4a6642",
    colorText: palette.ink,
    colorBackground: "#ffffff",
    fontFamily: "Georgia, 'Times New Roman', serif",
    borderRadius: "8px",
  },
};

/** Stripe's Payment Element (R7), in the deferred-intent or client-secret flow. */
export function StripePaymentFields({
  publishableKey,
  mode,
  handleRef,
}: {
  publishableKey: string;
  mode: PaymentMode;
  handleRef: RefObject<PaymentHandle | null>;
}) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void getStripe(publishableKey).then((s) => live && setStripe(s));
    return () => {
      live = false;
    };
  }, [publishableKey]);

  if (stripe === undefined) return <Loader size="sm" aria-label="Loading payment form" />;
  if (stripe === null) return <Alert color="rose">{PAYMENT_LIBRARY_FAILED}</Alert>;

  const options: StripeElementsOptions =
    mode.kind === "deferred" ? { mode: "payment", amount: mode.amountPence, currency: "gbp", appearance } : { clientSecret: mode.clientSecret, appearance };
  return (
    <Elements stripe={stripe} options={options} key={mode.kind === "intent" ? mode.clientSecret : "deferred"}>
      <StripeHandle handleRef={handleRef} />
      <PaymentElement options={{ layout: "tabs" }} />
    </Elements>
  );
}

function StripeHandle({ handleRef }: { handleRef: RefObject<PaymentHandle | null> }) {
  const stripe = useStripe();
  const elements = useElements();

  useEffect(() => {
    if (!stripe || !elements) return;
    handleRef.current = {
      async prepare(amountPence) {
        if (amountPence !== undefined) elements.update({ amount: amountPence });
        const { error } = await elements.submit();
        return error?.message ?? null;
      },
      async confirm({ clientSecret, returnPath, redirect, refresh }) {
        if (refresh) {
          const updated = await elements.fetchUpdates();
          if (updated.error) return { kind: "failed", message: updated.error.message };
        }
        const return_url = new URL(returnPath, window.location.origin).toString();
        // R47: a SetupIntent saves the card without charging it (a card-on-file policy).
        if (clientSecret.startsWith("seti_")) {
          const saved = await stripe.confirmSetup({ elements, clientSecret, confirmParams: { return_url }, redirect: "if_required" });
          if (saved.error) return { kind: "failed", message: saved.error.message ?? "Your card could not be saved." };
          return { kind: "succeeded", paymentIntentId: saved.setupIntent.id };
        }
        if (redirect === "always") {
          const { error } = await stripe.confirmPayment({ elements, clientSecret, confirmParams: { return_url } });
          return { kind: "failed", message: error.message ?? "Your payment could not be completed." };
        }
        const result = await stripe.confirmPayment({ elements, clientSecret, confirmParams: { return_url }, redirect: "if_required" });
        if (result.error) return { kind: "failed", message: result.error.message ?? "Your payment could not be completed." };
        return { kind: "succeeded", paymentIntentId: result.paymentIntent.id };
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [stripe, elements, handleRef]);
  return null;
}

export default StripePaymentFields;
