import { Group, Stack, Text, TextInput } from "@mantine/core";
import { checkDemoCard, DEMO_TEST_CARDS, formatCardNumber, formatExpiry, type DemoCard } from "@tearoom/domain";
import { useEffect, useState, type RefObject } from "react";
import { demoConfirm, reasonOf } from "../api";
import { returnUrlWith, type PaymentHandle } from "../types";
import classes from "./PaymentFields.module.css";

const EMPTY: DemoCard = { number: "", expiry: "", cvc: "" };

/**
 * The demo provider's card form (R7): looks and behaves like a card element, takes no money.
 * The documented test cards decide the outcome on the server.
 */
export function DemoCardFields({ handleRef, disabled }: { handleRef: RefObject<PaymentHandle | null>; disabled?: boolean }) {
  const [card, setCard] = useState<DemoCard>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<keyof DemoCard, string>>>({});

  useEffect(() => {
    handleRef.current = {
      async prepare() {
        const found = checkDemoCard(card);
        setErrors(found);
        return Object.values(found)[0] ?? null;
      },
      async confirm({ clientSecret, returnPath, redirect }) {
        try {
          const answer = await demoConfirm(clientSecret, card, returnPath);
          if (answer.status === "requires_action") {
            // Like a card issuer's 3-D Secure page, the authentication step is a page of its own.
            window.location.assign(answer.redirectUrl);
            return { kind: "redirecting" };
          }
          if (redirect === "always") {
            // A full page load, as Stripe's redirect is: the confirmation page starts afresh.
            window.location.assign(
              returnUrlWith(returnPath, { paymentIntentId: answer.paymentIntentId, clientSecret: answer.clientSecret, redirectStatus: "succeeded" }),
            );
            return { kind: "redirecting" };
          }
          return { kind: "succeeded", paymentIntentId: answer.paymentIntentId };
        } catch (err) {
          const reason = reasonOf(err);
          if (reason) return { kind: "failed", message: reason };
          return { kind: "failed", message: "We could not reach the payment service. Please check your connection and try again." };
        }
      },
    };
    return () => {
      handleRef.current = null;
    };
  }, [card, handleRef]);

  const set = (field: keyof DemoCard, value: string) => {
    setCard((c) => ({ ...c, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        placeholder="1234 1234 1234 1234"
        value={card.number}
        onChange={(e) => set("number", formatCardNumber(e.currentTarget.value))}
        error={errors.number}
        disabled={disabled}
        maxLength={23}
      />
      <Group grow align="flex-start" gap="sm">
        <TextInput
          label="Expiry date"
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM / YY"
          value={card.expiry}
          onChange={(e) => set("expiry", formatExpiry(e.currentTarget.value))}
          error={errors.expiry}
          disabled={disabled}
          maxLength={7}
        />
        <TextInput
          label="Security code"
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder="CVC"
          value={card.cvc}
          onChange={(e) => set("cvc", e.currentTarget.value.replace(/\D/g, "").slice(0, 4))}
          error={errors.cvc}
          disabled={disabled}
          maxLength={4}
        />
      </Group>
      <div className={classes.testCards}>
        <Text size="sm" fw={600}>
          Test cards
        </Text>
        <ul className={classes.cardList}>
          {DEMO_TEST_CARDS.map((c) => (
            <li key={c.number}>
              <button
                type="button"
                className={classes.cardButton}
                onClick={() => {
                  setCard((prev) => ({ number: c.number, expiry: prev.expiry || "12 / 34", cvc: prev.cvc || "123" }));
                  setErrors({});
                }}
                disabled={disabled}
              >
                <span className={classes.srOnly}>Use test card </span>
                <span className={classes.cardNumber}>{c.number}</span>
                <span className={classes.cardOutcome}>{c.description}</span>
              </button>
            </li>
          ))}
        </ul>
        <Text size="xs" c="dimmed">
          Any future expiry date and any three-digit security code.
        </Text>
      </div>
    </Stack>
  );
}

export default DemoCardFields;
