import { dateRefusal, hoursOn, londonNow, privateOnlyTimes, slotsForDate, slotTimes, slotTimesOn, type BookingType, type Settings } from "@tearoom/domain";

// Its own module: new bookings, availability, guest changes and paid-for added guests all ask it.

/** What the settings say about one type on one date at one minute: computed once per settings version. */
interface SlotPlan {
  refusal: ReturnType<typeof dateRefusal>;
  /** Every slot of the type that date (slotTimesOn, R45); on a closed date the usual ones (slotTimes). */
  all: string[];
  /** Slots still bookable on that date now (slotsForDate). */
  open: string[];
  privateOnly: string[];
}

const plans = new WeakMap<Settings, Map<string, SlotPlan>>();

/** `londonNow` for the instant asked about last: a booking asks for the same one several times. */
let lastLondon: { at: number; london: ReturnType<typeof londonNow> } | null = null;
function londonAt(now: Date): ReturnType<typeof londonNow> {
  if (lastLondon?.at !== now.getTime()) lastLondon = { at: now.getTime(), london: londonNow(now) };
  return lastLondon.london;
}

/**
 * The domain's date and slot rules re-check every setting on each call; availability is read on
 * every page view, so the answer is cached per settings map (a new map after any change) and per
 * London minute for today's date.
 */
export function slotPlan(settings: Settings, type: BookingType, date: string, now: Date): SlotPlan {
  let byKey = plans.get(settings);
  if (!byKey) {
    byKey = new Map();
    plans.set(settings, byKey);
  }
  const london = londonAt(now);
  const key = `${type}|${date}|${london.date}|${date === london.date ? london.minutes : ""}`;
  let plan = byKey.get(key);
  if (!plan) {
    if (byKey.size > 5000) byKey.clear();
    plan = {
      refusal: dateRefusal(settings, type, date, now),
      all: hoursOn(settings, date) ? slotTimesOn(settings, type, date) : slotTimes(settings, type),
      open: slotsForDate(settings, type, date, now),
      privateOnly: type === "secretGarden" ? privateOnlyTimes(settings) : [],
    };
    byKey.set(key, plan);
  }
  return plan;
}
