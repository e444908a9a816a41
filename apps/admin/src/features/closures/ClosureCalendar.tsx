import "@mantine/dates/styles.css";
import { DatePicker } from "@mantine/dates";
import { formatLongDate } from "@tearoom/domain";
import classes from "./closures.module.css";

interface ClosureCalendarProps {
  value: string | null;
  onChange: (date: string) => void;
  /** Closed dates (yyyy-MM-dd), marked on the calendar. */
  closed: readonly string[];
  /** Today in London: earlier days cannot be chosen. */
  today: string;
}

/** A month calendar (R32): closed dates marked in colour and in words, past days not offered. */
export function ClosureCalendar({ value, onChange, closed, today }: ClosureCalendarProps) {
  return (
    <div className={classes.frame}>
      <DatePicker
        value={value}
        onChange={(v) => v && onChange(v)}
        minDate={today}
        defaultDate={value ?? today}
        firstDayOfWeek={0}
        weekendDays={[]}
        highlightToday
        maxLevel="month"
        size="md"
        ariaLabels={{ previousMonth: "Previous month", nextMonth: "Next month", monthLevelControl: "Choose a month" }}
        getDayProps={(date) =>
          closed.includes(date) ? { "data-closed": true, "aria-label": `${formatLongDate(date)}, closed` } : { "aria-label": formatLongDate(date) }
        }
        classNames={{ day: classes.day }}
      />
      <p className={classes.legend}>
        <span className={classes.legendMark} aria-hidden="true" /> Closed
      </p>
    </div>
  );
}
