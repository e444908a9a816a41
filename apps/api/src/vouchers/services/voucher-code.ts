import { randomBytes } from "node:crypto";
import { formatVoucherCode } from "@tearoom/domain";
import type { DbOrTx } from "../../db/database.js";
import { findGiftVoucherByCode } from "../data/gift-vouchers.js";

/** A voucher code nobody has: unguessable (crypto random) and easy to read; a collision just draws again. */
export async function freshVoucherCode(tx: DbOrTx): Promise<string> {
  for (let i = 0; i < 10; i++) {
    const code = formatVoucherCode(randomBytes(12));
    if (!(await findGiftVoucherByCode(tx, code))) return code;
  }
  throw new Error("could not draw an unused voucher code");
}
