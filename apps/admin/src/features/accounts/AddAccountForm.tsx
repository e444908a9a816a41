import { Button, Group, NativeSelect, PasswordInput, SimpleGrid, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { fieldErrors, StaffUserCreateSchema, type StaffRole } from "@tearoom/domain";
import { serverFieldError } from "./server-field-error";

const ROLE_OPTIONS = [
  { value: "staff", label: "Staff: runs the day" },
  { value: "owner", label: "Owner: also manages accounts" },
];

interface AddAccountFormProps {
  onSubmit: (values: { username: string; password: string; role: StaffRole }) => Promise<unknown>;
  pending?: boolean;
}

/** The owner adds an account (R40); the server's refusal (a name taken) shows under its field. */
export function AddAccountForm({ onSubmit, pending }: AddAccountFormProps) {
  const form = useForm({
    initialValues: { username: "", password: "", role: "staff" as StaffRole },
    validate: (values) => {
      const result = StaffUserCreateSchema.safeParse(values);
      return result.success ? {} : fieldErrors(result.error);
    },
  });
  return (
    <form
      noValidate
      aria-label="Add an account"
      onSubmit={form.onSubmit(async (values) => {
        try {
          await onSubmit({ ...values, username: values.username.trim() });
          form.reset();
        } catch (error) {
          const field = serverFieldError(error, ["username", "password", "role"]);
          if (field) form.setFieldError(field.field, field.message);
        }
      })}
    >
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="Username" description="Letters, digits, dots, dashes" autoComplete="off" required {...form.getInputProps("username")} />
        <PasswordInput label="Password" description="At least 8 characters" autoComplete="new-password" required {...form.getInputProps("password")} />
        <NativeSelect label="Role" description="Only owners manage accounts" data={ROLE_OPTIONS} {...form.getInputProps("role")} />
      </SimpleGrid>
      <Group mt="sm">
        <Button type="submit" loading={pending}>
          Add account
        </Button>
      </Group>
    </form>
  );
}
