import { ClosureRangeQuerySchema, fieldErrors, formatLongDate } from "@tearoom/domain";

/**
 * What is wrong with a range before it is previewed (R45), by field: the domain's own check
 * (dates in order, at most a year) and no day before today; empty when it can be previewed.
 */
export function rangeErrors(from: string, to: string, today: string): { from?: string; to?: string } {
  if (!from || !to) return {};
  const parsed = ClosureRangeQuerySchema.safeParse({ from, to });
  const errors: { from?: string; to?: string } = parsed.success ? {} : fieldErrors(parsed.error);
  if (from < today) errors.from ??= `${formatLongDate(from)} has passed; choose today or a later date.`;
  return errors;
}
