import { randomBytes } from "node:crypto";
import { cardDigits, checkDemoCard, DEMO_CARD_MESSAGES, demoCardOutcome, type DemoCard } from "@tearoom/domain";
import type { Db } from "../../db/database.js";
import { sha256Hex } from "../../sha256.js";
import { immediateTransaction } from "../../db/database.js";
import {
  findDemoIntent,
  findDemoIntentBySecret,
  findDemoSetupIntent,
  findDemoSetupIntentByPaymentMethod,
  findDemoSetupIntentBySecret,
  insertDemoSetupIntent,
  updateDemoSetupIntent,
  findDemoRefundByKey,
  insertDemoIntent,
  insertDemoRefund,
  listDemoRefunds,
  updateDemoIntent,
} from "../data/demo-payment-intents.js";
import type { DemoPaymentIntentRow, DemoRefundRow, DemoSetupIntentRow } from "../../db/schema.js";
import {
  ProviderError,
  WebhookSignatureError,
  type IntentStatus,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type ProviderSetupIntent,
} from "./provider.js";

/** Where the demo's 3-D-Secure-style step lives (a page of ours standing in for the card issuer's). */
export const DEMO_AUTHENTICATE_PATH = "/api/payments/demo/authenticate";

export type DemoConfirmResult =
  | { status: "succeeded"; intent: ProviderIntent }
  | { status: "requires_action"; intent: ProviderIntent; redirectUrl: string }
  | { status: "failed"; intent: ProviderIntent | null; message: string; field?: keyof DemoCard };

export interface DemoProvider extends PaymentProvider {
  readonly name: "demo";
  /** Confirms an intent with a test card, as the provider's confirm-payment call would. */
  confirmWithCard(clientSecret: string, card: DemoCard, returnUrl: string): Promise<DemoConfirmResult>;
  /** The outcome of the authentication page; answers the URL to send the visitor back to. */
  completeAuthentication(intentId: string, clientSecret: string, approve: boolean): Promise<{ intent: ProviderIntent; returnUrl: string }>;
  findBySecret(clientSecret: string): Promise<ProviderIntent | null>;
  /**
   * R47: saves a test card on a SetupIntent, as Stripe.js's confirmSetup would. 4000 0000 0000 0341
   * is saved and declined at every later charge; the authentication card is saved without the
   * authentication step (the demo has no page for a SetupIntent's).
   */
  confirmSetupWithCard(clientSecret: string, card: DemoCard): Promise<DemoSetupConfirmResult>;
}

export type DemoSetupConfirmResult =
  { status: "succeeded"; setup: ProviderSetupIntent } | { status: "failed"; setup: ProviderSetupIntent | null; message: string; field?: keyof DemoCard };

function toSetup(row: DemoSetupIntentRow): ProviderSetupIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    customerId: row.customer_id,
    paymentMethodId: row.status === "succeeded" ? row.payment_method_id : null,
    status: row.status as IntentStatus,
    lastError: row.last_error,
    metadata: JSON.parse(row.metadata_json) as Record<string, string>,
  };
}

function token(bytes: number): string {
  return randomBytes(bytes).toString("base64url").replace(/[-_]/g, "x");
}

function toIntent(row: DemoPaymentIntentRow): ProviderIntent {
  return {
    id: row.id,
    clientSecret: row.client_secret,
    amountPence: row.amount_pence,
    currency: row.currency,
    status: row.status as IntentStatus,
    lastError: row.last_error,
    metadata: JSON.parse(row.metadata_json) as Record<string, string>,
  };
}

function toRefund(row: DemoRefundRow): ProviderRefund {
  return {
    id: row.id,
    intentId: row.payment_intent_id,
    amountPence: row.amount_pence,
    status: "succeeded",
    metadata: JSON.parse(row.metadata_json) as Record<string, string>,
  };
}

/** Adds the provider's redirect parameters to a return URL, as Stripe does after a redirect. */
export function withRedirectParams(returnUrl: string, intent: ProviderIntent, redirectStatus: "succeeded" | "failed"): string {
  const url = new URL(returnUrl, "http://placeholder.invalid");
  url.searchParams.set("payment_intent", intent.id);
  url.searchParams.set("payment_intent_client_secret", intent.clientSecret);
  url.searchParams.set("redirect_status", redirectStatus);
  return url.origin === "http://placeholder.invalid" ? `${url.pathname}${url.search}` : url.toString();
}

/**
 * The built-in provider used whenever Stripe keys are absent (R7): it takes no money, keeps its
 * intents in its own table, and follows Stripe's states so the rest of the code cannot tell.
 */
