import { BOOKING_TYPE_LABELS, BOOKING_TYPES, type DaySheet } from "@tearoom/domain";
import classes from "./day-sheet.module.css";

type Slot = DaySheet["slots"][number];

/** How full a slot is, for its colour: over capacity, full, busy (three quarters), empty or between. */
function fill(s: Slot): "over" | "full" | "busy" | "empty" | undefined {
  if (s.covers > s.capacity) return "over";
  if (s.covers === 0) return "empty";
  if (s.capacity > 0 && s.covers === s.capacity) return "full";
  return s.capacity > 0 && s.covers / s.capacity >= 0.75 ? "busy" : undefined;
}

/** Each booking type's slots with covers booked against capacity (R31); an over-full slot says so in words. */
export function SlotCovers({ slots }: { slots: Slot[] }) {
  const types = BOOKING_TYPES.filter((t) => slots.some((s) => s.type === t));
  if (types.length === 0) return <p className={classes.quiet}>No booking slots on this day.</p>;
  return (
    <div className={classes.types}>
      {types.map((type) => {
        const ofType = slots.filter((s) => s.type === type);
        const covers = ofType.reduce((n, s) => n + s.covers, 0);
        return (
          <section key={type} className={classes.type} aria-labelledby={`covers-${type}`}>
            <h3 id={`covers-${type}`} className={classes.typeTitle}>
              {BOOKING_TYPE_LABELS[type]} <span className={classes.typeTotal}>{covers} covers</span>
            </h3>
            <ul className={classes.slots}>
              {ofType.map((s) => {
                const state = fill(s);
                return (
                  <li key={s.time} className={classes.slot} data-fill={state}>
                    <span className={classes.slotTime}>{s.time}</span>
                    <span className={classes.slotCovers}>
                      {s.covers}
                      <span className={classes.slotOf}> / {s.capacity}</span>
                    </span>
                    {state === "over" ? (
                      <span className={classes.slotNote}>Over capacity</span>
                    ) : state === "full" ? (
                      <span className={classes.slotNote}>Full</span>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
