import { randomFillSync } from "node:crypto";

// Drawn from a pool filled 4 KiB at once: one call into the system's random source for many
// references and tokens instead of one each, which under a rush of bookings was a cost of its own.
const pool = Buffer.alloc(4096);
let used = pool.length;

/** `size` (at most 4096) cryptographically random bytes, a copy of its own. */
export function randomBytesPooled(size: number): Buffer {
  if (used + size > pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  return Buffer.from(pool.subarray(used, (used += size)));
}
