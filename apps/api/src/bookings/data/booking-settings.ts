import { type DbOrTx } from "../../db/database.js";
import type { BookingSettingRow } from "../../db/schema.js";

/** The query of `listBookingSettings` (see vouchers/data/gift-vouchers.ts `giftVoucherByCodeQuery`). */
export const bookingSettingsQuery = (db: DbOrTx) => db.selectFrom("booking_settings").selectAll().orderBy("setting_key");

export async function listBookingSettings(db: DbOrTx): Promise<BookingSettingRow[]> {
  return bookingSettingsQuery(db).execute();
}

export async function findBookingSetting(db: DbOrTx, key: string): Promise<BookingSettingRow | undefined> {
  return db.selectFrom("booking_settings").selectAll().where("setting_key", "=", key).executeTakeFirst();
}

export async function insertBookingSetting(db: DbOrTx, row: BookingSettingRow): Promise<BookingSettingRow> {
  return db.insertInto("booking_settings").values(row).returningAll().executeTakeFirstOrThrow();
}

/** Inserts settings that are not there yet, leaving existing values alone (seeding). */
export async function insertMissingBookingSettings(db: DbOrTx, rows: BookingSettingRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("booking_settings")
    .values(rows)
    .onConflict((oc) => oc.column("setting_key").doNothing())
    .execute();
}

export type BookingSettingValues = Partial<Pick<BookingSettingRow, "setting_value" | "description">>;

export async function updateBookingSettingValue(db: DbOrTx, key: string, values: BookingSettingValues, now: string): Promise<BookingSettingRow | undefined> {
  return db
    .updateTable("booking_settings")
    .set({ ...values, updated_at: now })
    .where("setting_key", "=", key)
    .returningAll()
    .executeTakeFirst();
}

export async function deleteBookingSetting(db: DbOrTx, key: string): Promise<boolean> {
  const result = await db.deleteFrom("booking_settings").where("setting_key", "=", key).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Stores a setting's value, creating its row when it is not there (a deleted known setting). */
export async function upsertBookingSetting(db: DbOrTx, row: BookingSettingRow): Promise<BookingSettingRow> {
  return db
    .insertInto("booking_settings")
    .values(row)
    .onConflict((oc) => oc.column("setting_key").doUpdateSet({ setting_value: row.setting_value, updated_at: row.updated_at }))
    .returningAll()
    .executeTakeFirstOrThrow();
}
