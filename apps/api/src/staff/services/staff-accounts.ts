import { type PasswordChange, type PasswordReset, type StaffRole, type StaffUser, type StaffUserCreateSchema } from "@tearoom/domain";
import { sql } from "kysely";
import type { z } from "zod";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import {
  countOwners,
  deleteSessionsOfUser,
  deleteStaffUser,
  findStaffUserById,
  insertStaffUser,
  listStaffUsers,
  setStaffEmail,
  updateStaffPassword,
} from "../data/staff.js";
import type { StaffUserRow } from "../../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { recordAudit } from "./audit.js";
import { passwordAttempt, type StaffSession } from "./auth.js";
import { hashPassword, scryptParams, verifyPassword } from "./passwords.js";

/** R40: the owner adds and removes staff accounts and resets their passwords; everyone changes their own. */

export const OWNER_ONLY_MESSAGE = "Only the owner can manage staff accounts.";
export const WRONG_CURRENT_PASSWORD_MESSAGE = "currentPassword: Your current password is not right";

export function toStaffUser(row: StaffUserRow): StaffUser {
  return { id: row.id, username: row.username, role: row.role === "owner" ? "owner" : "staff", createdAt: row.created_at, email: row.email ?? null };
}

/** What the record keeps of an account: never its password or hash. */
const accountState = (user: { username: string; role: StaffRole }) => ({ username: user.username, role: user.role });

async function existingAccount(ctx: AppContext, id: number): Promise<StaffUserRow> {
  const row = await findStaffUserById(ctx.db, id);
  if (!row) throw new NotFoundError(`Staff account ${id} not found`);
  return row;
}

/** Every staff account (the owner's view; the caller is checked at the edge, ownerProcedure). */
export async function listStaffAccounts(ctx: AppContext): Promise<StaffUser[]> {
  return (await listStaffUsers(ctx.db)).map(toStaffUser);
}

/** A new account as StaffUserCreateSchema parsed it (its defaults applied). */
export type StaffUserCreateRequest = z.output<typeof StaffUserCreateSchema>;

export async function createStaffAccount(ctx: AppContext, by: StaffSession, data: StaffUserCreateRequest): Promise<StaffUser> {
  // Hashed before the transaction: a scrypt takes a while, and the write lock should not wait for it.
  const hash = await hashPassword(data.password, scryptParams(ctx.env.SCRYPT_COST));
  const now = ctx.now().toISOString();
  return immediateTransaction(ctx.db, async (tx) => {
    // Sign-in matches usernames exactly; refusing names that differ only in case keeps people apart.
    const taken = await tx
      .selectFrom("staff_users")
      .select("username")
      .where(sql<string>`lower(username)`, "=", data.username.toLowerCase())
      .executeTakeFirst();
    if (taken) throw new ConflictError(`username: ${taken.username} already has an account`);
    const id = await insertStaffUser(tx, { username: data.username, password_hash: hash, created_at: now, role: data.role });
    const user: StaffUser = { id, username: data.username, role: data.role, createdAt: now, email: null };
    await recordAudit(tx, {
      at: now,
      actor: by.username,
      action: "account.create",
      subject: `Account ${user.username}`,
      before: null,
      after: accountState(user),
    });
    return user;
  });
}

export async function removeStaffAccount(ctx: AppContext, by: StaffSession, id: number): Promise<void> {
  if (id === by.userId) throw new ConflictError("You cannot remove your own account.");
  await immediateTransaction(ctx.db, async (tx) => {
    const row = await findStaffUserById(tx, id);
    if (!row) throw new NotFoundError(`Staff account ${id} not found`);
    const user = toStaffUser(row);
    if (user.role === "owner" && (await countOwners(tx)) <= 1) throw new ConflictError("The last owner's account cannot be removed.");
    // Its sessions go with it (ON DELETE CASCADE): it is signed out at once.
    await deleteStaffUser(tx, id);
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor: by.username,
      action: "account.delete",
      subject: `Account ${user.username}`,
      before: accountState(user),
      after: null,
    });
  });
}

/** R56: the owner gives an account the e-mail address its newsletter tests go to (null removes it). */
export async function setStaffAccountEmail(ctx: AppContext, by: StaffSession, id: number, email: string | null): Promise<StaffUser> {
  return immediateTransaction(ctx.db, async (tx) => {
    const row = await findStaffUserById(tx, id);
    if (!row) throw new NotFoundError(`Staff account ${id} not found`);
    await setStaffEmail(tx, id, email);
    // The record says that it changed, not to what: it keeps nobody's address (R39).
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor: by.username,
      action: "account.email",
      subject: `Account ${row.username}`,
      before: { hasEmail: row.email !== null },
      after: { hasEmail: email !== null },
    });
    return toStaffUser({ ...row, email });
  });
}

/** The owner sets another account's password; that account is signed out everywhere. */
export async function resetStaffPassword(ctx: AppContext, by: StaffSession, id: number, data: PasswordReset): Promise<StaffUser> {
  if (id === by.userId) throw new ConflictError("Change your own password with your current password (Change password).");
  const user = toStaffUser(await existingAccount(ctx, id));
  const hash = await hashPassword(data.password, scryptParams(ctx.env.SCRYPT_COST));
  await immediateTransaction(ctx.db, async (tx) => {
    if (!(await findStaffUserById(tx, id))) throw new NotFoundError(`Staff account ${id} not found`);
    await updateStaffPassword(tx, id, hash);
    await deleteSessionsOfUser(tx, id);
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor: by.username,
      action: "account.password-reset",
      subject: `Account ${user.username}`,
      before: null,
      after: null,
    });
  });
  return user;
}

/**
 * Anyone changes their own password, proving the current one (wrong guesses count as failed
 * sign-ins, R25); their other sessions end (a password changed because it leaked should lock out
 * whoever used it), this one stays.
 */
export async function changeOwnPassword(ctx: AppContext, session: StaffSession, data: PasswordChange, ip: string): Promise<void> {
  const row = await existingAccount(ctx, session.userId);
  const attempt = await passwordAttempt(ctx, session.username, ip);
  if (!(await verifyPassword(data.currentPassword, row.password_hash))) throw new BadRequestError(WRONG_CURRENT_PASSWORD_MESSAGE);
  await attempt.succeeded();
  if (data.currentPassword === data.newPassword) throw new BadRequestError("newPassword: Choose a password different from the current one");
  const hash = await hashPassword(data.newPassword, scryptParams(ctx.env.SCRYPT_COST));
  await immediateTransaction(ctx.db, async (tx) => {
    await updateStaffPassword(tx, session.userId, hash);
    await deleteSessionsOfUser(tx, session.userId, session.tokenHash);
    await recordAudit(tx, {
      at: ctx.now().toISOString(),
      actor: session.username,
      action: "account.password-change",
      subject: `Account ${session.username}`,
      before: null,
      after: null,
    });
  });
}
