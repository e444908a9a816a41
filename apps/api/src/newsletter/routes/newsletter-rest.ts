import { NewsletterSubscribeSchema, NewsletterTokenSchema } from "@tearoom/domain";
import type { FastifyInstance, FastifyReply, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { publicWriteLimit } from "../../http/public-write-limit.js";
import { ONE_CLICK_UNSUBSCRIBE_PATH } from "../../http/security.js";
import { confirmSubscription, isConfirmationPending, isUnsubscribeLink, subscribe, unsubscribe } from "../services/newsletter.js";
import { tearoomContacts } from "../../site/services/site.js";
import { body } from "../../rest/helpers.js";
import { documentOnly, errors, HIDDEN, ok, PUBLIC } from "../../rest/openapi.js";
import { OkSchema } from "../../rest/schemas.js";
import {
  CONFIRM_LINK_NOT_VALID,
  confirmPage,
  NEWSLETTER_PAGE_CSS,
  NEWSLETTER_PAGE_JS,
  PAGE_CSS,
  PAGE_SCRIPT,
  UNSUBSCRIBE_LINK_NOT_VALID,
  unsubscribePage,
  type PageAnswer,
} from "./newsletter-pages.js";

/** The one answer to every subscribe request (R26): it says nothing about the address. */
export const SUBSCRIBE_ANSWER = { ok: true } as const;

const LinkQuery = z.object({ token: z.string().max(200).optional() });
const linkToken = (query: unknown) => {
  const parsed = LinkQuery.safeParse(query);
  return parsed.success ? (parsed.data.token ?? "") : "";
};

function sendPage(reply: FastifyReply, page: PageAnswer): FastifyReply {
  // The address holds a token: it must not travel on in a Referer, nor be kept by a cache.
  return reply
    .code(page.status)
    .header("cache-control", "no-store")
    .header("referrer-policy", "no-referrer")
    .header("x-robots-tag", "noindex")
    .type("text/html; charset=utf-8")
    .send(page.html);
}

/**
 * The newsletter (R16 as amended by R26: double opt-in). Subscribing answers 202 and the same body
 * whatever the address; the e-mailed links open pages whose button makes the change.
 */
export async function newsletterRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const limit = publicWriteLimit(ctx);
  // The bodies below are parsed once, by the handler, after the rate limit; their schemas document them.

  const subscribeOp: FastifySchema = {
    operationId: "subscribe",
    summary:
      "Ask for the newsletter (double opt-in): 202 and the same body for a new, an existing or an unconfirmed address; a new one is e-mailed a confirmation link",
    tags: ["newsletter"],
    security: PUBLIC,
    body: NewsletterSubscribeSchema,
    response: { 202: ok(OkSchema, "Accepted (whatever the address)"), ...errors(400, 403, 415, 429) },
  };
  app.post("/api/newsletter/subscribe", { preValidation: limit, validatorCompiler: documentOnly, schema: subscribeOp }, async (req, reply) => {
    await subscribe(ctx, NewsletterSubscribeSchema.parse(body(req)));
    return reply.code(202).send(SUBSCRIBE_ANSWER);
  });

  const confirmOp: FastifySchema = {
    operationId: "confirmSubscription",
    summary: "The confirmation page's button: the subscription becomes active, consent time now",
    tags: ["newsletter"],
    security: PUBLIC,
    body: NewsletterTokenSchema,
    response: { 200: OkSchema, ...errors(400, 403, 404, 415, 429) },
  };
  app.post("/api/newsletter/confirm", { preValidation: limit, validatorCompiler: documentOnly, schema: confirmOp }, async (req, reply) => {
    const { token } = NewsletterTokenSchema.parse(body(req));
    if (!(await confirmSubscription(ctx, token))) return reply.code(404).send({ message: CONFIRM_LINK_NOT_VALID });
    return { ok: true };
  });

  const unsubscribeOp: FastifySchema = {
    operationId: "unsubscribe",
    summary: "The unsubscribe page's button (idempotent, token-bound)",
    tags: ["newsletter"],
    security: PUBLIC,
    body: NewsletterTokenSchema,
    response: { 200: OkSchema, ...errors(400, 403, 404, 415, 429) },
  };
  app.post("/api/newsletter/unsubscribe", { preValidation: limit, validatorCompiler: documentOnly, schema: unsubscribeOp }, async (req, reply) => {
    const { token } = NewsletterTokenSchema.parse(body(req));
    if (!(await unsubscribe(ctx, token))) return reply.code(404).send({ message: UNSUBSCRIBE_LINK_NOT_VALID });
    return { ok: true };
  });

  // The pages the e-mails link to. A GET only reads: mail scanners open every link.
  app.get("/newsletter/confirm", { schema: HIDDEN }, async (req, reply) => {
    const token = linkToken(req.query);
    const { email } = await tearoomContacts(ctx);
    return sendPage(reply, confirmPage((await isConfirmationPending(ctx, token)) ? token : null, email));
  });

  const unsubscribePageRoute = async (req: { query: unknown }, reply: FastifyReply) => {
    const token = linkToken(req.query);
    const { email } = await tearoomContacts(ctx);
    return sendPage(reply, unsubscribePage((await isUnsubscribeLink(ctx, token)) ? token : null, email));
  };
  app.get("/newsletter/unsubscribe", { schema: HIDDEN }, unsubscribePageRoute);
  await app.register(oneClickUnsubscribe, { ctx, limit });
  // The link of welcome e-mails sent before double opt-in: the same page, which no longer unsubscribes on opening.
  const unsubscribePageOp: FastifySchema = {
    operationId: "getUnsubscribePage",
    summary: "Unsubscribe link of welcome e-mails sent before double opt-in: the page with the button (a GET changes nothing)",
    tags: ["newsletter"],
    security: PUBLIC,
    querystring: LinkQuery,
    response: {
      200: ok(z.string(), "The page with the Unsubscribe button", "text/html"),
      404: ok(z.string(), "The page saying the link is not valid", "text/html"),
    },
  };
  // A bad or missing token is the page saying the link is not valid, never a 400.
  app.get("/api/newsletter/unsubscribe", { validatorCompiler: documentOnly, schema: unsubscribePageOp }, unsubscribePageRoute);

  app.get(NEWSLETTER_PAGE_JS, { schema: HIDDEN }, async (_req, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(PAGE_SCRIPT),
  );
  app.get(NEWSLETTER_PAGE_CSS, { schema: HIDDEN }, async (_req, reply) =>
    reply.type("text/css; charset=utf-8").header("cache-control", "no-cache").send(PAGE_CSS),
  );
}

const OneClickBody = z.object({ "List-Unsubscribe": z.literal("One-Click") }, { error: "Send List-Unsubscribe=One-Click (RFC 8058)." });

/**
 * RFC 8058 one-click unsubscribe (R39): the POST a mail program sends to the List-Unsubscribe
 * address, form-encoded. Its own scope, so no other route accepts a form body.
 */
async function oneClickUnsubscribe(app: FastifyInstance, { ctx, limit }: { ctx: AppContext; limit: ReturnType<typeof publicWriteLimit> }): Promise<void> {
  app.addContentTypeParser("application/x-www-form-urlencoded", { parseAs: "string", bodyLimit: 1024 }, (_req, text, done) => {
    done(null, Object.fromEntries(new URLSearchParams(text as string)));
  });
  const op: FastifySchema = {
    operationId: "unsubscribeOneClick",
    summary: "RFC 8058 one-click unsubscribe: the POST a mail program sends to the List-Unsubscribe address (form-encoded List-Unsubscribe=One-Click)",
    tags: ["newsletter"],
    security: PUBLIC,
    consumes: ["application/x-www-form-urlencoded"],
    querystring: z.object({ token: z.string().max(200) }),
    body: OneClickBody,
    response: { 200: OkSchema, ...errors(400, 403, 404, 415, 429) },
  };
  app.post(ONE_CLICK_UNSUBSCRIBE_PATH, { preValidation: limit, validatorCompiler: documentOnly, schema: op }, async (req, reply) => {
    const parsed = OneClickBody.safeParse(body(req));
    if (!parsed.success) return reply.code(400).send({ message: "Send List-Unsubscribe=One-Click (RFC 8058)." });
    if (!(await unsubscribe(ctx, linkToken(req.query)))) return reply.code(404).send({ message: UNSUBSCRIBE_LINK_NOT_VALID });
    return { ok: true };
  });
}
