import type { FastifyInstance, FastifySchema } from "fastify";
import {
  AfternoonTeaPaymentIntentRequestSchema,
  EventPaymentIntentRequestSchema,
  DemoConfirmAnswerSchema,
  describeZodError,
  IntentAnswerSchema,
  PaymentConfigSchema,
  PaymentLinkViewSchema,
  PaymentStatusAnswerSchema,
  TEST_MODE_LABEL,
  UNKNOWN_VOUCHER_MESSAGE,
  VoucherDetailsAnswerSchema,
} from "@tearoom/domain";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { clientKey } from "../../client-key.js";
import { WRONG_CODE_LIMIT_MESSAGE, wrongCodeLimiter } from "../../http/wrong-code-limit.js";
import { AppError, BadRequestError } from "../../errors.js";
import { publicWriteLimit } from "../../http/public-write-limit.js";
import { showsTestModeBanner, TEST_MODE_BANNER } from "../../http/test-mode-banner.js";
import { escapeHtml } from "../../mail/layout.js";
import {
  attachVoucherDetails,
  createPaymentIntent,
  type PaymentIntentRequest,
  demoAuthenticate,
  demoAuthenticationDetails,
  demoConfirm,
  DemoConfirmSchema,
  handleWebhook,
  paymentConfig,
  paymentStatus,
  requireDemoProvider,
  VoucherDetailsSchema,
  VoucherIntentRequestSchema,
} from "../services/payments.js";
import { paidBookingCalendar } from "../services/paid-booking.js";
import { documentOnly, errors, HIDDEN, ok, PUBLIC } from "../../rest/openapi.js";
import { guestPaymentLink } from "../services/payment-link-page.js";
import { DEMO_AUTHENTICATE_PATH } from "../providers/demo-provider.js";
import { WebhookSignatureError } from "../providers/provider.js";

const IntentIdParams = z.object({ id: z.string().min(3).max(255) });
const StatusQuery = z.object({
  client_secret: z
    .string()
    .min(10)
    .max(300)
    .optional()
    .describe(
      "The payment's client secret (the return URL's payment_intent_client_secret): with it, a paid voucher's code and recipient, or a paid booking, are in the answer",
    ),
});
const AuthQuery = z.object({ payment_intent: z.string().min(3).max(255), client_secret: z.string().min(10).max(300) });
const AuthBody = AuthQuery.extend({ approve: z.boolean() });

const payments = { tags: ["payments"], security: PUBLIC };
/**
 * These bodies are parsed once, by the handler, after the rate limit (a preHandler): the schemas
 * document them. A bad body is a 400 naming the field.
 */
const handlerParses = { validatorCompiler: documentOnly };

/** `schema`'s parse of `body`, or a 400 naming the field. */
function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new BadRequestError(describeZodError(parsed.error));
  return parsed.data;
}

/** The body of POST /api/create-payment-intent, parsed with the schema its shape names: metadata for afternoon tea, a voucherType for a gift voucher. */
function paymentIntentRequest(body: unknown): PaymentIntentRequest {
  const shape = (body ?? {}) as { metadata?: { type?: unknown }; voucherType?: unknown };
  // R53: tickets for an event's sitting come as metadata of type "event".
  if (shape.metadata?.type === "event") return parseBody(EventPaymentIntentRequestSchema, body);
  if (shape.metadata !== undefined) return parseBody(AfternoonTeaPaymentIntentRequestSchema, body);
  if (shape.voucherType !== undefined) return parseBody(VoucherIntentRequestSchema, body);
  throw new BadRequestError("Send either metadata (type afternoon-tea or event) or a voucherType");
}

/**
 * Payment routes (R3, R7–R10): thin, each calls the payments service. The Stripe webhook reads
 * its body raw (the signature covers the exact bytes); the demo provider's confirmation and
 * authentication page stand in for Stripe.js and the card issuer.
 */
