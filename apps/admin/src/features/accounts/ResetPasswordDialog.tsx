import { Button, Group, PasswordInput, Stack, Text } from "@mantine/core";
import { useForm } from "@mantine/form";
import { fieldErrors, PasswordResetSchema, type StaffUser } from "@tearoom/domain";
import { useEffect } from "react";
import { Dialog } from "../common/Dialog";

interface ResetPasswordDialogProps {
  account: StaffUser | null;
  onClose: () => void;
  onSubmit: (password: string) => void;
  pending?: boolean;
}

/** The owner sets a new password for another account; that account is signed out everywhere. */
export function ResetPasswordDialog({ account, onClose, onSubmit, pending }: ResetPasswordDialogProps) {
  const form = useForm({
    initialValues: { password: "" },
    validate: (values) => {
      const result = PasswordResetSchema.safeParse(values);
      return result.success ? {} : fieldErrors(result.error);
    },
  });
  const { reset } = form;
  useEffect(() => {
    if (account) reset();
  }, [account, reset]);
  return (
    <Dialog opened={account !== null} onClose={onClose} title={account ? `Reset the password of ${account.username}` : ""}>
      <form noValidate onSubmit={form.onSubmit(({ password }) => onSubmit(password))}>
        <Stack gap="sm">
          <Text size="sm">They will be signed out everywhere and sign in again with the new password. Tell it to them in person.</Text>
          <PasswordInput
            label="New password"
            description="At least 8 characters"
            autoComplete="new-password"
            required
            data-autofocus
            {...form.getInputProps("password")}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={pending}>
              Reset password
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