export function createDemoProvider(db: Db, clock: () => Date = () => new Date()): DemoProvider {
  const now = () => clock().toISOString();

  async function load(id: string): Promise<DemoPaymentIntentRow> {
    const row = await findDemoIntent(db, id);
    if (!row) throw new ProviderError(`No such payment_intent: '${id}'`);
    return row;
  }

  return {
    name: "demo",
    publishableKey: null,

    async createIntent(input) {
      // Shaped like Stripe's ids: the confirmation page shows the first 8 characters, so no long fixed prefix.
      const id = `pi_${token(18)}`;
      const row: DemoPaymentIntentRow = {
        id,
        client_secret: `${id}_secret_${token(18)}`,
        amount_pence: input.amountPence,
        currency: input.currency,
        status: "requires_payment_method",
        last_error: null,
        card_last4: null,
        return_url: null,
        description: input.description,
        metadata_json: JSON.stringify(input.metadata),
        created_at: now(),
        updated_at: now(),
      };
      await insertDemoIntent(db, row);
      return toIntent(row);
    },

    async retrieveIntent(id) {
      return toIntent(await load(id));
    },

    async updateIntentAmount(id, amountPence) {
      const row = await load(id);
      if (row.status === "succeeded" || row.status === "canceled" || row.status === "processing") {
        throw new ProviderError(`This PaymentIntent's amount could not be updated because it has a status of ${row.status}.`);
      }
      await updateDemoIntent(db, id, { amount_pence: amountPence, updated_at: now() });
      return toIntent(await load(id));
    },

    async cancelIntent(id) {
      const row = await load(id);
      if (row.status === "succeeded" || row.status === "canceled") return;
      await updateDemoIntent(db, id, { status: "canceled", updated_at: now() });
    },

    async refund(input) {
      // One transaction, as Stripe's own check is atomic: two refunds at once never exceed the payment.
      return immediateTransaction(db, async (tx) => {
        const earlier = await findDemoRefundByKey(tx, input.idempotencyKey);
        if (earlier) return toRefund(earlier);
        const intent = await findDemoIntent(tx, input.intentId);
        if (!intent) throw new ProviderError(`No such payment_intent: '${input.intentId}'`);
        if (intent.status !== "succeeded") throw new ProviderError(`This PaymentIntent (${intent.id}) does not have a successful charge to refund.`);
        const refunded = (await listDemoRefunds(tx, intent.id)).reduce((sum, r) => sum + r.amount_pence, 0);
        if (!Number.isInteger(input.amountPence) || input.amountPence < 1 || input.amountPence > intent.amount_pence - refunded) {
          throw new ProviderError(`Refund amount (${input.amountPence}p) is greater than unrefunded amount on charge (${intent.amount_pence - refunded}p)`);
        }
        const row: DemoRefundRow = {
          id: `re_${token(18)}`,
          payment_intent_id: intent.id,
          amount_pence: input.amountPence,
          idempotency_key: input.idempotencyKey,
          metadata_json: JSON.stringify(input.metadata),
          created_at: now(),
        };
        await insertDemoRefund(tx, row);
        return toRefund(row);
      });
    },

    async listRefunds(intentId) {
      return (await listDemoRefunds(db, intentId)).map(toRefund);
    },

    async createSetupIntent(input) {
      const id = `seti_${token(18)}`;
      const row: DemoSetupIntentRow = {
        id,
        client_secret: `${id}_secret_${token(18)}`,
        customer_id: `cus_${token(10)}`,
        payment_method_id: null,
        status: "requires_payment_method",
        last_error: null,
        card_last4: null,
        card_outcome: null,
        metadata_json: JSON.stringify(input.metadata),
        created_at: now(),
        updated_at: now(),
      };
      await insertDemoSetupIntent(db, row);
      return toSetup(row);
    },

    async retrieveSetupIntent(id) {
      const row = await findDemoSetupIntent(db, id);
      if (!row) throw new ProviderError(`No such setupintent: '${id}'`);
      return toSetup(row);
    },

    async chargeOffSession(input) {
      const saved = await findDemoSetupIntentByPaymentMethod(db, input.paymentMethodId);
      if (!saved || saved.status !== "succeeded" || saved.customer_id !== input.customerId) {
        throw new ProviderError(`No such PaymentMethod: '${input.paymentMethodId}'`);
      }
      // As Stripe's idempotency: the same key answers the charge it made, never a second one.
      const id = `pi_${sha256Hex(`off-session:${input.idempotencyKey}`).slice(0, 24)}`;
      const earlier = await findDemoIntent(db, id);
      if (earlier) {
        return earlier.status === "succeeded"
          ? { status: "succeeded", intent: toIntent(earlier) }
          : { status: "declined", message: earlier.last_error ?? DEMO_CARD_MESSAGES.declined, intentId: id };
      }
      const declined = saved.card_outcome === "declines_later";
      const row: DemoPaymentIntentRow = {
        id,
        client_secret: `${id}_secret_${token(18)}`,
        amount_pence: input.amountPence,
        currency: input.currency,
        // As Stripe: a declined off-session charge leaves its intent waiting for another card, nothing taken.
        status: declined ? "requires_payment_method" : "succeeded",
        last_error: declined ? DEMO_CARD_MESSAGES.declined : null,
        card_last4: saved.card_last4,
        return_url: null,
        description: input.description,
        metadata_json: JSON.stringify(input.metadata),
        created_at: now(),
        updated_at: now(),
      };
      try {
        await insertDemoIntent(db, row);
      } catch (err) {
        // The same key at the same moment: the other call made the charge; answer it.
        if (!(await findDemoIntent(db, id))) throw err;
      }
      return declined ? { status: "declined", message: DEMO_CARD_MESSAGES.declined, intentId: id } : { status: "succeeded", intent: toIntent(row) };
    },

    async confirmSetupWithCard(clientSecret, card) {
      const row = await findDemoSetupIntentBySecret(db, clientSecret);
      if (!row) return { status: "failed", setup: null, message: "This card request could not be found. Please start again." };
      if (row.status === "succeeded") return { status: "succeeded", setup: toSetup(row) };
      if (row.status === "canceled")
        return { status: "failed", setup: toSetup(row), message: "This card request can no longer be completed. Please start again." };
      const errors = checkDemoCard(card, clock());
      const field = (Object.keys(errors) as (keyof DemoCard)[])[0];
      if (field) return { status: "failed", setup: toSetup(row), message: errors[field]!, field };
      const last4 = cardDigits(card.number).slice(-4);
      const outcome = demoCardOutcome(card.number);
      if (outcome === "declined" || outcome === "not_a_test_card") {
        const message = outcome === "declined" ? DEMO_CARD_MESSAGES.declined : DEMO_CARD_MESSAGES.notATestCard;
        await updateDemoSetupIntent(db, row.id, { status: "requires_payment_method", last_error: message, card_last4: last4, updated_at: now() });
        return { status: "failed", setup: toSetup((await findDemoSetupIntent(db, row.id))!), message };
      }
      await updateDemoSetupIntent(db, row.id, {
        status: "succeeded",
        last_error: null,
        card_last4: last4,
        card_outcome: outcome === "declines_later" ? "declines_later" : "succeeded",
        payment_method_id: `pm_${token(18)}`,
        updated_at: now(),
      });
      return { status: "succeeded", setup: toSetup((await findDemoSetupIntent(db, row.id))!) };
    },

    async parseWebhook() {
      // The demo provider reports by calling the service directly; nothing may post its events.
      throw new WebhookSignatureError("The demo payment provider sends no webhooks");
    },

    async findBySecret(clientSecret) {
      const row = await findDemoIntentBySecret(db, clientSecret);
      return row ? toIntent(row) : null;
    },

    async confirmWithCard(clientSecret, card, returnUrl) {
      const row = await findDemoIntentBySecret(db, clientSecret);
      if (!row) return { status: "failed", intent: null, message: "This payment could not be found. Please start again." };
      if (row.status === "succeeded") return { status: "succeeded", intent: toIntent(row) };
      if (row.status === "canceled" || row.status === "processing") {
        return { status: "failed", intent: toIntent(row), message: "This payment can no longer be completed. Please start again." };
      }
      const errors = checkDemoCard(card, clock());
      const field = (Object.keys(errors) as (keyof DemoCard)[])[0];
      if (field) return { status: "failed", intent: toIntent(row), message: errors[field]!, field };

      const last4 = cardDigits(card.number).slice(-4);
      const outcome = demoCardOutcome(card.number);
      if (outcome === "succeeded") {
        await updateDemoIntent(db, row.id, { status: "succeeded", last_error: null, card_last4: last4, updated_at: now() });
        return { status: "succeeded", intent: toIntent(await load(row.id)) };
      }
      if (outcome === "requires_action") {
        await updateDemoIntent(db, row.id, { status: "requires_action", last_error: null, card_last4: last4, return_url: returnUrl, updated_at: now() });
        const intent = toIntent(await load(row.id));
        const redirectUrl = `${DEMO_AUTHENTICATE_PATH}?payment_intent=${encodeURIComponent(intent.id)}&client_secret=${encodeURIComponent(intent.clientSecret)}`;
        return { status: "requires_action", intent, redirectUrl };
      }
      // 0341 is declined whenever it is charged; only saving it succeeds.
      const message = outcome === "declined" || outcome === "declines_later" ? DEMO_CARD_MESSAGES.declined : DEMO_CARD_MESSAGES.notATestCard;
      await updateDemoIntent(db, row.id, { status: "requires_payment_method", last_error: message, card_last4: last4, updated_at: now() });
      return { status: "failed", intent: toIntent(await load(row.id)), message };
    },

    async completeAuthentication(intentId, clientSecret, approve) {
      const row = await findDemoIntent(db, intentId);
      if (!row || row.client_secret !== clientSecret) throw new ProviderError("This payment could not be found.");
      if (row.status === "requires_action") {
        await updateDemoIntent(
          db,
          row.id,
          approve
            ? { status: "succeeded", last_error: null, updated_at: now() }
            : { status: "requires_payment_method", last_error: DEMO_CARD_MESSAGES.authenticationFailed, updated_at: now() },
        );
      }
      const fresh = await load(row.id);
      return { intent: toIntent(fresh), returnUrl: fresh.return_url ?? "/confirmation" };
    },
  };
}
