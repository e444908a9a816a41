import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's API, enough for stripe-node to create, read, update and cancel
 * PaymentIntents (R7) and to create and list their Refunds (R34). Tests drive payment outcomes directly and build the events a webhook
 * would carry; nothing here leaves the machine.
 */

export interface FakeIntent {
  id: string;
  object: "payment_intent";
  amount: number;
  currency: string;
  status: string;
  client_secret: string;
  description: string | null;
  metadata: Record<string, string>;
  receipt_email: string | null;
  last_payment_error: { message: string; code: string; type: string } | null;
  created: number;
  livemode: false;
}

export interface FakeRefund {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: string;
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}

/** R47: a SetupIntent saving a card for a customer (`usage: off_session`). */
export interface FakeSetupIntent {
  id: string;
  object: "setup_intent";
  customer: string;
  usage: string;
  status: string;
  client_secret: string;
  description: string | null;
  payment_method: string | null;
  metadata: Record<string, string>;
  last_setup_error: { message: string; code: string; type: string } | null;
  created: number;
  livemode: false;
}

export interface FakeStripe {
  port: number;
  secretKey: string;
  intents: Map<string, FakeIntent>;
  /** Requests received, "METHOD /path". */
  requests: string[];
  /** The Idempotency-Key of each create request, in order (null when none was sent). */
  createKeys: (string | null)[];
  /** Every refund made, by us or by `dashboardRefund`, in order. */
  refunds: FakeRefund[];
  /** The Idempotency-Key of each refund request, in order. */
  refundKeys: (string | null)[];
  /** While set, every refund request is refused with this message (a 402 card_error, as Stripe does). */
  refundFailure: string | null;
  setStatus(id: string, status: string, declineMessage?: string): FakeIntent;
  /** Customers made, by id: their email and name. */
  customers: Map<string, { id: string; object: "customer"; email: string | null; name: string | null; metadata: Record<string, string> }>;
  setupIntents: Map<string, FakeSetupIntent>;
  /** The card saved by a SetupIntent, as Stripe.js's confirmSetup would; `declinesLater` is Stripe's 4000 0000 0000 0341. */
  completeSetup(id: string, opts?: { declinesLater?: boolean }): FakeSetupIntent;
  /** The body of each off-session PaymentIntent request (`off_session=true`), in order. */
  offSessionCharges: Record<string, unknown>[];
  /** A refund made in Stripe's dashboard, outside the app. */
  dashboardRefund(intentId: string, amount: number): FakeRefund;
  /** A signed-ready `charge.*` event for an intent's charge, with its refunds as they are now. */
  chargeEvent(type: string, intentId: string): string;
  /** A Stripe event for an intent as it is now (or as given), ready to be signed. */
  event(type: string, intent: FakeIntent): string;
  close(): Promise<void>;
}

/** Parses stripe-node's form encoding (`metadata[type]=afternoon-tea`) into a nested object. */
function parseForm(body: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const m = key.match(/^([^[]+)\[([^\]]+)\]$/);
    if (m) {
      const parent = (out[m[1]!] ??= {}) as Record<string, unknown>;
      parent[m[2]!] = value;
    } else out[key] = value;
  }
  return out;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = "";
    req.setEncoding("utf8");
    req.on("data", (c: string) => (data += c));
    req.on("end", () => resolve(data));
    req.on("error", reject);
  });
}

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

