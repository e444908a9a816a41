import { Button, Group, PasswordInput, Stack } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useMutation } from "@tanstack/react-query";
import { fieldErrors, PasswordChangeSchema } from "@tearoom/domain";
import { useFeedback } from "../common/feedback";
import { useTRPC } from "../../trpc";
import { serverFieldError } from "./server-field-error";

const FIELDS = ["currentPassword", "newPassword"] as const;

/** Everyone's own password (R40): the current one proves it is you; your other sessions end. */
export function ChangePasswordForm() {
  const trpc = useTRPC();
  const { success, failure } = useFeedback();
  const form = useForm({
    initialValues: { currentPassword: "", newPassword: "", confirmPassword: "" },
    validate: (values) => {
      const result = PasswordChangeSchema.safeParse(values);
      const errors: Record<string, string> = result.success ? {} : fieldErrors(result.error);
      if (!errors.newPassword && values.confirmPassword !== values.newPassword) errors.confirmPassword = "The two new passwords differ";
      return errors;
    },
  });
  const change = useMutation(
    trpc.auth.changePassword.mutationOptions({
      onSuccess: () => {
        success("Password changed", "Your other sessions have been signed out.");
        form.reset();
      },
      onError: (error) => {
        const field = serverFieldError(error, FIELDS);
        if (field) form.setFieldError(field.field, field.message);
        else failure("Failed to change your password", error);
      },
    }),
  );
  return (
    <form noValidate onSubmit={form.onSubmit(({ currentPassword, newPassword }) => change.mutate({ currentPassword, newPassword }))}>
      <Stack gap="sm" maw={420}>
        <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps("currentPassword")} />
        <PasswordInput label="New password" description="At least 8 characters" autoComplete="new-password" required {...form.getInputProps("newPassword")} />
        <PasswordInput label="New password again" autoComplete="new-password" required {...form.getInputProps("confirmPassword")} />
        <Group>
          <Button type="submit" loading={change.isPending}>
            Change password
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
