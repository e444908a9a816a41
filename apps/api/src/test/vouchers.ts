import type { DbOrTx } from "../db/database.js";

/** A £100 monetary voucher as fulfilment stores it (nothing spent), for tests that race spends of it. */
export async function insertHundredPoundVoucher(db: DbOrTx, v: { code: string; printToken: string; createdAt: string; expiryDate: string }): Promise<void> {
  await db
    .insertInto("gift_vouchers")
    .values({
      voucher_type: "monetary",
      voucher_code: v.code,
      price_text: "£100.00",
      price_pence: 10_000,
      people: null,
      recipient_name: "Grace Hopper",
      recipient_email: "grace@example.com",
      sender_name: "Ada Lovelace",
      sender_email: "ada@example.com",
      message: "",
      is_redeemed: 0,
      payment_reference: null,
      created_at: v.createdAt,
      expiry_date: v.expiryDate,
      remaining: 10_000,
      print_token: v.printToken,
    })
    .execute();
}
