import { AreaClosureQuerySchema, fieldErrors, formatLongDate } from "@tearoom/domain";

/** Part of a day in one area, as the form holds it (R45): text from the inputs. */
export interface AreaPart {
  date: string;
  startTime: string;
  endTime: string;
  areaId: string;
  reason: string;
}

/**
 * What is wrong with a part of a day before it is previewed (R45), by field: the domain's own check
 * (times, the end after the start) and no day before today; empty when it can be previewed.
 */
export function areaPartErrors(part: AreaPart, today: string): Partial<Record<keyof AreaPart, string>> {
  if (!part.date || !part.startTime || !part.endTime || !part.areaId) return {};
  const parsed = AreaClosureQuerySchema.safeParse(part);
  const errors: Partial<Record<keyof AreaPart, string>> = parsed.success ? {} : fieldErrors(parsed.error);
  if (part.date < today) errors.date ??= `${formatLongDate(part.date)} has passed; choose today or a later date.`;
  // The domain's messages name the field for the API; the form shows them under the field itself.
  for (const key of Object.keys(errors) as (keyof AreaPart)[]) errors[key] = errors[key]!.replace(/^\w+: /, "");
  return errors;
}

/** Whether the part can be previewed: every field given and no error. */
export const areaPartReady = (part: AreaPart, today: string) =>
  Boolean(part.date && part.startTime && part.endTime && part.areaId) && Object.keys(areaPartErrors(part, today)).length === 0;
