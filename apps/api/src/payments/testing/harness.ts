import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Stripe from "stripe";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../app.js";
import { createAppContext } from "../../composition-root.js";
import { loadEnv } from "../../env.js";
import { updateSetting } from "../../bookings/services/booking-settings.js";
import { setPaymentProvider } from "../services/payment-provider.js";
import { createStripeProvider } from "../providers/stripe-provider.js";
import { deliverableMail } from "../../mail/outbox.js";
import { startFakeStripe, type FakeStripe } from "./fake-stripe.js";
import { testDatabase, type TestContext } from "../../test/pg-databases.js";

export const WEBHOOK_SECRET = "whsec_test_tearoom";
/** A Monday; the tea date below is the Wednesday after it (open, afternoon tea served). */
export const START = new Date("2026-06-01T09:00:00.000Z");
export const TEA_DATE = "2026-06-03";

export interface Harness {
  app: FastifyInstance;
  ctx: TestContext;
  dir: string;
  /** Moves the tearoom's clock. */
  advance(ms: number): void;
  fake: FakeStripe | null;
  signer: Stripe;
  close(): Promise<void>;
}

/** A fresh database and app per test file; with `stripe`, Stripe pointed at a local fake server. */
export async function startHarness(opts: { stripe: boolean }): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), "tearoom-payments-"));
  const fake = opts.stripe ? await startFakeStripe() : null;
  const database = await testDatabase(dir, "tearoom.sqlite");
  const env = loadEnv({
    NODE_ENV: "test",
    ...database.env,
    PUBLIC_ORIGIN: "http://localhost:4999",
    RATE_LIMIT_MAX: "100000",
    LOG_LEVEL: "silent",
    SCRYPT_COST: "10",
    ...(fake ? { STRIPE_SECRET_KEY: fake.secretKey, STRIPE_PUBLISHABLE_KEY: "pk_test_tearoom", STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET } : {}),
  });
  let now = START.getTime();
  const ctx = database.attach(await createAppContext(env, { now: () => new Date(now) }));
  if (fake) {
    setPaymentProvider(
      ctx,
      createStripeProvider({
        secretKey: fake.secretKey,
        publishableKey: "pk_test_tearoom",
        webhookSecret: WEBHOOK_SECRET,
        api: { host: "127.0.0.1", port: fake.port, protocol: "http" },
      }),
    );
  }
  const app = await buildApp({ ctx, spaRoots: { web: dir, admin: dir } });
  await app.ready();
  return {
    app,
    ctx,
    dir,
    fake,
    signer: new Stripe("sk_test_signer_only"),
    advance: (ms) => {
      now += ms;
    },
    close: async () => {
      await app.close();
      await ctx.close();
      await database.dispose();
      await fake?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function teaRequest(
  over: { guests?: number; teaType?: "traditional" | "champagne"; time?: string; amount?: number; name?: string; email?: string } = {},
) {
  const guests = over.guests ?? 2;
  const teaType = over.teaType ?? "traditional";
  const unit = teaType === "traditional" ? 29.95 : 39.95;
  return {
    amount: over.amount ?? Math.round(unit * guests * 100) / 100,
    metadata: {
      type: "afternoon-tea",
      date: TEA_DATE,
      time: over.time ?? "14:00",
      guests,
      teaType,
      name: over.name ?? "Ada Lovelace",
      email: over.email ?? "ada@example.com",
      phone: "01234 567890",
      dietaryRequirements: "",
    },
  };
}

export const voucherDetails = {
  recipientName: "Grace Hopper",
  recipientEmail: "grace@example.com",
  senderName: "Ada Lovelace",
  senderEmail: "ada@example.com",
  message: "Happy birthday!",
};

export async function setCoversPerSlot(h: Harness, covers: number): Promise<void> {
  await updateSetting(h.ctx, "afternoon_tea_covers_per_slot", String(covers), "test");
}

export const post = (h: Harness, url: string, payload: unknown) => h.app.inject({ method: "POST", url, payload: payload as object });

/** Delivers a signed Stripe event for the intent as the fake server holds it now. */
export function sendWebhook(h: Harness, type: string, intentId: string, opts: { secret?: string; payload?: string } = {}) {
  const intent = h.fake!.intents.get(intentId)!;
  const payload = opts.payload ?? h.fake!.event(type, intent);
  const signature = h.signer.webhooks.generateTestHeaderString({ payload, secret: opts.secret ?? WEBHOOK_SECRET });
  return h.app.inject({
    method: "POST",
    url: "/api/stripe/webhook",
    headers: { "content-type": "application/json; charset=utf-8", "stripe-signature": signature },
    payload,
  });
}

export const bookings = (h: Harness) => h.ctx.db.selectFrom("bookings").selectAll().orderBy("id").execute();
export const vouchers = (h: Harness) => h.ctx.db.selectFrom("gift_vouchers").selectAll().orderBy("id").execute();
/** Outbox rows with the bodies the recipient would get (`text`, `html`). */
export const outbox = async (h: Harness) =>
  (await h.ctx.db.selectFrom("outbox").selectAll().orderBy("id").execute()).map((row) => ({ ...row, ...deliverableMail(row) }));
export const payments = (h: Harness) => h.ctx.db.selectFrom("payments").selectAll().orderBy("created_at").execute();
