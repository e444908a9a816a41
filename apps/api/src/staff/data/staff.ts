import type { DbOrTx } from "../../db/database.js";
import type { StaffSessionRow, StaffUserRow } from "../../db/schema.js";

/** Staff accounts and their server-side sessions (R1). Tokens are stored only as sha256 hashes. */

export async function findStaffUserByUsername(db: DbOrTx, username: string): Promise<StaffUserRow | undefined> {
  return db.selectFrom("staff_users").selectAll().where("username", "=", username).executeTakeFirst();
}

export async function findStaffUserById(db: DbOrTx, id: number): Promise<StaffUserRow | undefined> {
  return db.selectFrom("staff_users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertStaffUser(db: DbOrTx, row: { username: string; password_hash: string; created_at: string; role?: string }): Promise<number> {
  // RETURNING rather than insertId, which PostgreSQL does not report.
  const result = await db.insertInto("staff_users").values(row).returning("id").executeTakeFirstOrThrow();
  return Number(result.id);
}

export async function listStaffUsers(db: DbOrTx): Promise<StaffUserRow[]> {
  return db.selectFrom("staff_users").selectAll().orderBy("id").execute();
}

/** Removes an account; its sessions go with it (ON DELETE CASCADE). */
export async function deleteStaffUser(db: DbOrTx, id: number): Promise<void> {
  await db.deleteFrom("staff_users").where("id", "=", id).execute();
}

export async function setStaffRole(db: DbOrTx, id: number, role: string): Promise<void> {
  await db.updateTable("staff_users").set({ role }).where("id", "=", id).execute();
}

export async function setStaffEmail(db: DbOrTx, id: number, email: string | null): Promise<void> {
  await db.updateTable("staff_users").set({ email }).where("id", "=", id).execute();
}

export async function countOwners(db: DbOrTx): Promise<number> {
  const row = await db
    .selectFrom("staff_users")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("role", "=", "owner")
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Signs an account out everywhere, or everywhere but the session `keepTokenHash`. */
export async function deleteSessionsOfUser(db: DbOrTx, userId: number, keepTokenHash?: string): Promise<void> {
  let query = db.deleteFrom("staff_sessions").where("user_id", "=", userId);
  if (keepTokenHash) query = query.where("token_hash", "!=", keepTokenHash);
  await query.execute();
}

export async function updateStaffPassword(db: DbOrTx, id: number, passwordHash: string): Promise<void> {
  await db.updateTable("staff_users").set({ password_hash: passwordHash }).where("id", "=", id).execute();
}

export async function insertSession(db: DbOrTx, row: StaffSessionRow): Promise<void> {
  await db.insertInto("staff_sessions").values(row).execute();
}

export async function findSessionWithUser(db: DbOrTx, tokenHash: string): Promise<(StaffSessionRow & { username: string; role: string }) | undefined> {
  return db
    .selectFrom("staff_sessions")
    .innerJoin("staff_users", "staff_users.id", "staff_sessions.user_id")
    .select([
      "staff_sessions.token_hash",
      "staff_sessions.user_id",
      "staff_sessions.created_at",
      "staff_sessions.last_seen_at",
      "staff_sessions.expires_at",
      "staff_users.username",
      "staff_users.role",
    ])
    .where("staff_sessions.token_hash", "=", tokenHash)
    .executeTakeFirst();
}

export async function touchSession(db: DbOrTx, tokenHash: string, lastSeenAt: string): Promise<void> {
  await db.updateTable("staff_sessions").set({ last_seen_at: lastSeenAt }).where("token_hash", "=", tokenHash).execute();
}

export async function deleteSession(db: DbOrTx, tokenHash: string): Promise<void> {
  await db.deleteFrom("staff_sessions").where("token_hash", "=", tokenHash).execute();
}

/** Removes sessions past their absolute expiry or idle since `idleBefore`. */
export async function deleteStaleSessions(db: DbOrTx, nowIso: string, idleBefore: string): Promise<void> {
  await db
    .deleteFrom("staff_sessions")
    .where((eb) => eb.or([eb("expires_at", "<=", nowIso), eb("last_seen_at", "<", idleBefore)]))
    .execute();
}
