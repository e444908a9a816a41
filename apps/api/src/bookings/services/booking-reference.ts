import { VOUCHER_CODE_ALPHABET } from "@tearoom/domain";
import { randomBytesPooled } from "../../random-pool.js";

/** A reference a visitor can read out on the phone: TR- and six unambiguous characters. */
export function newReference(): string {
  let out = "TR-";
  for (const byte of randomBytesPooled(6)) out += VOUCHER_CODE_ALPHABET[byte % VOUCHER_CODE_ALPHABET.length];
  return out;
}
