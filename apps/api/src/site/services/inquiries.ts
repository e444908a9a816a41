import { type ContactMessage, type EnquiryType, type Inquiry, type InquiryListQuery, type InquiryStats, type ListPage } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { findInquiry, inquiryCounts, insertInquiry, listInquiries, resolveInquiry } from "../data/inquiries.js";
import type { InquiryRow } from "../../db/schema.js";
import { NotFoundError } from "../../errors.js";
import { enqueueMail } from "../../mail/outbox.js";
import { enquiryAcknowledgement, staffNewEnquiry } from "../../mail/messages/enquiries.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { tearoomContacts } from "./site.js";

export function toInquiry(row: InquiryRow): Inquiry {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    enquiryType: row.enquiry_type as EnquiryType,
    message: row.message,
    isResolved: row.is_resolved === 1,
    createdAt: row.created_at,
  };
}

/** Admin enquiries list: one page, unresolved first, newest first (or one side with `resolved`). */
export async function listInquiriesForAdmin(ctx: AppContext, q: InquiryListQuery): Promise<ListPage<Inquiry>> {
  const { rows, total } = await listInquiries(ctx.db, q.resolved, q.page, q.pageSize);
  return { items: rows.map(toInquiry), total, page: q.page, pageSize: q.pageSize };
}

/** The enquiries screen's counts. */
export async function inquiryStats(ctx: AppContext): Promise<InquiryStats> {
  const { resolved, unresolved } = await inquiryCounts(ctx.db);
  return { total: resolved + unresolved, resolved, unresolved };
}

/**
 * POST /api/contact: stores the enquiry and queues the acknowledgement and the staff notice in
 * the same transaction (R17). A filled honeypot (R5) is answered as a success and stores nothing.
 */
export async function submitEnquiry(ctx: AppContext, data: ContactMessage): Promise<{ id: number }> {
  if (data.website) {
    ctx.logger.info({ event: "honeypot", form: "contact" }, "honeypot filled; nothing stored");
    return { id: 0 };
  }
  const contacts = await tearoomContacts(ctx);
  return immediateTransaction(ctx.db, async (tx) => {
    const row = await insertInquiry(
      tx,
      { name: data.name, email: data.email, phone: data.phone ?? null, enquiry_type: data.enquiryType, message: data.message },
      ctx.now().toISOString(),
    );
    const inquiry = toInquiry(row);
    await enqueueMail(tx, enquiryAcknowledgement(inquiry, contacts));
    await enqueueMail(tx, staffNewEnquiry(inquiry, contacts));
    return { id: row.id };
  });
}

/** Unresolved → resolved, one way (spec section 4); resolving twice is harmless. */
export async function resolveEnquiry(ctx: AppContext, id: number, actor: Actor): Promise<Inquiry> {
  const now = ctx.now().toISOString();
  const row = await immediateTransaction(ctx.db, async (tx) => {
    const before = await findInquiry(tx, id);
    const resolved = before && (await resolveInquiry(tx, id, now));
    if (!before || !resolved) throw new NotFoundError(`Inquiry ${id} not found`);
    // Resolving twice changes nothing, so it records nothing.
    if (before.is_resolved === 0)
      await recordAudit(tx, {
        at: now,
        actor,
        action: "inquiry.resolve",
        subject: `Enquiry ${id}`,
        before: { isResolved: false },
        after: { isResolved: true },
      });
    return resolved;
  });
  return toInquiry(row);
}
