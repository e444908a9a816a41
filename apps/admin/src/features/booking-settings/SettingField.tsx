import { Button, Group, Text } from "@mantine/core";
import { checkSettingChange, type BookingSetting, type SettingDefinition } from "@tearoom/domain";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../lib/errors";
import { formatInstant } from "../common/format";
import { displaySettingValue } from "./setting-values";
import classes from "./settings.module.css";
import { SettingValueInput } from "./SettingValueInput";

interface SettingFieldProps {
  settingKey: string;
  definition: SettingDefinition;
  /** The stored row; none when the setting was never stored (the site uses its default). */
  setting: BookingSetting | undefined;
  /** Every stored setting (key → value): a new value is checked against the others (R33). */
  stored: Record<string, string>;
  /** Saves the trimmed value; rejects with the server's refusal, which is shown on the field. */
  onSave: (key: string, value: string) => Promise<unknown>;
  /** Asks to put the default back (the caller confirms first). */
  onReset: (key: string) => void;
  saving?: boolean;
  resetting?: boolean;
}

/**
 * One setting as a labelled field with its help (R46), in the editor that fits it (R33). Save is
 * offered once the value has changed and passes the same checks as the server; a refusal, from
 * here or from the server, is shown on the field, naming settings by their labels.
 */
export function SettingField({ settingKey, definition, setting, stored, onSave, onReset, saving, resetting }: SettingFieldProps) {
  const current = setting?.settingValue ?? definition.value;
  const [draft, setDraft] = useState(current);
  const [refusal, setRefusal] = useState<string | null>(null);
  // A saved or reset value (or another member of staff's, on refetch) becomes the new starting point.
  const [base, setBase] = useState(current);
  if (base !== current) {
    setBase(current);
    setDraft(current);
    setRefusal(null);
  }
  const trimmed = draft.trim();
  const changed = trimmed !== current || !setting;
  const problem = !trimmed ? `${definition.label}: Enter a value` : checkSettingChange(stored, settingKey, trimmed);
  const shownError = (changed && trimmed !== current ? problem : null) ?? refusal;
  const isDefault = current === definition.value;

  const change = (value: string) => {
    setDraft(value);
    setRefusal(null);
  };
  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (!changed || problem) return;
    try {
      await onSave(settingKey, trimmed);
    } catch (error) {
      // Keep the draft so nothing typed is lost; the server's reason names the settings by label.
      setRefusal(errorMessage(error, `${definition.label} could not be saved`));
    }
  };

  return (
    <form className={classes.field} onSubmit={save} noValidate>
      <div className={classes.input}>
        <SettingValueInput
          settingKey={settingKey}
          editor={definition.editor}
          label={definition.label}
          description={definition.help}
          value={draft}
          onChange={change}
          error={shownError}
        />
      </div>
      <div className={classes.side}>
        <Group gap="xs" className={classes.actions}>
          <Button type="submit" size="xs" disabled={!changed || !!problem} loading={saving} aria-label={`Save ${definition.label}`}>
            Save
          </Button>
          <Button
            size="xs"
            variant="subtle"
            disabled={isDefault || !setting}
            loading={resetting}
            onClick={() => onReset(settingKey)}
            aria-label={`Reset to default: ${definition.label}`}
          >
            Reset to default
          </Button>
        </Group>
        <Text size="xs" c="dimmed" className={classes.meta}>
          {!setting
            ? "Default value, not saved yet."
            : isDefault
              ? "Default value."
              : `Default: ${displaySettingValue(definition.editor, definition.value)}. Last saved ${formatInstant(setting.updatedAt)}.`}
        </Text>
      </div>
    </form>
  );
}