export async function paymentRoutes(app: FastifyInstance, opts: { ctx: AppContext }): Promise<void> {
  const { ctx } = opts;
  const limit = publicWriteLimit(ctx);
  const banner = showsTestModeBanner(ctx.env);

  app.get(
    "/api/payments/config",
    {
      schema: {
        ...payments,
        operationId: "getPaymentConfig",
        summary: "Which payment provider the site uses, and Stripe's publishable key",
        response: { 200: PaymentConfigSchema, ...errors() },
      },
    },
    async () => paymentConfig(ctx),
  );

  const intent: FastifySchema = {
    ...payments,
    operationId: "createPaymentIntent",
    summary:
      "Start paying: afternoon tea (amount + metadata; the seats are held, R9) or a gift voucher (voucherType + amount); the server prices it and refuses a different amount (R3). R36: metadata.voucherCode pays part or all of a tea with a gift voucher, reserved with the hold; `amountPence` is then what the card pays, and when nothing is left `clientSecret` is null and the booking is already confirmed (`bookingReference`). R53: metadata of type 'event' buys `tickets` for a sitting (GET /api/events) the same way: held, paid by card and/or a monetary voucher; 400 past the sitting's per-order limit or for another kind of voucher, 409 once sales have closed or when too few tickets are left. Bad codes: 400 (unknown, picnic hamper) or 409 (expired, nothing left), nothing held; unknown codes count towards the 10 wrong codes an hour of /api/voucher-balance (then 429).",
    body: z.union([AfternoonTeaPaymentIntentRequestSchema, EventPaymentIntentRequestSchema, VoucherIntentRequestSchema]),
    response: { 200: IntentAnswerSchema, ...errors(400, 403, 409, 415, 429) },
  };
  // R36: a voucher code here is one more way to test codes, so wrong ones count with the balance check's (R35).
  const codes = wrongCodeLimiter(ctx);
  app.post("/api/create-payment-intent", { ...handlerParses, preHandler: limit, schema: intent }, async (req, reply) => {
    const withCode = typeof (req.body as { metadata?: { voucherCode?: unknown } } | null)?.metadata?.voucherCode === "string";
    const wait = withCode ? await codes.blocked(req.ip) : null;
    if (wait !== null) return reply.code(429).header("retry-after", String(wait)).send({ message: WRONG_CODE_LIMIT_MESSAGE });
    try {
      return await createPaymentIntent(ctx, paymentIntentRequest(req.body), clientKey(req.ip));
    } catch (err) {
      if (!(withCode && err instanceof AppError && err.statusCode === 400 && err.message.includes(UNKNOWN_VOUCHER_MESSAGE))) throw err;
      const over = await codes.wrong(req.ip);
      if (over === null) throw err;
      return reply.code(429).header("retry-after", String(over)).send({ message: WRONG_CODE_LIMIT_MESSAGE });
    }
  });

  const voucherDetails: FastifySchema = {
    ...payments,
    operationId: "attachVoucherDetails",
    summary: "Who a gift voucher is for (R10), attached before paying; the amount is recomputed",
    body: VoucherDetailsSchema,
    response: { 200: VoucherDetailsAnswerSchema, ...errors(400, 403, 404, 415, 429) },
  };
  app.post("/api/payments/voucher-details", { ...handlerParses, preHandler: limit, schema: voucherDetails }, async (req) =>
    attachVoucherDetails(ctx, parseBody(VoucherDetailsSchema, req.body)),
  );

  const status: FastifySchema = {
    ...payments,
    operationId: "getPaymentStatus",
    summary: "The server's view of a payment, for the confirmation page; with the client secret, a paid voucher's code and recipient",
    params: IntentIdParams,
    querystring: StatusQuery,
    response: { 200: PaymentStatusAnswerSchema, ...errors(404) },
  };
  // An id out of shape is a payment not found (404), not a 400; a secret out of shape shows nothing extra.
  app.get("/api/payments/:id/status", { validatorCompiler: documentOnly, schema: status }, async (req, reply) => {
    const params = IntentIdParams.safeParse(req.params);
    if (!params.success) return reply.code(404).send({ message: "Payment not found" });
    const query = StatusQuery.safeParse(req.query);
    reply.header("cache-control", "no-store");
    return paymentStatus(ctx, params.data.id, query.success ? query.data.client_secret : undefined);
  });

  const calendar: FastifySchema = {
    ...payments,
    operationId: "getPaidBookingCalendar",
    summary: "R51: a paid booking's calendar file (text/calendar), for whoever holds the payment's client secret; 404 otherwise",
    params: IntentIdParams,
    querystring: StatusQuery,
    response: { 200: ok(z.string(), "The booking's calendar file (iCalendar)", "text/calendar"), ...errors(404) },
  };
  app.get("/api/payments/:id/calendar.ics", { validatorCompiler: documentOnly, schema: calendar }, async (req, reply) => {
    const params = IntentIdParams.safeParse(req.params);
    const query = StatusQuery.safeParse(req.query);
    if (!params.success || !query.success) return reply.code(404).send({ message: "Booking not found" });
    const file = await paidBookingCalendar(ctx, params.data.id, query.data.client_secret);
    // The address holds a secret: not to be kept by a cache nor passed on in a Referer.
    return reply
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .header("content-disposition", `attachment; filename="${file.filename}"`)
      .type("text/calendar; charset=utf-8")
      .send(file.content);
  });

  const linkParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{1,100}$/) });
  const paymentLink: FastifySchema = {
    ...payments,
    operationId: "getPaymentLink",
    summary:
      "R49: a payment link's page: the booking it pays for, the amount and, while it is open, the client secret to pay it with. 404 for an unknown token, 410 once it has expired",
    params: linkParams,
    response: { 200: PaymentLinkViewSchema, ...errors(404, 410) },
  };
  // An unknown token is a 404 whatever its shape; the token never reaches a log (request-log.ts logs the pattern).
  app.get("/api/payment-links/:token", { validatorCompiler: documentOnly, schema: paymentLink }, async (req, reply) => {
    const params = linkParams.safeParse(req.params);
    reply.header("cache-control", "no-store").header("x-robots-tag", "noindex");
    if (!params.success) return reply.code(404).send({ message: "This payment link is not valid. Please check the address in your e-mail." });
    const found = await guestPaymentLink(ctx, params.data.token);
    if (found.kind === "expired") return reply.code(410).send({ message: found.message });
    return found.view;
  });

  const confirm: FastifySchema = {
    ...payments,
    operationId: "confirmDemoPayment",
    summary: "The demo provider's confirm-payment call (R7); 404 when the demo provider is not in use",
    body: DemoConfirmSchema,
    response: { 200: DemoConfirmAnswerSchema, ...errors(400, 402, 403, 404, 415, 429) },
  };
  app.post("/api/payments/demo/confirm", { ...handlerParses, preHandler: limit, schema: confirm }, async (req, reply) => {
    // 404 when the demo provider is not in use, whatever the body.
    requireDemoProvider(ctx);
    const answer = await demoConfirm(ctx, parseBody(DemoConfirmSchema, req.body));
    // 402 as Stripe answers a card error; the message is the provider's, for the Payment Failed toast.
    if (answer.status === "failed") return reply.code(402).send({ message: answer.message });
    return answer;
  });

  app.get(DEMO_AUTHENTICATE_PATH, { schema: HIDDEN }, async (req, reply) => {
    const query = AuthQuery.safeParse(req.query);
    if (!query.success) return reply.code(404).type("text/html; charset=utf-8").send(authPage(null, banner));
    const details = await demoAuthenticationDetails(ctx, query.data.payment_intent, query.data.client_secret);
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(authPage({ ...details, ...query.data }, banner));
  });

  app.get(`${DEMO_AUTHENTICATE_PATH}.js`, { schema: HIDDEN }, async (_req, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(AUTH_SCRIPT),
  );
  app.get(`${DEMO_AUTHENTICATE_PATH}.css`, { schema: HIDDEN }, async (_req, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "no-cache").send(AUTH_CSS),
  );

  const authenticate: FastifySchema = {
    ...payments,
    operationId: "authenticateDemoPayment",
    summary: "The demo provider's authentication page's buttons: approve or fail the payment; answers where to go next",
    body: AuthBody,
    response: { 200: z.object({ returnUrl: z.string() }), ...errors(400, 404) },
  };
  // Its 400 has its own message.
  app.post(DEMO_AUTHENTICATE_PATH, { validatorCompiler: documentOnly, schema: authenticate }, async (req, reply) => {
    const body = AuthBody.safeParse(req.body);
    if (!body.success) return reply.code(400).send({ message: "payment_intent, client_secret and approve are required" });
    const returnUrl = await demoAuthenticate(ctx, body.data.payment_intent, body.data.client_secret, body.data.approve);
    return { returnUrl };
  });

  // The webhook gets the untouched bytes: Stripe signs the raw body, and parsed JSON re-serialised would not match.
  await app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 512 * 1024 }, (_req, body, done) => done(null, body));
    const webhook: FastifySchema = {
      ...payments,
      operationId: "receiveStripeWebhook",
      summary: "Stripe's event notifications, signed (Stripe-Signature header) over the raw body",
      body: z.record(z.string(), z.unknown()).describe("A Stripe event, read raw: only its signature is checked here"),
      response: { 200: z.object({ received: z.literal(true) }), ...errors(400) },
    };
    raw.post("/api/stripe/webhook", { validatorCompiler: documentOnly, schema: webhook }, async (req, reply) => {
      const signature = req.headers["stripe-signature"];
      try {
        await handleWebhook(ctx, Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0), typeof signature === "string" ? signature : undefined);
      } catch (err) {
        if (err instanceof WebhookSignatureError) {
          req.log.warn({ event: "webhook-refused", reason: err.message }, "webhook signature refused");
          return reply.code(400).send({ message: "Invalid webhook signature" });
        }
        throw err; // a 500 makes Stripe deliver the event again later
      }
      return { received: true };
    });
  });
}

