// Loads @fastify/cookie's request/reply typings even when a client type-checks only the router types.
import type {} from "@fastify/cookie";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Env } from "../env.js";

/**
 * The staff session cookie (R1): HttpOnly, SameSite=Strict, host-only (no Domain), path /.
 * In production over HTTPS it is Secure and carries the __Host- prefix, which browsers only
 * accept from a secure origin without a Domain attribute.
 */
export function sessionCookieName(env: Env): string {
  return env.secureCookies ? "__Host-tearoom_session" : "tearoom_session";
}

export function readSessionToken(req: FastifyRequest, env: Env): string | undefined {
  return req.cookies?.[sessionCookieName(env)];
}

export function setSessionCookie(reply: FastifyReply, env: Env, token: string): void {
  reply.setCookie(sessionCookieName(env), token, { path: "/", httpOnly: true, sameSite: "strict", secure: env.secureCookies });
}

export function clearSessionCookie(reply: FastifyReply, env: Env): void {
  reply.clearCookie(sessionCookieName(env), { path: "/", httpOnly: true, sameSite: "strict", secure: env.secureCookies });
}
