import { Button, Code, Group, Stack, Text, TextInput } from "@mantine/core";
import { checkSettingValue, type BookingSetting } from "@tearoom/domain";
import { useState, type FormEvent } from "react";
import { formatInstant } from "../common/format";
import classes from "./settings.module.css";

interface SettingRowProps {
  setting: BookingSetting;
  /** Called with the trimmed, non-blank new value. */
  onSave: (key: string, value: string) => Promise<unknown> | void;
  onDelete: (key: string) => void;
  saving?: boolean;
}

/** One key/value setting with inline edit: Save only with a non-blank value after trimming (spec section 5). */
export function SettingRow({ setting, onSave, onDelete, saving }: SettingRowProps) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(setting.settingValue);
  const trimmed = draft.trim();
  // Known keys drive the booking rules (R11, R13): check their value before sending.
  const problem = trimmed ? checkSettingValue(setting.settingKey, trimmed) : null;
  const inputId = `setting-${setting.settingKey}`;

  const start = () => {
    setDraft(setting.settingValue);
    setEditing(true);
  };
  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || problem) return;
    if (trimmed === setting.settingValue) {
      setEditing(false);
      return;
    }
    try {
      await onSave(setting.settingKey, trimmed);
      setEditing(false);
    } catch {
      // The failure toast is shown by the caller; keep the draft so nothing typed is lost.
    }
  };

  return (
    <li className={classes.row}>
      <div className={classes.keyCol}>
        <Code className={classes.key}>{setting.settingKey}</Code>
        {setting.description ? (
          <Text size="sm" c="dimmed" mt={4}>
            {setting.description}
          </Text>
        ) : null}
      </div>
      <div className={classes.valueCol}>
        {editing ? (
          <form onSubmit={save}>
            <Stack gap={6}>
              <TextInput
                id={inputId}
                label={`New value for ${setting.settingKey}`}
                classNames={{ label: "visually-hidden" }}
                value={draft}
                onChange={(e) => setDraft(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === "Escape") setEditing(false);
                }}
                error={problem ?? undefined}
                autoFocus
              />
              <Group gap="xs">
                <Button type="submit" size="xs" disabled={!trimmed || !!problem} loading={saving}>
                  Save
                </Button>
                <Button size="xs" variant="default" onClick={() => setEditing(false)}>
                  Cancel
                </Button>
              </Group>
            </Stack>
          </form>
        ) : (
          <>
            <Text className={classes.value}>{setting.settingValue}</Text>
            <Text size="xs" c="dimmed">
              Updated {formatInstant(setting.updatedAt)}
            </Text>
          </>
        )}
      </div>
      {!editing ? (
        <Group gap="xs" className={classes.actions}>
          <Button size="xs" variant="light" onClick={start} aria-label={`Edit ${setting.settingKey}`}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="rose" onClick={() => onDelete(setting.settingKey)} aria-label={`Delete ${setting.settingKey}`}>
            Delete
          </Button>
        </Group>
      ) : null}
    </li>
  );
}
