import type { FastifySchema } from "fastify";
import { errors, STAFF } from "./openapi.js";

/**
 * The route `schema` of a staff-only operation written by hand (a file to download, say): cookie
 * security, and 401 among its answers. The admin's own operations are procedures (routers/),
 * served at their REST paths by procedure-routes.ts.
 */
export function staffOp(
  operationId: string,
  tag: string,
  summary: string,
  parts: Record<string, unknown>,
  success: Record<number, unknown>,
  statuses: number[] = [],
): FastifySchema {
  return { operationId, summary, tags: [tag], security: STAFF, ...parts, response: { ...success, ...errors(401, ...statuses) } };
}
