import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { Semaphore } from "../../services/semaphore.js";

/**
 * Password hashing with scrypt at OWASP's recommended cost (N=2^17, r=8, p=1; 128 MiB per hash).
 * The parameters are stored with the hash so they can be raised later without breaking logins.
 */
export interface ScryptCost {
  N: number;
  r: number;
  p: number;
}
/** log2 of OWASP's N: the cost production must use (env.ts refuses less there). */
export const OWASP_SCRYPT_COST = 17;
/** scrypt's parameters for N = 2^`cost`; only tests lower it (SCRYPT_COST), to hash in a millisecond. */
export const scryptParams = (cost: number = OWASP_SCRYPT_COST): ScryptCost => ({ N: 2 ** cost, r: 8, p: 1 });
const KEY_LENGTH = 64;

/**
 * Hashes computed at once, at most. Each takes 128 MiB and one of libuv's four threads, which also
 * read the files the public site is served from: sign-in attempts from many addresses queue here
 * instead of taking every thread and half a gigabyte.
 */
export const HASHES_AT_ONCE = 2;
const hashing = new Semaphore(HASHES_AT_ONCE);

function derive(password: string, salt: Buffer, params: ScryptCost): Promise<Buffer> {
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r + 1024 * 1024 };
  return hashing.run(
    () =>
      new Promise((resolve, reject) => {
        scrypt(password.normalize("NFKC"), salt, KEY_LENGTH, options, (err, key) => (err ? reject(err) : resolve(key)));
      }),
  );
}

/** "scrypt$N$r$p$salt$hash" (base64url parts). */
export async function hashPassword(password: string, params: ScryptCost = scryptParams()): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await derive(password, Buffer.from(salt, "base64url"), { N: Number(n), r: Number(r), p: Number(p) });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

const dummies = new Map<number, Promise<string>>();
/** A hash at the accounts' cost to verify against when the username is unknown, so both cases take the same time. */
export function dummyHash(params: ScryptCost = scryptParams()): Promise<string> {
  let dummy = dummies.get(params.N);
  if (!dummy) dummies.set(params.N, (dummy = hashPassword(randomBytes(16).toString("hex"), params)));
  return dummy;
}
