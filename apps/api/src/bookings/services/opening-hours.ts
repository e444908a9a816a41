import {
  checkSettingValue,
  KNOWN_SETTINGS,
  openingHoursProblems,
  openingHoursValues,
  openingSeasons,
  seasonHoursText,
  weeklyHours,
  weekText,
  type OpeningHours,
} from "@tearoom/domain";
import type { AppContext } from "../../context.js";
import { immediateTransaction } from "../../db/database.js";
import { listBookingSettings, upsertBookingSetting } from "../data/booking-settings.js";
import { BadRequestError } from "../../errors.js";
import { recordAudit, type Actor } from "../../staff/services/audit.js";
import { getSettingsMap, invalidateSettings } from "./booking-settings.js";

// Opening hours (R45, decision 026) are three booking settings: open_days, weekly_hours and
// opening_seasons. This service reads and writes them together, so staff edit one week and its
// seasons while every older reader of open_days stays true.

const hoursOf = (settings: Record<string, string>): OpeningHours => ({ weekly: weeklyHours(settings), seasons: [...openingSeasons(settings)] });

/** GET /api/opening-hours: the usual week and the seasons in force. */
export async function getOpeningHours(ctx: AppContext): Promise<OpeningHours> {
  return hoursOf(await getSettingsMap(ctx));
}

/** R40: what the record keeps of the hours: in words, and the stored values. */
const state = (settings: Record<string, string>, values: Record<string, string>) => ({
  hours: weekText(weeklyHours(settings)),
  seasons: openingSeasons(settings).map(seasonHoursText).join("; ") || "None",
  ...values,
});

/**
 * PUT /api/opening-hours: stores the week and the seasons (R45), or refuses (400) naming each day
 * or season that is wrong, and nothing changes. Under BEGIN IMMEDIATE with its audit record (R40),
 * as a settings change is.
 */
export async function saveOpeningHours(ctx: AppContext, input: OpeningHours, actor: Actor): Promise<OpeningHours> {
  const now = ctx.now().toISOString();
  const saved = await immediateTransaction(ctx.db, async (tx) => {
    const stored = Object.fromEntries((await listBookingSettings(tx)).map((r) => [r.setting_key, r.setting_value]));
    const problems = openingHoursProblems(stored, input);
    if (problems.length) throw new BadRequestError(problems.join(" "));
    const values = openingHoursValues(stored, input);
    for (const [key, value] of Object.entries(values)) {
      const problem = checkSettingValue(key, value);
      if (problem) throw new BadRequestError(problem);
    }
    const next = { ...stored, ...values };
    const before = { open_days: stored.open_days ?? "", weekly_hours: stored.weekly_hours ?? "", opening_seasons: stored.opening_seasons ?? "" };
    if (Object.entries(values).every(([key, value]) => stored[key] === value)) return next;
    for (const [key, value] of Object.entries(values) as [keyof typeof values, string][]) {
      if (stored[key] === value) continue;
      await upsertBookingSetting(tx, { setting_key: key, setting_value: value, description: KNOWN_SETTINGS[key].description, updated_at: now });
    }
    await recordAudit(tx, { at: now, actor, action: "hours.update", subject: "Opening hours", before: state(stored, before), after: state(next, values) });
    return next;
  });
  invalidateSettings(ctx);
  return hoursOf(saved);
}
