import { Button, Card, Group, NativeSelect, SimpleGrid, Text, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { checkSettingChange, settingDefinition, type BookingSettingCreate } from "@tearoom/domain";
import { SettingValueInput } from "./SettingValueInput";

interface AddSettingFormProps {
  /** Known settings with no row yet: the only ones that can be added (R33). */
  missingKeys: readonly string[];
  /** Every stored setting (key → value), to check the new value against (R33). */
  stored: Record<string, string>;
  /** Resolves when the setting was created, so the form can be cleared. */
  onCreate: (values: BookingSettingCreate) => Promise<unknown>;
  pending?: boolean;
}

const EMPTY = { settingKey: "", settingValue: "", description: "" };

/** Add a known setting that has no row: enabled only with a key and a value, the value in its own editor. */
export function AddSettingForm({ missingKeys, stored, onCreate, pending }: AddSettingFormProps) {
  const form = useForm({
    initialValues: EMPTY,
    validate: {
      settingKey: (key: string) => (key ? null : "Choose a setting"),
      settingValue: (value: string, values) => (value.trim() ? checkSettingChange(stored, values.settingKey, value.trim(), "settingKey") : "Value is required"),
    },
  });
  const definition = settingDefinition(form.values.settingKey);
  const ready = form.values.settingKey !== "" && form.values.settingValue.trim() !== "";

  const chooseKey = (key: string) => {
    // A new key starts from its default value, in its own editor.
    form.setValues({ settingKey: key, settingValue: settingDefinition(key)?.value ?? "", description: "" });
    form.clearErrors();
  };
  const submit = form.onSubmit(async (values) => {
    try {
      await onCreate({
        settingKey: values.settingKey,
        settingValue: values.settingValue.trim(),
        ...(values.description.trim() ? { description: values.description.trim() } : {}),
      });
      form.setValues(EMPTY);
    } catch {
      // The failure toast is shown by the caller; keep what was chosen.
    }
  });

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-setting-title">
      <Title order={2} size="h4" id="add-setting-title" mb="sm">
        Add New Setting
      </Title>
      {missingKeys.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every setting the site uses is listed below; change one with its Edit button.
        </Text>
      ) : (
        <form onSubmit={submit} noValidate>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <NativeSelect
              label="Key"
              data={[{ value: "", label: "Choose a setting", disabled: true }, ...missingKeys.map((k) => ({ value: k, label: k }))]}
              value={form.values.settingKey}
              onChange={(e) => chooseKey(e.currentTarget.value)}
              error={form.errors.settingKey}
            />
            {definition ? (
              <SettingValueInput
                settingKey={form.values.settingKey}
                editor={definition.editor}
                label="Value"
                value={form.values.settingValue}
                onChange={(value) => form.setFieldValue("settingValue", value)}
                error={form.errors.settingValue ? String(form.errors.settingValue) : null}
              />
            ) : (
              <TextInput label="Value" disabled value="" placeholder="Choose a setting first" />
            )}
            <TextInput label="Description (optional)" placeholder={definition?.description} {...form.getInputProps("description")} />
          </SimpleGrid>
          <Group justify="flex-end" mt="md">
            <Button type="submit" disabled={!ready} loading={pending}>
              Create Setting
            </Button>
          </Group>
        </form>
      )}
    </Card>
  );
}
