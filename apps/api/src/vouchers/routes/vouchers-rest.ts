import {
  describeZodError,
  londonNow,
  UNKNOWN_VOUCHER_MESSAGE,
  VoucherBalanceQuerySchema,
  VoucherBalanceSchema,
  VoucherQuoteQuerySchema,
  VoucherQuoteSchema,
  voucherStatusOf,
  type VoucherType,
} from "@tearoom/domain";
import type { FastifyInstance, FastifySchema } from "fastify";
import { z } from "zod";
import type { AppContext } from "../../context.js";
import { findGiftVoucherByPrintToken } from "../data/gift-vouchers.js";
import { findDemoPaymentIds } from "../../payments/data/payments.js";
import { WRONG_CODE_LIMIT_MESSAGE, wrongCodeLimiter } from "../../http/wrong-code-limit.js";
import { tearoomContacts } from "../../site/services/site.js";
import { getPricingItemsCached } from "../../site/services/pricing.js";
import { quoteTeaVoucher } from "../services/tea-vouchers.js";
import { BadRequestError } from "../../errors.js";
import { PRINT_TOKEN_PATTERN } from "../services/voucher-print-token.js";
import { VOUCHER_NOT_FOUND, voucherBalance } from "../services/vouchers.js";
import { documentOnly, errors, HIDDEN, ok, PUBLIC } from "../../rest/openapi.js";
import { printableVoucherPage, VOUCHER_PRINT_JS, VOUCHER_PRINT_SCRIPT, voucherLinkNotValid } from "./voucher-print-page.js";

const PrintQuery = z.object({ token: z.string().optional() });

/** The public voucher routes (R35, R36): the balance check on /gift-vouchers, the tea form's voucher quote and the printable voucher. */
export async function voucherRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }): Promise<void> {
  const limiter = wrongCodeLimiter(ctx);

  const balance: FastifySchema = {
    operationId: "checkVoucherBalance",
    summary: `What a voucher code has left (type, balance or people, expiry, status), nothing personal. 10 wrong codes an hour per client address; then 429 for every check until the hour is up.`,
    tags: ["site"],
    security: PUBLIC,
    querystring: VoucherBalanceQuerySchema,
    response: { 200: VoucherBalanceSchema, ...errors(400, 404, 429) },
  };
  // The handler parses, after the throttle: a client over its limit is refused whatever it sends.
  app.get("/api/voucher-balance", { validatorCompiler: documentOnly, schema: balance }, async (req, reply) => {
    reply.header("cache-control", "no-store");
    const wait = await limiter.blocked(req.ip);
    if (wait !== null) return reply.code(429).header("retry-after", String(wait)).send({ message: WRONG_CODE_LIMIT_MESSAGE });
    const { code } = VoucherBalanceQuerySchema.parse(req.query);
    const found = await voucherBalance(ctx, code);
    if (found) return found;
    const over = await limiter.wrong(req.ip);
    if (over !== null) return reply.code(429).header("retry-after", String(over)).send({ message: WRONG_CODE_LIMIT_MESSAGE });
    return reply.code(404).send({ message: VOUCHER_NOT_FOUND });
  });

  const quote: FastifySchema = {
    operationId: "quoteVoucherForTea",
    summary:
      "R36: what a gift voucher would pay of an afternoon tea now (live reservations held back) and what is left to pay by card; nothing personal. 400: a picnic hamper voucher or bad input; 404: no such code; 409: expired or nothing left. Wrong codes count with /api/voucher-balance's (10 an hour, then 429).",
    tags: ["site"],
    security: PUBLIC,
    querystring: VoucherQuoteQuerySchema,
    response: { 200: VoucherQuoteSchema, ...errors(400, 404, 409, 429) },
  };
  app.get("/api/voucher-quote", { validatorCompiler: documentOnly, schema: quote }, async (req, reply) => {
    reply.header("cache-control", "no-store");
    const wait = await limiter.blocked(req.ip);
    if (wait !== null) return reply.code(429).header("retry-after", String(wait)).send({ message: WRONG_CODE_LIMIT_MESSAGE });
    const parsed = VoucherQuoteQuerySchema.safeParse(req.query);
    if (!parsed.success) throw new BadRequestError(describeZodError(parsed.error));
    const { code, teaType, guests } = parsed.data;
    const found = await quoteTeaVoucher(ctx, code, teaType, guests, await getPricingItemsCached(ctx));
    if (found) return found;
    const over = await limiter.wrong(req.ip);
    if (over !== null) return reply.code(429).header("retry-after", String(over)).send({ message: WRONG_CODE_LIMIT_MESSAGE });
    return reply.code(404).send({ message: UNKNOWN_VOUCHER_MESSAGE });
  });

  const printOp: FastifySchema = {
    operationId: "getPrintableVoucher",
    summary: "The printable gift voucher the voucher e-mail links to (token from the e-mail, never the code; decision 015)",
    tags: ["site"],
    security: PUBLIC,
    querystring: PrintQuery,
    response: {
      200: ok(z.string(), "The voucher, laid out for A5 or A4", "text/html"),
      404: ok(z.string(), "The page saying the link is not valid", "text/html"),
    },
  };
  app.get("/voucher/print", { validatorCompiler: documentOnly, schema: printOp }, async (req, reply) => {
    const token = (req.query as { token?: unknown }).token;
    const contacts = await tearoomContacts(ctx);
    const row = typeof token === "string" && PRINT_TOKEN_PATTERN.test(token) ? await findGiftVoucherByPrintToken(ctx.db, token) : undefined;
    let page = voucherLinkNotValid(contacts);
    if (row) {
      const testPayment = row.payment_reference !== null && (await findDemoPaymentIds(ctx.db, [row.payment_reference])).has(row.payment_reference);
      page = printableVoucherPage(
        {
          voucherType: row.voucher_type as VoucherType,
          voucherCode: row.voucher_code,
          price: row.price_text,
          people: row.people,
          pricePence: row.price_pence,
          remaining: row.remaining,
          recipientName: row.recipient_name,
          senderName: row.sender_name,
          message: row.message,
          expiryDate: row.expiry_date,
          status: voucherStatusOf(row.remaining, row.expiry_date, londonNow(ctx.now()).date),
          testPayment,
        },
        contacts,
      );
    }
    // The link is a bearer secret: never cached, never sent on as a referrer, never indexed.
    return reply
      .code(page.status)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("referrer-policy", "no-referrer")
      .header("x-robots-tag", "noindex")
      .send(page.html);
  });

  app.get(VOUCHER_PRINT_JS, { schema: HIDDEN }, async (_req, reply) =>
    reply.type("text/javascript; charset=utf-8").header("cache-control", "no-cache").send(VOUCHER_PRINT_SCRIPT),
  );
}
