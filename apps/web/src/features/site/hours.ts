import { hour12, type SiteFacts } from "@tearoom/domain";

/** Home page line: "Served Wednesday to Sunday 12pm-4pm with a 2-hour table reservation" (R11). */
export function afternoonTeaServiceLine(facts: SiteFacts): string {
  const hours = facts.afternoonTeaTableMinutes / 60;
  const table = Number.isInteger(hours) ? `${hours}-hour` : `${facts.afternoonTeaTableMinutes}-minute`;
  return `Served ${facts.openDaysText} ${hour12(facts.afternoonTeaFirstSlot)}-${hour12(facts.afternoonTeaLastSlot)} with a ${table} table reservation`;
}

/** "01234 567890" → "tel:01234567890". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
