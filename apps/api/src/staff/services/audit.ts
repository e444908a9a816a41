import { type AuditEvent, type AuditListQuery, type AuditState, type ListPage } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import type { DbOrTx } from "../../db/database.js";
import { insertAuditEvent, listAuditEvents } from "../data/audit-events.js";
import type { AuditEventRow, NewAuditEventRow } from "../../db/schema.js";

/**
 * R40: every staff change is an audit event: who, when, what, and the subject before → after.
 * A service records it with the same transaction as the change itself, so the change and its
 * record land together or not at all.
 */

/** Who made a change: the signed-in staff member's username (kept as text: the record outlives the account). */
export type Actor = string;

/** One change to record. Plain data, so it can cross to the writer thread inside a job. */
export interface AuditRecord {
  actor: Actor;
  /** `area.verb`, as named in the domain's AUDIT_ACTIONS. */
  action: string;
  /** What changed, readable on its own: "Pricing item 3 (Traditional Afternoon Tea)". */
  subject: string;
  /** The subject before and after as plain JSON objects; null where it did not exist. Never a password or its hash. */
  before: AuditState;
  after: AuditState;
  /** When; the caller's clock (ctx.now()) as ISO text. */
  at: string;
}

/** Fields that must never reach the record, whatever a caller passes in. */
const SECRET = /password|hash|token|secret/i;

function scrub(state: AuditState): string | null {
  if (state === null) return null;
  return JSON.stringify(Object.fromEntries(Object.entries(state).filter(([key]) => !SECRET.test(key))));
}

/** The row that keeps `record`, for a write that stores it beside others in one statement. */
export function auditEventRow(record: AuditRecord): NewAuditEventRow {
  return {
    at: record.at,
    actor: record.actor,
    action: record.action,
    subject: record.subject,
    before_json: scrub(record.before),
    after_json: scrub(record.after),
  };
}

/**
 * Records one staff change. Pass the transaction that makes the change (from
 * `immediateTransaction`), so the two commit together; `ctx.db` only for a change that is one
 * statement already committed.
 */
export async function recordAudit(db: DbOrTx, record: AuditRecord): Promise<void> {
  await insertAuditEvent(db, auditEventRow(record));
}

function toAuditEvent(row: AuditEventRow): AuditEvent {
  return {
    at: row.at,
    actor: row.actor,
    action: row.action,
    subject: row.subject,
    before: row.before_json === null ? null : (JSON.parse(row.before_json) as AuditState),
    after: row.after_json === null ? null : (JSON.parse(row.after_json) as AuditState),
  };
}

/** The Activity list: one page, newest first, filtered by actor and/or action. */
export async function listAudit(ctx: AppContext, q: AuditListQuery): Promise<ListPage<AuditEvent>> {
  const { rows, total } = await listAuditEvents(ctx.db, { actor: q.actor, action: q.action }, q.page, q.pageSize);
  return { items: rows.map(toAuditEvent), total, page: q.page, pageSize: q.pageSize };
}
