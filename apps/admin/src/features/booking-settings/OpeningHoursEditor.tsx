import { Alert, Button, Fieldset, Group, Stack, Switch, Text, TextInput } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { WEEK_DAY_LABELS, WEEK_DAYS, type DayHours, type OpeningHours, type OpeningSeason, type WeeklyHours } from "@tearoom/domain";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../lib/errors";
import classes from "./opening-hours.module.css";

interface OpeningHoursEditorProps {
  /** The hours in force, as GET /api/opening-hours answers them. */
  hours: OpeningHours;
  /** Saves the whole week and its seasons; rejects with the server's refusal, which is shown as it says. */
  onSave: (hours: OpeningHours) => Promise<unknown>;
  saving?: boolean;
}

const DEFAULT_DAY: DayHours = { open: "11:00", close: "17:00" };

/** The hours a day switched on starts with: the first open day's of the same week, else 11:00–17:00. */
const firstHours = (week: WeeklyHours): DayHours => WEEK_DAYS.map((d) => week[d]).find((h) => h) ?? DEFAULT_DAY;

interface WeekFieldsProps {
  week: WeeklyHours;
  onChange: (week: WeeklyHours) => void;
  /** Names the inputs apart: "" for the usual week, "Winter: " for a season's. */
  prefix: string;
}

/** A week as seven rows: an open switch per day with its opening and closing times (R45). */
function WeekFields({ week, onChange, prefix }: WeekFieldsProps) {
  const set = (day: keyof WeeklyHours, hours: DayHours | null) => onChange({ ...week, [day]: hours });
  return (
    <div className={classes.week}>
      {/* The inputs are named each by its day; the column heads are for the eye. */}
      <div className={`${classes.day} ${classes.head}`} aria-hidden="true">
        <span className={classes.dayName} />
        <Text size="xs" c="dimmed">
          Opens
        </Text>
        <Text size="xs" c="dimmed">
          Closes
        </Text>
      </div>
      {WEEK_DAYS.map((day) => {
        const hours = week[day];
        const name = `${prefix}${WEEK_DAY_LABELS[day]}`;
        return (
          <div key={day} className={hours ? classes.day : `${classes.day} ${classes.closedDay}`}>
            <Switch
              className={classes.dayName}
              label={WEEK_DAY_LABELS[day]}
              aria-label={`${name} open`}
              checked={hours !== null}
              onChange={(e) => set(day, e.currentTarget.checked ? { ...firstHours(week) } : null)}
            />
            {hours ? (
              <>
                <TimeInput
                  aria-label={`${name} opening time`}
                  size="xs"
                  value={hours.open}
                  onChange={(e) => set(day, { ...hours, open: e.currentTarget.value })}
                />
                <TimeInput
                  aria-label={`${name} closing time`}
                  size="xs"
                  value={hours.close}
                  onChange={(e) => set(day, { ...hours, close: e.currentTarget.value })}
                />
              </>
            ) : (
              <Text size="sm" c="dimmed" className={classes.closed}>
                Closed
              </Text>
            )}
          </div>
        );
      })}
    </div>
  );
}

/**
 * R45: the usual week and its seasons, edited together and saved whole (PUT /api/opening-hours).
 * The server checks the hours and answers a refusal naming the day or season; it is shown as it
 * says, and nothing typed is lost.
 */
export function OpeningHoursEditor({ hours, onSave, saving }: OpeningHoursEditorProps) {
  const [draft, setDraft] = useState(hours);
  const [base, setBase] = useState(hours);
  const [refusal, setRefusal] = useState<string | null>(null);
  // Saved hours (or another member of staff's, on refetch) become the new starting point.
  if (base !== hours) {
    setBase(hours);
    setDraft(hours);
    setRefusal(null);
  }
  const changed = JSON.stringify(draft) !== JSON.stringify(hours);
  const change = (next: OpeningHours) => {
    setDraft(next);
    setRefusal(null);
  };
  const setSeason = (i: number, season: OpeningSeason) => change({ ...draft, seasons: draft.seasons.map((s, j) => (j === i ? season : s)) });
  const addSeason = () => change({ ...draft, seasons: [...draft.seasons, { name: "", from: "", to: "", weekly: { ...draft.weekly } }] });
  const removeSeason = (i: number) => change({ ...draft, seasons: draft.seasons.filter((_, j) => j !== i) });

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed) return;
    try {
      await onSave(draft);
    } catch (error) {
      setRefusal(errorMessage(error, "The opening hours could not be saved"));
    }
  };

  return (
    <form className={classes.editor} onSubmit={save} noValidate aria-labelledby="opening-hours-week">
      <Stack gap="md">
        <div>
          <Text fw={600} id="opening-hours-week">
            Hours by day
          </Text>
          <Text size="sm" c="dimmed" mb="xs">
            The usual week. Booking times on a day that opens later or closes earlier than the usual opening and closing times move with it.
          </Text>
          <WeekFields week={draft.weekly} onChange={(weekly) => change({ ...draft, weekly })} prefix="" />
        </div>
        <div>
          <Text fw={600}>Seasons</Text>
          <Text size="sm" c="dimmed" mb="xs">
            Date ranges, first and last day included, when the tearoom keeps a week of its own, such as winter.
          </Text>
          <Stack gap="sm">
            {draft.seasons.map((season, i) => {
              const title = season.name.trim() || `Season ${i + 1}`;
              return (
                <Fieldset key={i} legend={title} className={classes.season}>
                  <Group gap="sm" align="end" wrap="wrap" mb="sm">
                    <TextInput
                      label="Name"
                      aria-label={`${title}: name`}
                      value={season.name}
                      onChange={(e) => setSeason(i, { ...season, name: e.currentTarget.value })}
                      className={classes.seasonName}
                    />
                    <TextInput
                      type="date"
                      label="First day"
                      aria-label={`${title}: first day`}
                      value={season.from}
                      onChange={(e) => setSeason(i, { ...season, from: e.currentTarget.value })}
                    />
                    <TextInput
                      type="date"
                      label="Last day"
                      aria-label={`${title}: last day`}
                      value={season.to}
                      onChange={(e) => setSeason(i, { ...season, to: e.currentTarget.value })}
                    />
                    <Button variant="subtle" color="rose" size="xs" onClick={() => removeSeason(i)} aria-label={`Remove season ${title}`}>
                      Remove
                    </Button>
                  </Group>
                  <WeekFields week={season.weekly} onChange={(weekly) => setSeason(i, { ...season, weekly })} prefix={`${title}: `} />
                </Fieldset>
              );
            })}
            <Group>
              <Button variant="light" size="xs" onClick={addSeason}>
                Add a season
              </Button>
            </Group>
          </Stack>
        </div>
        {refusal ? (
          <Alert color="red" role="alert" title="Not saved">
            {refusal}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" disabled={!changed} loading={saving}>
            Save opening hours
          </Button>
          {changed ? (
            <Button variant="subtle" onClick={() => change(hours)}>
              Undo changes
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}
