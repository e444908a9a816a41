import { Button, Card, Group, SimpleGrid, TextInput, Title } from "@mantine/core";
import { BookingSettingCreateSchema, checkSettingValue, fieldErrors, type BookingSettingCreate } from "@tearoom/domain";
import { useState, type FormEvent } from "react";

interface AddSettingFormProps {
  /** Resolves when the setting was created, so the form can be cleared. */
  onCreate: (values: BookingSettingCreate) => Promise<unknown>;
  pending?: boolean;
}

const EMPTY = { settingKey: "", settingValue: "", description: "" };

/** Add a setting: enabled only with a key and a value; the key must be snake_case. */
export function AddSettingForm({ onCreate, pending }: AddSettingFormProps) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const ready = values.settingKey.trim() !== "" && values.settingValue.trim() !== "";

  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const value = e.currentTarget.value;
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors((x) => ({ ...x, [key]: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    const parsed = BookingSettingCreateSchema.safeParse({ ...values, description: values.description.trim() || undefined });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    const problem = checkSettingValue(parsed.data.settingKey, parsed.data.settingValue);
    if (problem) {
      setErrors({ settingValue: problem });
      return;
    }
    try {
      await onCreate(parsed.data);
      setValues(EMPTY);
      setErrors({});
    } catch {
      // The failure toast is shown by the caller; keep what was typed.
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="add-setting-title">
      <Title order={2} size="h4" id="add-setting-title" mb="sm">
        Add New Setting
      </Title>
      <form onSubmit={submit} noValidate>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="Key" placeholder="e.g. max_guests" value={values.settingKey} onChange={set("settingKey")} error={errors.settingKey || undefined} autoCapitalize="none" spellCheck={false} />
          <TextInput label="Value" placeholder="e.g. 20" value={values.settingValue} onChange={set("settingValue")} error={errors.settingValue || undefined} />
          <TextInput label="Description (optional)" value={values.description} onChange={set("description")} error={errors.description || undefined} />
        </SimpleGrid>
        <Group justify="flex-end" mt="md">
          <Button type="submit" disabled={!ready} loading={pending}>
            Create Setting
          </Button>
        </Group>
      </form>
    </Card>
  );
}
