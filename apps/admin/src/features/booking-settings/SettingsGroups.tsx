import { Badge, Button, Card, Code, Stack, Text, Title } from "@mantine/core";
import { settingDefinition, settingGroups, type BookingSetting, type SettingGroup } from "@tearoom/domain";
import type { ReactNode } from "react";
import classes from "./settings.module.css";
import { SettingField } from "./SettingField";

interface SettingsGroupsProps {
  settings: readonly BookingSetting[];
  /** Saves a value: a change to a stored setting, or the first value of one never stored. */
  onSave: (key: string, value: string) => Promise<unknown>;
  onReset: (key: string) => void;
  /** Removes a stored key the site does not know (left from before R33). */
  onRemove: (key: string) => void;
  savingKey?: string | undefined;
  resettingKey?: string | undefined;
  /** What a group shows before its fields (the opening hours editor, R45). */
  before?: Partial<Record<SettingGroup, ReactNode>>;
}

/** R45: the week and the seasons are JSON edited in their own editor, never as text. */
const OWN_EDITOR = new Set(["weekly-hours", "seasons"]);

const groupId = (group: string) => `settings-${group.toLowerCase().replace(/[^a-z]+/g, "-")}`;

/** Every known setting, in its group under a heading (R46); stored keys the site does not use last. */
export function SettingsGroups({ settings, onSave, onReset, onRemove, savingKey, resettingKey, before }: SettingsGroupsProps) {
  const byKey = new Map(settings.map((s) => [s.settingKey, s]));
  const stored = Object.fromEntries(settings.map((s) => [s.settingKey, s.settingValue]));
  const unused = settings.filter((s) => !settingDefinition(s.settingKey));

  return (
    <Stack gap="lg">
      {settingGroups().map(({ group, keys }) => (
        <Card key={group} withBorder radius="md" padding="lg" component="section" aria-labelledby={groupId(group)}>
          <Title order={2} size="h4" id={groupId(group)} mb="xs">
            {group}
          </Title>
          {before?.[group]}
          <div className={classes.fields}>
            {keys
              .filter((key) => !OWN_EDITOR.has(settingDefinition(key)!.editor.kind))
              .map((key) => (
                <SettingField
                  key={key}
                  settingKey={key}
                  definition={settingDefinition(key)!}
                  setting={byKey.get(key)}
                  stored={stored}
                  onSave={onSave}
                  onReset={onReset}
                  saving={savingKey === key}
                  resetting={resettingKey === key}
                />
              ))}
          </div>
        </Card>
      ))}
      {unused.length ? (
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="settings-unused">
          <Title order={2} size="h4" id="settings-unused" mb="xs">
            Not used by the site
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            Stored before the site knew its settings; nothing reads them, so they can be removed.
          </Text>
          <ul className={classes.unused}>
            {unused.map((s) => (
              <li key={s.settingKey}>
                <Code>{s.settingKey}</Code> <Text span>{s.settingValue}</Text>{" "}
                <Badge color="gray" variant="light">
                  Not used
                </Badge>{" "}
                <Button size="xs" variant="subtle" color="rose" onClick={() => onRemove(s.settingKey)} aria-label={`Remove ${s.settingKey}`}>
                  Remove
                </Button>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </Stack>
  );
}
