import { randomBytes } from "node:crypto";
import { sha256Hex } from "../../sha256.js";
import { DEMO_STAFF, type AdminLogin, type StaffRole } from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { deleteSession, deleteStaleSessions, findSessionWithUser, findStaffUserByUsername, insertSession, touchSession } from "../data/staff.js";
import { TooManyRequestsError, UnauthorizedError } from "../../errors.js";
import { clientNetwork } from "../../client-key.js";
import { countAttempt, createLimiter, type Limiter } from "../../rate-limit.js";
import { dummyHash, scryptParams, verifyPassword } from "./passwords.js";

/** R1: a session ends after this long without a request… */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
/** …and this long after sign-in whatever happens. */
export const SESSION_ABSOLUTE_MS = 12 * 60 * 60 * 1000;
/** last_seen_at is written at most this often, not on every request. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * R25: failed sign-ins are counted per (username, address) and per address, never per username
 * alone, so a stranger guessing a username elsewhere cannot lock its owner out.
 */
export const LOGIN_LIMITS = { perPair: 5, perIp: 20, windowMs: 15 * 60 * 1000 } as const;

export const INVALID_LOGIN_MESSAGE = "Invalid username or password";
export const TOO_MANY_LOGINS_MESSAGE = "Too many failed sign-in attempts. Please wait a few minutes and try again.";

export interface StaffSession {
  userId: number;
  username: string;
  /** R40: only an owner manages accounts. */
  role: StaffRole;
  tokenHash: string;
}

interface LoginLimiters {
  ip: Limiter;
  pair: Limiter;
}

function limiters(ctx: AppContext): LoginLimiters {
  let l = ctx.cache.get("login-limiters") as LoginLimiters | undefined;
  if (!l) {
    l = {
      ip: createLimiter(ctx, "login-ip", LOGIN_LIMITS.perIp, LOGIN_LIMITS.windowMs),
      pair: createLimiter(ctx, "login-pair", LOGIN_LIMITS.perPair, LOGIN_LIMITS.windowMs),
    };
    ctx.cache.set("login-limiters", l);
  }
  return l;
}

/**
 * Checks the password and opens a new session with a fresh token (never reusing one the browser
 * brought). Failed attempts count per (username, address) and per address (R25); over either
 * limit nothing is checked. An attempt is counted before the slow password check, so guesses
 * sent all at once cannot all pass the limit while none of them has failed yet; a success gives
 * its count back.
 */
export async function login(ctx: AppContext, { username, password }: AdminLogin, ip: string): Promise<{ token: string; username: string; role: StaffRole }> {
  await ctx.staffReady;
  // An IPv6 client is its /64 network (R23's clientNetwork): changing address inside it is no new client.
  ip = clientNetwork(ip);
  const pairKey = `${username.toLowerCase()}\n${ip}`;
  const l = limiters(ctx);
  const blocked = await countAttempt([
    [l.ip, ip],
    [l.pair, pairKey],
  ]);
  if (blocked) throw new TooManyRequestsError(TOO_MANY_LOGINS_MESSAGE, blocked.retryAfterSeconds);
  const user = await findStaffUserByUsername(ctx.db, username);
  // An unknown username costs the same hash as a known one, so timing tells nothing.
  const ok = await verifyPassword(password, user?.password_hash ?? (await dummyHash(scryptParams(ctx.env.SCRYPT_COST))));
  if (!user || !ok) {
    ctx.logger.warn({ event: "login_failed" }, "staff sign-in failed");
    throw new UnauthorizedError(INVALID_LOGIN_MESSAGE);
  }
  await l.ip.release(ip);
  await l.pair.reset(pairKey);
  const token = randomBytes(32).toString("base64url");
  const now = ctx.now();
  await insertSession(ctx.db, {
    token_hash: sha256Hex(token),
    user_id: user.id,
    created_at: now.toISOString(),
    last_seen_at: now.toISOString(),
    expires_at: new Date(now.getTime() + SESSION_ABSOLUTE_MS).toISOString(),
  });
  await deleteStaleSessions(ctx.db, now.toISOString(), new Date(now.getTime() - SESSION_IDLE_MS).toISOString());
  ctx.logger.info({ event: "login", userId: user.id }, "staff signed in");
  return { token, username: user.username, role: user.role === "owner" ? "owner" : "staff" };
}

/**
 * R25 for a password proven outside sign-in (changing one's own): the attempt counts against the
 * same (username, address) and address limits as sign-in, so a session left open somewhere cannot
 * be used to guess the password behind it. Call `succeeded` once the password was right.
 */
export async function passwordAttempt(ctx: AppContext, username: string, ip: string): Promise<{ succeeded(): Promise<void> }> {
  const network = clientNetwork(ip);
  const pairKey = `${username.toLowerCase()}\n${network}`;
  const l = limiters(ctx);
  const blocked = await countAttempt([
    [l.ip, network],
    [l.pair, pairKey],
  ]);
  if (blocked) throw new TooManyRequestsError(TOO_MANY_LOGINS_MESSAGE, blocked.retryAfterSeconds);
  return {
    async succeeded() {
      await l.ip.release(network);
      await l.pair.reset(pairKey);
    },
  };
}

/** The live session for a cookie token, or null (unknown, idle too long, or past its absolute expiry). */
export async function findSession(ctx: AppContext, token: string | undefined): Promise<StaffSession | null> {
  if (!token || token.length > 200) return null;
  await ctx.staffReady;
  const tokenHash = sha256Hex(token);
  const row = await findSessionWithUser(ctx.db, tokenHash);
  if (!row) return null;
  const now = ctx.now().getTime();
  const lastSeen = Date.parse(row.last_seen_at);
  if (Date.parse(row.expires_at) <= now || lastSeen + SESSION_IDLE_MS <= now) {
    await deleteSession(ctx.db, tokenHash);
    return null;
  }
  if (now - lastSeen >= TOUCH_EVERY_MS) await touchSession(ctx.db, tokenHash, new Date(now).toISOString());
  return { userId: row.user_id, username: row.username, role: row.role === "owner" ? "owner" : "staff", tokenHash };
}

/** Revokes the session on the server, so the old cookie is worthless even if kept. */
export async function logout(ctx: AppContext, token: string | undefined): Promise<void> {
  if (token && token.length <= 200) await deleteSession(ctx.db, sha256Hex(token));
}

/** R2: the login page shows the demo pair only on the embedded default. */
export function demoHint(ctx: AppContext): { username: string; password: string } | null {
  if (ctx.env.isProduction || ctx.env.ADMIN_USERNAME) return null;
  return { ...DEMO_STAFF };
}
