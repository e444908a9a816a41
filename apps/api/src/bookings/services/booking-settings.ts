import {
  BookingSettingCreateSchema,
  checkSettingChange,
  settingDefinition,
  unknownSettingMessage,
  type BookingSetting,
  type BookingSettingCreate,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction, type DbOrTx } from "../../db/database.js";
import {
  deleteBookingSetting,
  findBookingSetting,
  insertBookingSetting,
  listBookingSettings,
  updateBookingSettingValue,
  type BookingSettingValues,
} from "../data/booking-settings.js";
import type { BookingSettingRow } from "../../db/schema.js";
import { settingsStamp } from "../../db/pg/settings-stamp.js";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";

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
  stamps.set(map, settingsStamp(rows));
  ctx.cache.set(CACHE_KEY, map);
  return map;
}

const stamps = new WeakMap<object, string>();

/**
 * The stamp of a map `getSettingsMap` gave: a booking checked against it carries it to its write,
 * which on PostgreSQL refuses it if the settings have changed since (decision 021).
 */
export const settingsStampOf = (map: Record<string, string>): string | undefined => stamps.get(map);

function invalidate(ctx: AppContext): void {
  ctx.cache.delete(CACHE_KEY);
}

/** For a service that writes booking settings itself (closures, R32): the kept map is stale. */
export const invalidateSettings = invalidate;

export async function listSettings(ctx: AppContext): Promise<BookingSetting[]> {
  return (await listBookingSettings(ctx.db)).map(toBookingSetting);
}

async function storedMap(db: DbOrTx): Promise<Record<string, string>> {
  return Object.fromEntries((await listBookingSettings(db)).map((r) => [r.setting_key, r.setting_value]));
}

/** Refuses (400) a change that R33 does not allow: an unknown key, a bad value, or settings that would contradict each other. */
async function refuseBadChange(db: DbOrTx, key: string, value: string | null, field: string): Promise<void> {
  const problem = checkSettingChange(await storedMap(db), key, value, field);
  if (problem) throw new BadRequestError(problem);
}

/** R40: what the record keeps of a setting. */
const state = (row: BookingSettingRow) => ({ value: row.setting_value });
const subject = (key: string) => `Setting ${key}`;

// Each change reads the other settings, then writes: under BEGIN IMMEDIATE (decision 002), so two
// staff changing opening and closing at once cannot together store a contradiction. Each change
// and its audit record (R40) commit together.

/** Stores a known setting that has no row yet (every known key is seeded, so rarely needed). */
export async function createSetting(ctx: AppContext, input: BookingSettingCreate, actor: Actor): Promise<BookingSetting> {
  const data = BookingSettingCreateSchema.parse(input);
  const now = ctx.now().toISOString();
  const row = await immediateTransaction(ctx.db, async (tx) => {
    await refuseBadChange(tx, data.settingKey, data.settingValue, "settingKey");
    if (await findBookingSetting(tx, data.settingKey)) throw new ConflictError(`settingKey: ${data.settingKey} already exists; edit its value instead`);
    const created = await insertBookingSetting(tx, {
      setting_key: data.settingKey,
      setting_value: data.settingValue,
      description: data.description || settingDefinition(data.settingKey)?.description || null,
      updated_at: now,
    });
    await recordAudit(tx, { at: now, actor, action: "setting.create", subject: subject(data.settingKey), before: null, after: state(created) });
    return created;
  });
  invalidate(ctx);
  return toBookingSetting(row);
}

export async function updateSetting(ctx: AppContext, key: string, value: string, actor: Actor): Promise<BookingSetting> {
  const trimmed = value.trim();
  if (!trimmed) throw new BadRequestError("value: Value is required");
  const now = ctx.now().toISOString();
  const row = await immediateTransaction(ctx.db, async (tx) => {
    await refuseBadChange(tx, key, trimmed, "key");
    const before = await findBookingSetting(tx, key);
    const updated = before && (await updateBookingSettingValue(tx, key, { setting_value: trimmed }, now));
    if (!before || !updated) throw new NotFoundError(`Booking setting ${key} not found`);
    await recordAudit(tx, { at: now, actor, action: "setting.update", subject: subject(key), before: state(before), after: state(updated) });
    return updated;
  });
  invalidate(ctx);
  return toBookingSetting(row);
}

/**
 * "Deleting" a known setting puts back its default value and description: the row stays, so the
 * list always shows the value in force (R33). A stored key the site does not know (left from
 * before R33) is removed; any other unknown key is a 400.
 */
export async function removeSetting(ctx: AppContext, key: string, actor: Actor): Promise<BookingSetting | null> {
  const now = ctx.now().toISOString();
  const result = await immediateTransaction(ctx.db, async (tx) => {
    const def = settingDefinition(key);
    const before = await findBookingSetting(tx, key);
    if (!def) {
      if (!before || !(await deleteBookingSetting(tx, key))) throw new BadRequestError(unknownSettingMessage("key", key));
      await recordAudit(tx, { at: now, actor, action: "setting.delete", subject: subject(key), before: state(before), after: null });
      return null;
    }
    await refuseBadChange(tx, key, null, "key");
    const reset = { setting_value: def.value, description: def.description } satisfies BookingSettingValues;
    const after = (await updateBookingSettingValue(tx, key, reset, now)) ?? (await insertBookingSetting(tx, { setting_key: key, ...reset, updated_at: now }));
    await recordAudit(tx, { at: now, actor, action: "setting.delete", subject: subject(key), before: before ? state(before) : null, after: state(after) });
    return after;
  });
  invalidate(ctx);
  return result && toBookingSetting(result);
}
