import { hour12, type SiteFacts } from "@tearoom/domain";

/** Home page line: "Served Wednesday to Sunday 12pm-4pm with a 2-hour table reservation" (R11). */
export function afternoonTeaServiceLine(facts: SiteFacts): string {
  const hours = facts.afternoonTeaTableMinutes / 60;
  const table = Number.isInteger(hours) ? `${hours}-hour` : `${facts.afternoonTeaTableMinutes}-minute`;
  return `Served ${facts.openDaysText} ${hour12(facts.afternoonTeaFirstSlot)}-${hour12(facts.afternoonTeaLastSlot)} with a ${table} table reservation`;
}

/** Afternoon tea page line: "Afternoon tea is served Wednesday to Sunday from 12pm to 4:30pm; bookable sittings run from 12:00 to 16:00." */
export function afternoonTeaHoursText(facts: SiteFacts): string {
  return `Afternoon tea is served ${facts.openDaysText} from ${hour12(facts.afternoonTeaFirstSlot)} to ${hour12(facts.foodServedUntil)}; bookable sittings run from ${facts.afternoonTeaFirstSlot} to ${facts.afternoonTeaLastSlot}.`;
}

/** "01234 567890" → "tel:01234567890". */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;
