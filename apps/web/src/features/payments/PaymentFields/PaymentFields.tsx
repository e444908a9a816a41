import "@mantine/core/styles/Alert.css";
import "@mantine/core/styles/Badge.css";
import "@mantine/core/styles/Group.css";
import "@mantine/core/styles/Input.css";
import "@mantine/core/styles/Loader.css";
import "@mantine/core/styles/Stack.css";
import "@mantine/core/styles/Text.css";
import { Alert, Badge, Loader } from "@mantine/core";
import { TEST_MODE_LABEL, type PaymentConfig } from "@tearoom/domain";
import { lazy, Suspense, useEffect, useState, type RefObject } from "react";
import { getPaymentConfig } from "../api";
import { PAYMENT_LIBRARY_FAILED, type PaymentHandle, type PaymentMode } from "../types";
import { DemoCardFields } from "./DemoCardFields";
import classes from "./PaymentFields.module.css";

const StripePaymentFields = lazy(() => import("./StripePaymentFields"));

/** Which provider is configured; undefined while asking, null when the question failed. */
export function usePaymentConfig(): PaymentConfig | null | undefined {
  const [config, setConfig] = useState<PaymentConfig | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    getPaymentConfig().then(
      (c) => live && setConfig(c),
      (err: unknown) => {
        console.error("Payment configuration failed to load", err);
        if (live) setConfig(null);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return config;
}

export interface PaymentFieldsProps {
  mode: PaymentMode;
  /** Filled with the provider's handle once the form can take a payment. */
  handleRef: RefObject<PaymentHandle | null>;
  disabled?: boolean;
}

/**
 * The payment part of a form, whichever provider is configured (R7): Stripe's Payment Element,
 * or the demo card form labelled "test mode – no real charge".
 */
export function PaymentFields({ mode, handleRef, disabled }: PaymentFieldsProps) {
  const config = usePaymentConfig();
  const testMode = config?.provider === "demo" || !!config?.publishableKey?.startsWith("pk_test_");

  return (
    <fieldset className={classes.root} disabled={disabled}>
      <legend className={classes.legend}>
        <span>Payment details</span>
        {testMode ? (
          <Badge color="gold" variant="light" className={classes.testBadge} data-testid="test-mode-label">
            {TEST_MODE_LABEL}
          </Badge>
        ) : null}
      </legend>
      {config === undefined ? (
        <Loader size="sm" aria-label="Loading payment form" />
      ) : config === null ? (
        <Alert color="rose">{PAYMENT_LIBRARY_FAILED}</Alert>
      ) : config.provider === "demo" ? (
        <DemoCardFields handleRef={handleRef} disabled={disabled} />
      ) : (
        <Suspense fallback={<Loader size="sm" aria-label="Loading payment form" />}>
          <StripePaymentFields publishableKey={config.publishableKey ?? ""} mode={mode} handleRef={handleRef} />
        </Suspense>
      )}
    </fieldset>
  );
}
