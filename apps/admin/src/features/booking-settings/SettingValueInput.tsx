import "@mantine/dates/styles.css";
import { ActionIcon, Badge, Button, Checkbox, Group, Input, NumberInput, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { DatePicker, TimeInput } from "@mantine/dates";
import { formatTime12h, type SettingEditor } from "@tearoom/domain";
import { useState } from "react";
import { dateLabel, daysValue, listItems, listValue, WEEK } from "./setting-values";

interface SettingValueInputProps {
  /** The setting's key, for the inputs' ids. */
  settingKey: string;
  editor: SettingEditor;
  /** The value as stored: "wed,thu", "11:00", "2026-12-25,2026-12-26", "true", "30", … */
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  /** The field's label, as the setting's messages name it (R46). */
  label: string;
  /** A line of help under the label, tied to the input. */
  description?: string;
}

// A time or a number needs a short box; the label and help above it keep the full width.
const NARROW = { wrapper: { maxWidth: "14rem" } };

/** The editor that fits a setting (R33): day checkboxes, time pickers, a date list picker, e-mail, phone, bounded numbers. */
export function SettingValueInput({ settingKey, editor, value, onChange, error, label, description }: SettingValueInputProps) {
  const id = `setting-value-${settingKey}`;
  switch (editor.kind) {
    case "days":
      return (
        <Checkbox.Group
          label={label}
          description={description}
          value={listItems(value)}
          onChange={(days) => onChange(daysValue(days))}
          error={error ?? undefined}
        >
          <Group gap="sm" mt={4}>
            {WEEK.map((day) => (
              <Checkbox key={day.value} value={day.value} label={day.short} aria-label={day.label} />
            ))}
          </Group>
        </Checkbox.Group>
      );
    case "time":
      return (
        <TimeInput
          id={id}
          label={label}
          description={description}
          styles={NARROW}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error ?? undefined}
        />
      );
    case "times":
      return <TimeList settingKey={settingKey} label={label} description={description} value={value} onChange={onChange} error={error} />;
    case "dates":
      return <DateList settingKey={settingKey} label={label} description={description} value={value} onChange={onChange} error={error} />;
    case "boolean":
      return (
        <Switch
          id={id}
          label={label}
          // The label element wraps the help too; the name is the label alone, the help its description.
          aria-label={label}
          description={description}
          checked={value === "true"}
          onChange={(e) => onChange(e.currentTarget.checked ? "true" : "false")}
          error={error ?? undefined}
        />
      );
    case "number":
      return (
        <NumberInput
          id={id}
          label={label}
          description={`${description ? `${description} ` : ""}From ${editor.min} to ${editor.max} ${editor.unit}.`}
          styles={NARROW}
          rightSection={
            <Text size="sm" c="dimmed" aria-hidden>
              {editor.unit}
            </Text>
          }
          rightSectionWidth={72}
          hideControls
          value={value}
          onChange={(v) => onChange(String(v))}
          min={editor.min}
          max={editor.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          error={error ?? undefined}
        />
      );
    case "email":
      return (
        <TextInput
          id={id}
          type="email"
          label={label}
          description={description}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error ?? undefined}
          autoComplete="off"
        />
      );
    case "url":
      return (
        <TextInput
          id={id}
          type="url"
          label={label}
          description={description}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error ?? undefined}
          autoComplete="off"
        />
      );
    case "phone":
      return (
        <TextInput
          id={id}
          type="tel"
          label={label}
          description={description}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error ?? undefined}
          autoComplete="off"
        />
      );
    case "address":
      return (
        <Textarea
          id={id}
          label={label}
          description={description}
          rows={2}
          value={value}
          onChange={(e) => onChange(e.currentTarget.value)}
          error={error ?? undefined}
        />
      );
  }
}

interface ListEditorProps {
  settingKey: string;
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
}

/** Times of day: each chosen time with a remove button, and a time picker to add one. */
function TimeList({ settingKey, label, description, value, onChange, error }: ListEditorProps) {
  const times = [...listItems(value)].sort();
  const [next, setNext] = useState("");
  const add = () => {
    if (!next || times.includes(next)) return;
    onChange(listValue([...times, next].sort()));
    setNext("");
  };
  return (
    <Stack gap={6} role="group" aria-labelledby={`${settingKey}-label`} aria-describedby={description ? `${settingKey}-help` : undefined}>
      <ListHeading settingKey={settingKey} label={label} description={description} />
      <Group gap={6}>
        {times.length === 0 ? (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ) : null}
        {times.map((t) => (
          <Badge
            key={t}
            variant="light"
            color="sage"
            size="lg"
            rightSection={<RemoveButton label={`Remove ${formatTime12h(t)}`} onClick={() => onChange(listValue(times.filter((x) => x !== t)))} />}
          >
            {formatTime12h(t)}
          </Badge>
        ))}
      </Group>
      <Group gap="xs" align="flex-end">
        <TimeInput
          id={`setting-value-${settingKey}-add`}
          label={`Time to add to ${label}`}
          classNames={{ label: "visually-hidden" }}
          value={next}
          onChange={(e) => setNext(e.currentTarget.value)}
        />
        <Button size="xs" variant="light" onClick={add} disabled={!next}>
          Add time
        </Button>
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** Dates picked on a calendar (several at once), listed below it with a remove button each. */
function DateList({ settingKey, label, description, value, onChange, error }: ListEditorProps) {
  const dates = [...listItems(value)].sort();
  return (
    <Stack gap={6} role="group" aria-labelledby={`${settingKey}-label`} aria-describedby={description ? `${settingKey}-help` : undefined}>
      <ListHeading settingKey={settingKey} label={label} description={description} />
      <DatePicker
        type="multiple"
        value={dates}
        onChange={(picked) => onChange(listValue([...picked].map(String).sort()))}
        defaultDate={dates[0]}
        firstDayOfWeek={1}
        weekendDays={[]}
        hideOutsideDates
        ariaLabels={{
          nextMonth: "Next month",
          previousMonth: "Previous month",
          nextYear: "Next year",
          previousYear: "Previous year",
          nextDecade: "Next decade",
          previousDecade: "Previous decade",
        }}
      />
      <Group gap={6}>
        {dates.length === 0 ? (
          <Text size="sm" c="dimmed">
            No closed dates
          </Text>
        ) : null}
        {dates.map((d) => (
          <Badge
            key={d}
            variant="light"
            color="sage"
            size="lg"
            rightSection={<RemoveButton label={`Remove ${dateLabel(d)}`} onClick={() => onChange(listValue(dates.filter((x) => x !== d)))} />}
          >
            {dateLabel(d)}
          </Badge>
        ))}
      </Group>
      {error ? (
        <Text size="sm" c="red.8" role="alert">
          {error}
        </Text>
      ) : null}
    </Stack>
  );
}

/** A list editor's label and help, named for its group (a list has no single input to label). */
function ListHeading({ settingKey, label, description }: { settingKey: string; label: string; description?: string }) {
  return (
    <div>
      <Input.Label labelElement="div" id={`${settingKey}-label`}>
        {label}
      </Input.Label>
      {description ? <Input.Description id={`${settingKey}-help`}>{description}</Input.Description> : null}
    </div>
  );
}

function RemoveButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <ActionIcon size="xs" variant="transparent" color="sage" aria-label={label} onClick={onClick}>
      ×
    </ActionIcon>
  );
}