export async function startFakeStripe(secretKey = "sk_test_fake"): Promise<FakeStripe> {
  const intents = new Map<string, FakeIntent>();
  const requests: string[] = [];
  const createKeys: (string | null)[] = [];
  const byIdempotencyKey = new Map<string, string>();
  const refunds: FakeRefund[] = [];
  const refundKeys: (string | null)[] = [];
  const refundByKey = new Map<string, FakeRefund>();
  const chargeId = (intentId: string) => `ch_${intentId.slice(3)}`;
  const refunded = (intentId: string) => refunds.filter((r) => r.payment_intent === intentId && r.status === "succeeded").reduce((n, r) => n + r.amount, 0);
  const makeRefund = (intent: FakeIntent, amount: number, metadata: Record<string, string>): FakeRefund => {
    const refund: FakeRefund = {
      id: id("re"),
      object: "refund",
      amount,
      currency: intent.currency,
      payment_intent: intent.id,
      charge: chargeId(intent.id),
      status: "succeeded",
      reason: "requested_by_customer",
      metadata,
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(refund);
    return refund;
  };
  const state = { refundFailure: null as string | null };
  const customers: FakeStripe["customers"] = new Map();
  const setupIntents = new Map<string, FakeSetupIntent>();
  const decliningMethods = new Set<string>();
  const methodOwner = new Map<string, string>();
  const offSessionCharges: Record<string, unknown>[] = [];
  const keyed = new Map<string, unknown>();
  const keyOf = (req: IncomingMessage, path: string) =>
    typeof req.headers["idempotency-key"] === "string" ? `${path} ${req.headers["idempotency-key"]}` : null;

  const server: Server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json", "request-id": id("req") });
      res.end(JSON.stringify(body));
    };
    const notFound = (what: string) =>
      send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such payment_intent: '${what}'` } });
    const url = new URL(req.url ?? "/", "http://fake");
    requests.push(`${req.method} ${url.pathname}`);
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      return send(401, { error: { type: "invalid_request_error", message: "Invalid API Key provided" } });
    }
    const body = parseForm(await readBody(req));
    const parts = url.pathname.split("/").filter(Boolean); // v1, payment_intents, id?, action?
    if (parts[0] === "v1" && parts[1] === "refunds" && parts.length === 2) {
      if (req.method === "GET") {
        const pi = url.searchParams.get("payment_intent");
        return send(200, { object: "list", url: "/v1/refunds", has_more: false, data: refunds.filter((r) => !pi || r.payment_intent === pi).reverse() });
      }
      const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      refundKeys.push(key);
      const earlier = key ? refundByKey.get(key) : undefined;
      if (earlier) return send(200, earlier);
      if (state.refundFailure) return send(402, { error: { type: "card_error", code: "refund_failed", message: state.refundFailure } });
      const intent = intents.get(String(body.payment_intent ?? ""));
      if (!intent) return notFound(String(body.payment_intent ?? ""));
      if (intent.status !== "succeeded") {
        return send(400, {
          error: { type: "invalid_request_error", message: `This PaymentIntent (${intent.id}) does not have a successful charge to refund.` },
        });
      }
      const left = intent.amount - refunded(intent.id);
      const amount = body.amount === undefined ? left : Number(body.amount);
      if (!Number.isInteger(amount) || amount < 1 || amount > left) {
        return send(400, {
          error: {
            type: "invalid_request_error",
            param: "amount",
            message: `Refund amount (£${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge (£${(left / 100).toFixed(2)})`,
          },
        });
      }
      const refund = makeRefund(intent, amount, (body.metadata as Record<string, string> | undefined) ?? {});
      if (key) refundByKey.set(key, refund);
      return send(200, refund);
    }
    if (parts[0] === "v1" && parts[1] === "customers" && parts.length === 2 && req.method === "POST") {
      const key = keyOf(req, "customers");
      if (key && keyed.has(key)) return send(200, keyed.get(key));
      const customer = {
        id: id("cus"),
        object: "customer" as const,
        email: (body.email as string | undefined) ?? null,
        name: (body.name as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
      };
      customers.set(customer.id, customer);
      if (key) keyed.set(key, customer);
      return send(200, customer);
    }
    if (parts[0] === "v1" && parts[1] === "setup_intents") {
      if (req.method === "POST" && parts.length === 2) {
        const key = keyOf(req, "setup_intents");
        if (key && keyed.has(key)) return send(200, keyed.get(key));
        if (!customers.has(String(body.customer ?? ""))) {
          return send(400, { error: { type: "invalid_request_error", param: "customer", message: `No such customer: '${String(body.customer ?? "")}'` } });
        }
        const siId = id("seti");
        const si: FakeSetupIntent = {
          id: siId,
          object: "setup_intent",
          customer: String(body.customer),
          usage: String(body.usage ?? "off_session"),
          status: "requires_payment_method",
          client_secret: `${siId}_secret_${randomBytes(12).toString("hex")}`,
          description: (body.description as string | undefined) ?? null,
          payment_method: null,
          metadata: (body.metadata as Record<string, string> | undefined) ?? {},
          last_setup_error: null,
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        setupIntents.set(siId, si);
        if (key) keyed.set(key, si);
        return send(200, si);
      }
      const si = setupIntents.get(parts[2] ?? "");
      if (!si) return send(404, { error: { type: "invalid_request_error", code: "resource_missing", message: `No such setupintent: '${parts[2] ?? ""}'` } });
      if (req.method === "GET" && parts.length === 3) return send(200, si);
      return send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
    }
    if (parts[0] === "v1" && parts[1] === "payment_intents" && parts.length === 2 && req.method === "POST" && body.off_session === "true") {
      // An off-session charge to a saved card, confirmed at once (R48).
      offSessionCharges.push(body);
      const key = keyOf(req, "off-session");
      if (key && keyed.has(key)) return send(200, keyed.get(key));
      const pm = String(body.payment_method ?? "");
      if (methodOwner.get(pm) !== String(body.customer ?? "")) {
        return send(400, { error: { type: "invalid_request_error", param: "payment_method", message: `No such PaymentMethod: '${pm}'` } });
      }
      const piId = id("pi");
      const declined = decliningMethods.has(pm);
      const intent: FakeIntent = {
        id: piId,
        object: "payment_intent",
        amount: Number(body.amount),
        currency: String(body.currency ?? "gbp"),
        status: declined ? "requires_payment_method" : "succeeded",
        client_secret: `${piId}_secret_${randomBytes(12).toString("hex")}`,
        description: (body.description as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        receipt_email: null,
        last_payment_error: declined ? { message: "Your card was declined.", code: "card_declined", type: "card_error" } : null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(piId, intent);
      if (declined) {
        return send(402, {
          error: { type: "card_error", code: "card_declined", decline_code: "generic_decline", message: "Your card was declined.", payment_intent: intent },
        });
      }
      if (key) keyed.set(key, intent);
      return send(200, intent);
    }
    if (parts[0] !== "v1" || parts[1] !== "payment_intents")
      return send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });

    if (req.method === "POST" && parts.length === 2) {
      // As Stripe does: a key seen before answers with the intent it created.
      const key = typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      createKeys.push(key);
      const earlier = key ? intents.get(byIdempotencyKey.get(key) ?? "") : undefined;
      if (earlier) return send(200, earlier);
      const amount = Number(body.amount);
      if (!Number.isInteger(amount) || amount < 30) {
        return send(400, { error: { type: "invalid_request_error", param: "amount", message: "Amount must be at least £0.30 gbp" } });
      }
      const piId = id("pi");
      const intent: FakeIntent = {
        id: piId,
        object: "payment_intent",
        amount,
        currency: String(body.currency ?? "gbp"),
        status: "requires_payment_method",
        client_secret: `${piId}_secret_${randomBytes(12).toString("hex")}`,
        description: (body.description as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        receipt_email: (body.receipt_email as string | undefined) ?? null,
        last_payment_error: null,
        created: Math.floor(Date.now() / 1000),
        livemode: false,
      };
      intents.set(piId, intent);
      if (key) byIdempotencyKey.set(key, piId);
      return send(200, intent);
    }
    const intent = intents.get(parts[2] ?? "");
    if (!intent) return notFound(parts[2] ?? "");
    if (req.method === "GET" && parts.length === 3) return send(200, intent);
    if (req.method === "POST" && parts.length === 3) {
      if (["succeeded", "canceled", "processing"].includes(intent.status) && body.amount !== undefined) {
        return send(400, {
          error: { type: "invalid_request_error", message: `This PaymentIntent's amount could not be updated because it has a status of ${intent.status}.` },
        });
      }
      if (body.amount !== undefined) intent.amount = Number(body.amount);
      if (body.metadata) intent.metadata = { ...intent.metadata, ...(body.metadata as Record<string, string>) };
      return send(200, intent);
    }
    if (req.method === "POST" && parts[3] === "cancel") {
      if (intent.status === "succeeded" || intent.status === "canceled") {
        return send(400, {
          error: { type: "invalid_request_error", message: `You cannot cancel this PaymentIntent because it has a status of ${intent.status}.` },
        });
      }
      intent.status = "canceled";
      return send(200, intent);
    }
    return send(404, { error: { type: "invalid_request_error", message: "Unrecognized request URL" } });
  });

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;

  return {
    port,
    secretKey,
    intents,
    requests,
    createKeys,
    refunds,
    refundKeys,
    get refundFailure() {
      return state.refundFailure;
    },
    set refundFailure(message: string | null) {
      state.refundFailure = message;
    },
    dashboardRefund(piId, amount) {
      const intent = intents.get(piId);
      if (!intent) throw new Error(`fake stripe: no intent ${piId}`);
      if (amount > intent.amount - refunded(piId)) throw new Error("fake stripe: more than is left to refund");
      return makeRefund(intent, amount, {});
    },
    chargeEvent(type, piId) {
      const intent = intents.get(piId);
      if (!intent) throw new Error(`fake stripe: no intent ${piId}`);
      const own = refunds.filter((r) => r.payment_intent === piId);
      const charge = {
        id: chargeId(piId),
        object: "charge",
        amount: intent.amount,
        amount_refunded: refunded(piId),
        currency: intent.currency,
        payment_intent: piId,
        refunded: refunded(piId) >= intent.amount,
        status: "succeeded",
        refunds: { object: "list", data: [...own].reverse(), has_more: false },
      };
      return JSON.stringify({
        id: id("evt"),
        object: "event",
        api_version: "2025-10-29.clover",
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: charge },
      });
    },
    setStatus(piId, status, declineMessage) {
      const intent = intents.get(piId);
      if (!intent) throw new Error(`fake stripe: no intent ${piId}`);
      intent.status = status;
      intent.last_payment_error = declineMessage ? { message: declineMessage, code: "card_declined", type: "card_error" } : null;
      return intent;
    },
    event(type, intent) {
      return JSON.stringify({
        id: id("evt"),
        object: "event",
        api_version: "2025-10-29.clover",
        created: Math.floor(Date.now() / 1000),
        type,
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        data: { object: { ...intent } },
      });
    },
    customers,
    setupIntents,
    offSessionCharges,
    completeSetup(siId, opts = {}) {
      const si = setupIntents.get(siId);
      if (!si) throw new Error(`fake stripe: no setup intent ${siId}`);
      const pm = id("pm");
      methodOwner.set(pm, si.customer);
      if (opts.declinesLater) decliningMethods.add(pm);
      si.status = "succeeded";
      si.payment_method = pm;
      return si;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
