import { z } from "zod";

export const SETTING_KEY_MESSAGE = "Use snake_case: lower-case words joined by underscores, e.g. max_guests";
export const SettingKeySchema = z
  .string({ error: SETTING_KEY_MESSAGE })
  .trim()
  .regex(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/, { error: SETTING_KEY_MESSAGE })
  .max(60, { error: "Setting keys are at most 60 characters" });

const value = z.string({ error: "Value is required" }).trim().min(1, { error: "Value is required" }).max(2000);

/** POST /api/booking-settings. */
export const BookingSettingCreateSchema = z.object({
  settingKey: SettingKeySchema,
  settingValue: value,
  description: z.string().trim().max(300).optional(),
});
export type BookingSettingCreate = z.infer<typeof BookingSettingCreateSchema>;

/** PATCH /api/booking-settings/{key}: the new value, non-blank after trimming. */
export const BookingSettingUpdateSchema = z.object({ value });

export const BookingSettingSchema = z.object({
  settingKey: z.string(),
  settingValue: z.string(),
  description: z.string().nullable(),
  updatedAt: z.string(),
});
export type BookingSetting = z.infer<typeof BookingSettingSchema>;
