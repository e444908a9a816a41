/**
 * One interface for taking card payments (R7): Stripe when its keys are configured, otherwise the
 * built-in demo provider. Amounts are integer pence; the provider is the source of truth for a
 * payment's state and fulfilment always re-reads it (R8), never trusting an event's body alone.
 */

export type ProviderName = "stripe" | "demo";

/** The provider-neutral states we act on (a subset of Stripe's PaymentIntent states). */
export type IntentStatus = "requires_payment_method" | "requires_confirmation" | "requires_action" | "processing" | "succeeded" | "canceled";

export interface ProviderIntent {
  id: string;
  clientSecret: string;
  amountPence: number;
  currency: string;
  status: IntentStatus;
  /** The provider's message for the last failed attempt ("Your card was declined."). */
  lastError: string | null;
  metadata: Record<string, string>;
}

export interface CreateIntentInput {
  amountPence: number;
  currency: "gbp";
  description: string;
  metadata: Record<string, string>;
  receiptEmail?: string;
  /**
   * The same key asks for the same intent (R27): a repeated create, ours or a retry on a lost
   * answer, never makes a second charge. Tied to what is being paid for (the seat hold).
   */
  idempotencyKey: string;
}

/** A refund of a paid intent as the provider reports it (R34). */
export interface ProviderRefund {
  id: string;
  intentId: string;
  amountPence: number;
  /** Only `succeeded` refunds count; `pending` ones are on their way, the rest did not happen. */
  status: "pending" | "succeeded" | "failed" | "canceled";
  /** What we sent with it (`refund_key`: our refund's idempotency key); empty for refunds made elsewhere. */
  metadata: Record<string, string>;
}

export interface CreateRefundInput {
  intentId: string;
  amountPence: number;
  metadata: Record<string, string>;
  /** The same key asks for the same refund: a retried call never refunds twice. */
  idempotencyKey: string;
}

/**
 * R47: a SetupIntent saves a card for later charges without charging it (Stripe's
 * `usage: "off_session"`), for a customer of its own. Once `succeeded`, `paymentMethodId` is the
 * saved card, charged later only through `chargeOffSession`.
 */
export interface ProviderSetupIntent {
  id: string;
  clientSecret: string;
  customerId: string;
  /** The saved card; null until the SetupIntent has succeeded. */
  paymentMethodId: string | null;
  status: IntentStatus;
  lastError: string | null;
  metadata: Record<string, string>;
}

export interface CreateSetupIntentInput {
  /** The guest, for the provider's customer record. */
  email: string;
  name: string;
  description: string;
  metadata: Record<string, string>;
  /** The same key asks for the same customer and SetupIntent (R27), as for intents. */
  idempotencyKey: string;
}

/** A charge to a saved card while the guest is away (R48's fees): it succeeds at once or is declined. */
export interface OffSessionChargeInput {
  customerId: string;
  paymentMethodId: string;
  amountPence: number;
  currency: "gbp";
  description: string;
  metadata: Record<string, string>;
  /** The same key never charges twice. */
  idempotencyKey: string;
}

export type OffSessionCharge =
  | { status: "succeeded"; intent: ProviderIntent }
  /** Nothing was charged; `message` is the provider's ("Your card was declined."). */
  | { status: "declined"; message: string; intentId: string | null };

/** What a verified provider notification tells us: only which intent to re-read. */
export interface ProviderNotification {
  eventId: string;
  type: string;
  /** A PaymentIntent's id, or a SetupIntent's (`seti_…`) for `setup_intent.*` events. */
  intentId: string | null;
}

export interface PaymentProvider {
  readonly name: ProviderName;
  /** Public key the browser needs (Stripe only). */
  readonly publishableKey: string | null;
  createIntent(input: CreateIntentInput): Promise<ProviderIntent>;
  retrieveIntent(id: string): Promise<ProviderIntent>;
  /** Changes the amount of an intent that has not been paid yet (voucher amount chosen at checkout). */
  updateIntentAmount(id: string, amountPence: number): Promise<ProviderIntent>;
  /** Cancels an unpaid intent so it can no longer succeed; a no-op for paid or cancelled intents. */
  cancelIntent(id: string): Promise<void>;
  /** Refunds part or all of a paid intent (R34); throws ProviderError when the provider refuses. */
  refund(input: CreateRefundInput): Promise<ProviderRefund>;
  /** Every refund of an intent, as the provider knows them (made by us or in its dashboard). */
  listRefunds(intentId: string): Promise<ProviderRefund[]>;
  /** R47: a customer and a SetupIntent for off-session use, to save a card without charging it. */
  createSetupIntent(input: CreateSetupIntentInput): Promise<ProviderSetupIntent>;
  retrieveSetupIntent(id: string): Promise<ProviderSetupIntent>;
  /**
   * Charges a saved card without the guest (off session, confirmed at once). A decline is an
   * answer, not an error: nothing is charged and the provider's message says why. Other failures
   * throw ProviderError.
   */
  chargeOffSession(input: OffSessionChargeInput): Promise<OffSessionCharge>;
  /** Verifies a webhook's signature and reads it; throws WebhookSignatureError when forged. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Promise<ProviderNotification>;
}

export class WebhookSignatureError extends Error {}

/** A provider call that failed for a reason worth showing (network down, invalid request). */
export class ProviderError extends Error {}
