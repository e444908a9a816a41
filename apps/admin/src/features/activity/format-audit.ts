import { AUDIT_ACTIONS } from "@tearoom/domain";

/** The Activity screen's name for an action; an action this screen does not know yet shows as recorded. */
export const actionLabel = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** A recorded value as staff read it: prices (pence) in pounds, yes/no, "(none)" for empty. */
export function formatValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "(none)";
  if (typeof value === "number" && /price|pence|amount/i.test(field)) return GBP.format(value / 100);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** "isActive" → "is active": the record's field names, readable. */
export const fieldLabel = (field: string) => field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
