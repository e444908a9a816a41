import "@mantine/dates/styles.css";
import { DatePicker } from "@mantine/dates";
import { formatLongDate } from "@tearoom/domain";
import { useId } from "react";
import classes from "./BookingCalendar.module.css";

export interface BookingCalendarProps {
  label: string;
  /** yyyy-MM-dd or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  /** From the domain rules, e.g. `(d) => !isBookableDate(settings, "table", d)`: past and closed days. */
  isDateDisabled: (isoDate: string) => boolean;
  /** First month that can be shown (yyyy-MM-dd), usually today in London; earlier months cannot be reached. */
  minDate?: string;
  maxDate?: string;
  error?: string | null;
  required?: boolean;
  /** id for the error text, so a form can point aria-describedby at it. */
  id?: string;
}

/**
 * An always-open month calendar for booking forms: outside days shown, week starting on Sunday
 * (spec section 9), days the domain rules refuse disabled, the chosen day read back in words.
 */
export function BookingCalendar({ label, value, onChange, isDateDisabled, minDate, maxDate, error, required, id }: BookingCalendarProps) {
  const autoId = useId();
  const baseId = id ?? autoId;
  const labelId = `${baseId}-label`;
  const errorId = `${baseId}-error`;
  const chosenId = `${baseId}-chosen`;
  return (
    <div
      role="group"
      aria-labelledby={labelId}
      aria-describedby={[chosenId, error ? errorId : null].filter(Boolean).join(" ")}
      aria-invalid={error ? true : undefined}
      className={classes.root}
      data-error={error ? true : undefined}
      id={baseId}
    >
      <p id={labelId} className={classes.label}>
        {label}
        {required ? (
          <span className={classes.required} aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </p>
      <div className={classes.frame}>
        <DatePicker
          value={value}
          onChange={(v) => onChange(v)}
          excludeDate={isDateDisabled}
          minDate={minDate}
          maxDate={maxDate}
          defaultDate={value ?? minDate}
          firstDayOfWeek={0}
          weekendDays={[]}
          highlightToday
          previousLabel="Previous month"
          nextLabel="Next month"
          ariaLabels={{ previousMonth: "Previous month", nextMonth: "Next month", monthLevelControl: "Choose a month" }}
          maxLevel="month"
          size="md"
          classNames={{ day: classes.day }}
        />
      </div>
      <p id={chosenId} className={classes.chosen} aria-live="polite">
        {value ? `Selected: ${formatLongDate(value)}` : "No date selected"}
      </p>
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
