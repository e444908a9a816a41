import { Badge, Button, Code, Group, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { checkSettingChange, settingDefinition, type BookingSetting } from "@tearoom/domain";
import { useState, type KeyboardEvent } from "react";
import { formatInstant } from "../common/format";
import { displaySettingValue } from "./setting-values";
import classes from "./settings.module.css";
import { SettingValueInput } from "./SettingValueInput";

interface SettingRowProps {
  setting: BookingSetting;
  /** Every stored setting (key → value): a new value is checked against the others (R33). */
  stored: Record<string, string>;
  /** Called with the trimmed, non-blank new value. */
  onSave: (key: string, value: string) => Promise<unknown> | void;
  onDelete: (key: string) => void;
  saving?: boolean;
}

/**
 * One setting with inline edit in the editor that fits it: Save only with a non-blank value after
 * trimming (spec section 5) that fits the setting and agrees with the others (R33).
 */
export function SettingRow({ setting, stored, onSave, onDelete, saving }: SettingRowProps) {
  const [editing, setEditing] = useState(false);
  const definition = settingDefinition(setting.settingKey);
  const form = useForm({
    initialValues: { value: setting.settingValue },
    validateInputOnChange: true,
    validate: {
      value: (value: string) => (value.trim() ? checkSettingChange(stored, setting.settingKey, value.trim()) : "Value is required"),
    },
  });
  const trimmed = form.values.value.trim();
  const problem = trimmed ? checkSettingChange(stored, setting.settingKey, trimmed) : null;

  const start = () => {
    form.setValues({ value: setting.settingValue });
    form.clearErrors();
    setEditing(true);
  };
  const save = form.onSubmit(async ({ value }) => {
    const next = value.trim();
    if (next === setting.settingValue) {
      setEditing(false);
      return;
    }
    try {
      await onSave(setting.settingKey, next);
      setEditing(false);
    } catch {
      // The failure toast is shown by the caller; keep the draft so nothing typed is lost.
    }
  });
  const escape = (e: KeyboardEvent) => {
    if (e.key === "Escape") setEditing(false);
  };
  const isDefault = definition !== undefined && setting.settingValue === definition.value;

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
        {editing && definition ? (
          <form onSubmit={save} onKeyDown={escape} noValidate>
            <Stack gap={6}>
              <SettingValueInput
                settingKey={setting.settingKey}
                editor={definition.editor}
                label={`New value for ${setting.settingKey}`}
                hideLabel
                value={form.values.value}
                onChange={(value) => form.setFieldValue("value", value)}
                error={form.errors.value ? String(form.errors.value) : null}
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
            <Text className={classes.value}>{displaySettingValue(definition?.editor, setting.settingValue)}</Text>
            <Text size="xs" c="dimmed">
              {definition ? (isDefault ? "Default value · " : `Default ${displaySettingValue(definition.editor, definition.value)} · `) : null}
              Updated {formatInstant(setting.updatedAt)}
            </Text>
            {definition ? null : (
              <Badge color="gray" variant="light" mt={4}>
                Not used by the site
              </Badge>
            )}
          </>
        )}
      </div>
      {!editing ? (
        <Group gap="xs" className={classes.actions}>
          {definition ? (
            <Button size="xs" variant="light" onClick={start} aria-label={`Edit ${setting.settingKey}`}>
              Edit
            </Button>
          ) : null}
          <Button size="xs" variant="subtle" color="rose" onClick={() => onDelete(setting.settingKey)} aria-label={`Delete ${setting.settingKey}`}>
            Delete
          </Button>
        </Group>
      ) : null}
    </li>
  );
}
