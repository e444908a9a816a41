import { z } from "zod";
import { londonCalendarDate } from "../opening-hours/london-time.js";
import { DATE_PATTERN, isRealDate, TIME_PATTERN } from "./calendar-date.js";

/** A calendar date as the spec sends it (yyyy-MM-dd), checked to be a real date. */
export const isoDate = (message: string) => z.string({ error: message }).regex(DATE_PATTERN, { error: message }).refine(isRealDate, { error: message });

/**
 * A calendar date sent as yyyy-MM-dd or as an ISO instant (the spec's client sends
 * `date.toISOString()`), parsed to the London calendar date it means (R12, `londonCalendarDate`).
 */
export const londonDate = (message: string) =>
  z.string({ error: message }).transform((value, ctx) => {
    const date = londonCalendarDate(value);
    if (date === undefined) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return date;
  });

/** A time of day as HH:mm (24-hour). */
export const timeOfDay = (message: string) => z.string({ error: message }).regex(TIME_PATTERN, { error: message });

/** Trimmed text of bounded length; `min` characters required with `message`. */
export const text = (min: number, max: number, message: string) =>
  z
    .string({ error: message })
    .trim()
    .min(min, { error: message })
    .max(max, { error: `Must be at most ${max} characters` });

export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `Must be at most ${max} characters` })
    .optional();

export const email = (message: string) =>
  z
    .string({ error: message })
    .trim()
    .max(254, { error: message })
    .pipe(z.email({ error: message }));

/** Bots fill every field; people never see this one (R5). */
export const honeypot = z.string().max(200).optional();

export const id = z.number().int().positive();
