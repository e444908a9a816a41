import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { outboxBacklog, writeServiceProbe } from "../db/repositories/service-health.js";
import { storageFailures, storageProblem } from "../db/storage-errors.js";
import { errors, ok, PUBLIC } from "../rest/openapi.js";

export const HealthSchema = z.object({
  status: z.enum(["ok", "failing"]),
  database: z.enum(["ok", "failing"]),
  reason: z
    .enum(["full disk", "read-only", "disk error", "unreachable", "out of resources", "busy", "error"])
    .optional()
    .describe("Why the database is failing (only when it is)"),
  outbox: z
    .object({
      queued: z.number().int().describe("E-mails waiting to be sent"),
      oldestSeconds: z.number().int().describe("How long the oldest of them has waited; 0 when none waits"),
    })
    .nullable()
    .describe("Null when the database cannot be read"),
});
export type Health = z.infer<typeof HealthSchema>;
type Reason = NonNullable<Health["reason"]>;

/** How long an answer is kept: a load balancer asks every few seconds, and several may ask. */
const ANSWER_FOR_MS = 1_000;
/** While all is well the database is written to at most this often. */
const PROBE_EVERY_MS = 5_000;

export interface HealthCheck {
  /** The state of the service, at most ANSWER_FOR_MS old. */
  check(): Promise<Health>;
}

/**
 * R41: whether the database can store anything, and the e-mails waiting. A full disk or a
 * read-only file still answers reads, so only a write tells: the probe rewrites one row of its
 * own (migration 020). It runs at most every PROBE_EVERY_MS while all is well, so a disk that
 * filled or a file that turned read-only while no guest was writing is reported within seconds,
 * for the cost of one tiny write per interval; and at every answer while the last probe failed or
 * once a request has met a storage failure since (db/storage-errors.ts), so that the failure is
 * reported at once and the recovery as soon as a write succeeds again, without a restart. The
 * answer is kept for a second, since a load balancer asks every few seconds and the outbox is
 * counted each time.
 */
export function healthCheck(ctx: AppContext): HealthCheck {
  let answer: { at: number; failures: number; value: Promise<Health> } | null = null;
  let probe: { at: number; failuresSeen: number; reason: Reason | null } | null = null;

  async function probeDatabase(): Promise<Reason | null> {
    const failures = storageFailures(ctx);
    const now = performance.now();
    if (probe && probe.reason === null && probe.failuresSeen === failures && now - probe.at < PROBE_EVERY_MS) return null;
    let reason: Reason | null = null;
    try {
      await writeServiceProbe(ctx.db, new Date().toISOString());
    } catch (err) {
      reason = storageProblem(err) ?? "error";
      if (probe?.reason !== reason) ctx.logger.error({ event: "database-failing", reason, err }, "the database cannot store anything");
    }
    if (reason === null && probe?.reason) ctx.logger.info({ event: "database-recovered" }, "the database stores again");
    probe = { at: now, failuresSeen: failures, reason };
    return reason;
  }

  async function measure(): Promise<Health> {
    let reason = await probeDatabase();
    let outbox: Health["outbox"] = null;
    try {
      const { queued, oldestQueuedAt } = await outboxBacklog(ctx.db);
      const waited = oldestQueuedAt ? (ctx.now().getTime() - Date.parse(oldestQueuedAt)) / 1000 : 0;
      outbox = { queued, oldestSeconds: Math.max(0, Math.floor(waited)) };
    } catch (err) {
      reason ??= storageProblem(err) ?? "error";
    }
    return reason === null ? { status: "ok", database: "ok", outbox } : { status: "failing", database: "failing", reason, outbox };
  }

  return {
    check() {
      const now = performance.now();
      // A storage failure a request has met since is never hidden behind the answer kept.
      const failures = storageFailures(ctx);
      if (!answer || now - answer.at >= ANSWER_FOR_MS || answer.failures !== failures) answer = { at: now, failures, value: measure() };
      return answer.value;
    },
  };
}

/** GET /healthz: 200 while the service can take bookings, 503 (with what fails) when it cannot. */
export async function healthRoutes(app: FastifyInstance, { health }: { health: HealthCheck }): Promise<void> {
  app.get(
    "/healthz",
    {
      schema: {
        operationId: "getHealth",
        summary: "Health: whether the database can store anything, and the e-mails waiting (R41)",
        tags: ["service"],
        security: PUBLIC,
        response: {
          200: ok(HealthSchema, "The service can take bookings"),
          503: ok(HealthSchema, "The database cannot store anything just now (a full disk, a read-only database, unreachable)"),
          ...errors(),
        },
      },
    },
    async (_req, reply) => {
      const state = await health.check();
      return reply
        .code(state.status === "ok" ? 200 : 503)
        .header("cache-control", "no-store")
        .send(state);
    },
  );
}
