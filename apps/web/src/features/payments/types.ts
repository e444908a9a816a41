/** What a payment form can be asked to do, whichever provider is behind it (R7). */

export type ConfirmOutcome =
  | { kind: "succeeded"; paymentIntentId: string }
  /** The browser is leaving for the return URL or an authentication page. */
  | { kind: "redirecting" }
  | { kind: "failed"; message: string };

export interface ConfirmOptions {
  clientSecret: string;
  /** Same-origin path the provider returns to, e.g. "/confirmation?type=afternoon-tea". */
  returnPath: string;
  /** "always": go to the return URL after success (afternoon tea); "if_required": only for authentication (checkout). */
  redirect: "always" | "if_required";
  /** The server changed the intent (amount) since the form was shown. */
  refresh?: boolean;
}

export interface PaymentHandle {
  /** Checks the payment fields before anything is created; answers a message to show, or null. */
  prepare(amountPence?: number): Promise<string | null>;
  confirm(options: ConfirmOptions): Promise<ConfirmOutcome>;
}

/** Deferred: the intent is created on submit (afternoon tea). Intent: the secret exists already (checkout). */
export type PaymentMode = { kind: "deferred"; amountPence: number } | { kind: "intent"; clientSecret: string };

export const PAYMENT_LIBRARY_FAILED = "The payment library failed to load. Please refresh the page and try again.";

/** Adds the provider's redirect parameters to a return path, as Stripe does. */
export function returnUrlWith(returnPath: string, params: { paymentIntentId: string; clientSecret: string; redirectStatus: "succeeded" | "failed" }): string {
  const url = new URL(returnPath, window.location.origin);
  url.searchParams.set("payment_intent", params.paymentIntentId);
  url.searchParams.set("payment_intent_client_secret", params.clientSecret);
  url.searchParams.set("redirect_status", params.redirectStatus);
  return `${url.pathname}${url.search}`;
}
