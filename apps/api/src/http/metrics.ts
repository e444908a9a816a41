import { createHash, timingSafeEqual } from "node:crypto";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { Counter, Gauge, Histogram, Registry } from "prom-client";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { errors, message, METRICS_AUTH, ok } from "../rest/openapi.js";
import { listenToOutcomes, type BookingOutcome, type PaymentOutcome } from "../services/outcomes.js";
import type { HealthCheck } from "./health.js";
import { routePattern } from "./request-log.js";

export interface MetricsOptions {
  ctx: AppContext;
  health: HealthCheck;
  /**
   * Seconds since the newest backup was taken, or null while there is none (app.ts gives the
   * nightly backups', backup/nightly.ts). Without it, or while it is null, `tearoom_backup_age_seconds`
   * has no value.
   */
  backupAgeSeconds?: () => number | null;
}

/** The methods a route answers (app.ts refuses the rest); anything else is one label, so a client cannot add series. */
const METHODS = new Set(["GET", "HEAD", "POST", "PATCH", "DELETE"]);

/** Seconds: from a cached page (a millisecond) to a payment provider's call. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * R42: the route's pattern (`/api/manage/:token`), never the path, which can carry a secret
 * token. Pages and files are served by path from the not-found handler: one label for all.
 */
function routeLabel(req: FastifyRequest): string {
  const pattern = routePattern(req);
  if (pattern) return pattern;
  return req.url === "/api" || req.url.startsWith("/api/") || req.url.startsWith("/api?") ? "unmatched" : "static";
}

/** `Authorization: Bearer <token>`, compared in constant time (both sides hashed first, so lengths match too). */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer[ ]+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  const digest = (value: string) => createHash("sha256").update(value).digest();
  return timingSafeEqual(digest(given), digest(token)) && given.length > 0;
}

/**
 * GET /metrics in Prometheus' text format, for a scraper holding METRICS_TOKEN; without that
 * variable there is no route and nothing is measured. Each app has a registry of its own, so
 * several apps in one process (the tests) never share a series.
 */
async function metricsPlugin(app: FastifyInstance, { ctx, health, backupAgeSeconds }: MetricsOptions): Promise<void> {
  const token = ctx.env.METRICS_TOKEN;
  if (!token) return;
  const registry = new Registry();

  const requests = new Histogram({
    name: "tearoom_http_request_duration_seconds",
    help: "Requests by method, route pattern and status, and how long they took",
    labelNames: ["method", "route", "status"] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook("onResponse", async (req, reply) => {
    requests.observe(
      { method: METHODS.has(req.method) ? req.method : "OTHER", route: routeLabel(req), status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
  });

  const bookings = new Counter({
    name: "tearoom_bookings_total",
    help: "Bookings asked for, by source (public, admin), the status asked for (pending, held, confirmed) and outcome (created, full, limited, warnings, refused, unavailable, failed)",
    labelNames: ["source", "status", "outcome"] as const,
    registers: [registry],
  });
  const payments = new Counter({
    name: "tearoom_payments_total",
    help: "Payments settled, by kind (afternoon-tea, voucher, tea-change) and outcome (fulfilled, needs-attention, failed: a seat hold released or an added guests' payment cancelled)",
    labelNames: ["kind", "outcome"] as const,
    registers: [registry],
  });
  listenToOutcomes(ctx, {
    booking: (source: string, status: string, outcome: BookingOutcome) => bookings.inc({ source, status, outcome }),
    payment: (kind: string, outcome: PaymentOutcome) => payments.inc({ kind, outcome }),
  });

  // Read at each scrape, from the health check's answer (at most a second old, http/health.ts).
  const databaseUp = new Gauge({
    name: "tearoom_database_writable",
    help: "1 while the database stores writes, 0 while it cannot (R41)",
    registers: [registry],
  });
  const queued = new Gauge({ name: "tearoom_outbox_queued", help: "E-mails waiting to be sent", registers: [registry] });
  const oldest = new Gauge({
    name: "tearoom_outbox_oldest_seconds",
    help: "How long the oldest waiting e-mail has waited; 0 when none waits",
    registers: [registry],
  });
  new Gauge({
    name: "tearoom_writer_queue_depth",
    help: "Writes handed to the writer and not yet committed: bookings, and on SQLite the outcomes of e-mails sent",
    registers: [registry],
    collect() {
      this.set(ctx.writer.queueDepth());
    },
  });
  new Gauge({
    name: "tearoom_backup_age_seconds",
    help: "Seconds since the newest nightly backup; no value while there is none (or on PostgreSQL)",
    registers: [registry],
    collect() {
      let age: number | null = null;
      try {
        age = backupAgeSeconds?.() ?? null;
      } catch (err) {
        ctx.logger.error({ err }, "the backup age could not be read");
      }
      if (age === null || !Number.isFinite(age)) this.remove();
      else this.set(age);
    },
  });

  const schema = {
    operationId: "getMetrics",
    summary: "Metrics in Prometheus' text format (only with METRICS_TOKEN)",
    tags: ["service"],
    security: METRICS_AUTH,
    response: {
      200: ok(z.string(), "Prometheus' text exposition format, version 0.0.4", "text/plain"),
      401: message("The metrics token is missing or wrong"),
      ...errors(),
    },
  };
  app.get("/metrics", { schema }, async (req, reply) => {
    reply.header("cache-control", "no-store");
    if (!bearerMatches(req.headers.authorization, token)) {
      return reply.code(401).header("www-authenticate", 'Bearer realm="metrics"').send({ message: "Send the metrics token as Authorization: Bearer <token>." });
    }
    const state = await health.check();
    databaseUp.set(state.database === "ok" ? 1 : 0);
    if (state.outbox) {
      queued.set(state.outbox.queued);
      oldest.set(state.outbox.oldestSeconds);
    } else {
      queued.remove();
      oldest.remove();
    }
    return reply.type(registry.contentType).send(await registry.metrics());
  });
}

/** Registered at the root (not in a scope of its own), so that its timing hook sees every route. */
export const metrics = Object.assign(metricsPlugin, { [Symbol.for("skip-override")]: true });
