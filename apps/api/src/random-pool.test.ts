import { VOUCHER_CODE_ALPHABET } from "@tearoom/domain";
import { describe, expect, it } from "vitest";
import { randomBytesPooled } from "./random-pool.js";
import { newReference } from "./bookings/services/booking-reference.js";
import { newManageToken } from "./bookings/services/manage-token.js";

describe("random bytes from the pool", () => {
  it("gives each caller bytes of its own, across refills, never the same draw twice", () => {
    const draws = Array.from({ length: 300 }, () => randomBytesPooled(32));
    // 300 × 32 bytes is more than two fills of the 4 KiB pool.
    expect(new Set(draws.map((b) => b.toString("hex"))).size).toBe(300);
    expect(draws.every((b) => b.length === 32)).toBe(true);
    // A draw is a copy: neither its holder nor the pool's refills change another's bytes.
    const second = Buffer.from(draws[1]!);
    draws[0]!.fill(0);
    randomBytesPooled(4096);
    expect(draws[1]!.equals(second)).toBe(true);
  });

  it("makes references and manage tokens of the promised form, all different", () => {
    const references = Array.from({ length: 1000 }, newReference);
    const form = new RegExp(`^TR-[${VOUCHER_CODE_ALPHABET}]{6}$`);
    expect(references.every((r) => form.test(r))).toBe(true);
    expect(new Set(references).size).toBeGreaterThan(995);
    const tokens = Array.from({ length: 200 }, () => newManageToken());
    expect(tokens.every((t) => /^[A-Za-z0-9_-]{43}$/.test(t.token) && /^[0-9a-f]{64}$/.test(t.hash))).toBe(true);
    expect(new Set(tokens.map((t) => t.token)).size).toBe(200);
  });
});
