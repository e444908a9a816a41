import { BookingSettingCreateSchema, checkSettingValue, KNOWN_SETTINGS, type BookingSetting, type BookingSettingCreate } from "@tearoom/domain";
import type { AppContext } from "../context.js";
import {
  deleteBookingSetting,
  findBookingSetting,
  insertBookingSetting,
  listBookingSettings,
  updateBookingSettingValue,
} from "../db/repositories/booking-settings.js";
import type { BookingSettingRow } from "../db/schema.js";
import { BadRequestError, ConflictError, NotFoundError } from "../errors.js";

const CACHE_KEY = "booking-settings";

function toBookingSetting(row: BookingSettingRow): BookingSetting {
  return { settingKey: row.setting_key, settingValue: row.setting_value, description: row.description, updatedAt: row.updated_at };
}

/**
 * The booking settings as a key → value map. Read on every availability request, so it is kept
 * in memory and dropped whenever a setting changes through this service.
 */
export async function getSettingsMap(ctx: AppContext): Promise<Record<string, string>> {
  const cached = ctx.cache.get(CACHE_KEY) as Record<string, string> | undefined;
  if (cached) return cached;
  const rows = await listBookingSettings(ctx.db);
  const map = Object.freeze(Object.fromEntries(rows.map((r) => [r.setting_key, r.setting_value]))) as Record<string, string>;
  ctx.cache.set(CACHE_KEY, map);
  return map;
}

function invalidate(ctx: AppContext): void {
  ctx.cache.delete(CACHE_KEY);
}

/** For a service that writes booking settings itself (closures, R32): the kept map is stale. */
export const invalidateSettings = invalidate;

export async function listSettings(ctx: AppContext): Promise<BookingSetting[]> {
  return (await listBookingSettings(ctx.db)).map(toBookingSetting);
}

export async function createSetting(ctx: AppContext, input: BookingSettingCreate): Promise<BookingSetting> {
  const data = BookingSettingCreateSchema.parse(input);
  const problem = checkSettingValue(data.settingKey, data.settingValue);
  if (problem) throw new BadRequestError(problem);
  if (await findBookingSetting(ctx.db, data.settingKey)) throw new ConflictError(`settingKey: ${data.settingKey} already exists; edit its value instead`);
  const known = (KNOWN_SETTINGS as Record<string, { description: string }>)[data.settingKey];
  const row = await insertBookingSetting(ctx.db, {
    setting_key: data.settingKey,
    setting_value: data.settingValue,
    description: data.description || known?.description || null,
    updated_at: ctx.now().toISOString(),
  });
  invalidate(ctx);
  return toBookingSetting(row);
}

export async function updateSetting(ctx: AppContext, key: string, value: string): Promise<BookingSetting> {
  const trimmed = value.trim();
  if (!trimmed) throw new BadRequestError("value: Value is required");
  const problem = checkSettingValue(key, trimmed);
  if (problem) throw new BadRequestError(problem);
  const row = await updateBookingSettingValue(ctx.db, key, trimmed, ctx.now().toISOString());
  if (!row) throw new NotFoundError(`Booking setting ${key} not found`);
  invalidate(ctx);
  return toBookingSetting(row);
}

/** Deletes a setting. A known key then falls back to its default value (and is re-seeded on the next start). */
export async function removeSetting(ctx: AppContext, key: string): Promise<void> {
  if (!(await deleteBookingSetting(ctx.db, key))) throw new NotFoundError(`Booking setting ${key} not found`);
  invalidate(ctx);
}