function authPage(p: { amount: string; description: string; pending: boolean; payment_intent: string; client_secret: string } | null, banner: boolean): string {
  const body = !p
    ? `<h1>Payment not found</h1><p>This authentication link is not valid. Please return to the tearoom's website and try again.</p><p><a href="/">Return home</a></p>`
    : !p.pending
      ? `<h1>Nothing to authenticate</h1><p>This payment has already been authenticated or has ended.</p><p><a href="/">Return home</a></p>`
      : `<h1>Authenticate your payment</h1>
<p class="amount">${escapeHtml(p.description)} · <strong>${escapeHtml(p.amount)}</strong> to Heritage Tearoom</p>
<p>Your card issuer asks you to confirm this payment. This is a test page of the demo payment provider: choose an outcome.</p>
<div class="actions" data-intent="${escapeHtml(p.payment_intent)}" data-secret="${escapeHtml(p.client_secret)}">
  <button type="button" data-approve="true">Complete authentication</button>
  <button type="button" data-approve="false" class="secondary">Fail authentication</button>
</div>
<p class="error" role="alert" hidden></p>
<noscript><p>Please enable JavaScript to continue.</p></noscript>`;
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Authenticate payment – Heritage Tearoom</title>
<link rel="stylesheet" href="${DEMO_AUTHENTICATE_PATH}.css"><script src="${DEMO_AUTHENTICATE_PATH}.js" defer></script></head>
<body>${banner ? TEST_MODE_BANNER : ""}<div class="page"><main class="panel"><p class="badge">${escapeHtml(TEST_MODE_LABEL)}</p>${body}</main></div></body></html>`;
}

const AUTH_SCRIPT = `document.addEventListener("click", async (event) => {
  const button = event.target.closest("button[data-approve]");
  if (!button) return;
  const box = button.closest(".actions");
  const error = document.querySelector(".error");
  for (const b of box.querySelectorAll("button")) b.disabled = true;
  button.textContent = "Processing...";
  try {
    const res = await fetch(${JSON.stringify(DEMO_AUTHENTICATE_PATH)}, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ payment_intent: box.dataset.intent, client_secret: box.dataset.secret, approve: button.dataset.approve === "true" }),
    });
    const answer = await res.json();
    if (!res.ok) throw new Error(answer.message || "Something went wrong.");
    window.location.assign(answer.returnUrl);
  } catch (err) {
    error.textContent = err.message;
    error.hidden = false;
    for (const b of box.querySelectorAll("button")) b.disabled = false;
    button.textContent = button.dataset.approve === "true" ? "Complete authentication" : "Fail authentication";
  }
});
`;

const AUTH_CSS = `*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;flex-direction:column;background:#f4ecdc;color:#2e2a25;font-family:Georgia,'Times New Roman',serif}
.page{flex:1;display:grid;place-items:center;padding:1rem}
.panel{width:100%;max-width:28rem;background:#fffdf8;border:1px solid #efe4cf;border-radius:14px;padding:2rem;box-shadow:0 10px 30px -18px rgba(46,42,37,.35)}
h1{font-size:1.5rem;margin:.5rem 0 1rem;color:#2c3e28}
.badge{display:inline-block;margin:0;padding:.2rem .6rem;border-radius:999px;background:#f4e9c8;color:#674f18;font-size:.8rem;letter-spacing:.03em}
.amount{font-size:1.1rem}
.actions{display:grid;gap:.6rem;margin-top:1.5rem}
button{font:inherit;font-size:1rem;padding:.75rem 1rem;border-radius:999px;border:1px solid #4a6642;background:#4a6642;color:#fff;cursor:pointer}
button.secondary{background:#fff;color:#4a6642}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible{outline:3px solid #a8bf9d;outline-offset:2px}
.error{color:#7f3249}
a{color:#3b5235}
`;
