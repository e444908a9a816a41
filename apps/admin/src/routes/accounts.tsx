import { Badge, Button, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { StaffUser } from "@tearoom/domain";
import { useState } from "react";
import { AccountEmailForm } from "../features/accounts/AccountEmailForm";
import { AddAccountForm } from "../features/accounts/AddAccountForm";
import { CalendarFeedPanel } from "../features/accounts/CalendarFeedPanel";
import { ChangePasswordForm } from "../features/accounts/ChangePasswordForm";
import { ResetPasswordDialog } from "../features/accounts/ResetPasswordDialog";
import { serverFieldError } from "../features/accounts/server-field-error";
import { useSession } from "../features/auth/session";
import { formatInstantDate } from "../features/common/format";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { useTRPC } from "../trpc";

/** /admin/accounts (R40): everyone changes their own password; the owner also manages the accounts. */
export default function AccountsPage() {
  const session = useSession();
  const isOwner = session.data?.role === "owner";
  return (
    <>
      <PageHeader
        title="Accounts"
        description={isOwner ? "Your password, your calendar feed, and the staff accounts that can sign in." : "Your password and your calendar feed."}
      />
      <Stack gap="xl">
        <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section" aria-labelledby="own-password">
          <Title order={2} size="h3" id="own-password" mb="sm">
            Your password
          </Title>
          <ChangePasswordForm />
        </Paper>
        <CalendarFeedPanel />
        {isOwner && session.data ? <StaffAccounts me={session.data.username} /> : null}
      </Stack>
    </>
  );
}

/** The owner's part: the accounts, add, reset and remove. */
function StaffAccounts({ me }: { me: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [resetting, setResetting] = useState<StaffUser | null>(null);
  const list = useQuery(trpc.staffUsers.list.queryOptions());
  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.staffUsers.pathFilter()), queryClient.invalidateQueries(trpc.audit.pathFilter())]);

  const create = useMutation(
    trpc.staffUsers.create.mutationOptions({
      onSuccess: (user) => success("Account added", `${user.username} can now sign in.`),
      onError: (error) => {
        if (!serverFieldError(error, ["username", "password", "role"])) failure("Failed to add the account", error);
      },
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.staffUsers.remove.mutationOptions({
      onSuccess: () => success("Account removed"),
      onError: (error) => failure("Failed to remove the account", error),
      onSettled: refresh,
    }),
  );
  const setEmail = useMutation(
    trpc.staffUsers.setEmail.mutationOptions({
      onSuccess: (user) =>
        success("E-mail saved", user.email ? `Newsletter tests for ${user.username} go to ${user.email}.` : `${user.username} has no e-mail now.`),
      onSettled: refresh,
    }),
  );
  const reset = useMutation(
    trpc.staffUsers.resetPassword.mutationOptions({
      onSuccess: (user) => {
        success("Password reset", `${user.username} has been signed out everywhere.`);
        setResetting(null);
      },
      onError: (error) => failure("Failed to reset the password", error),
      onSettled: refresh,
    }),
  );

  const confirmRemove = (account: StaffUser) => {
    if (window.confirm(`Remove the account ${account.username}? They will be signed out at once.`)) remove.mutate({ id: account.id });
  };

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section" aria-labelledby="staff-accounts">
      <Title order={2} size="h3" id="staff-accounts" mb="sm">
        Staff accounts
      </Title>
      <QueryState query={list} what="staff accounts">
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Accounts">
          {list.data?.map((account) => (
            <Stack key={account.id} component="li" gap={4} py={6}>
              <Group justify="space-between" gap="xs" wrap="wrap">
                <Group gap="xs" wrap="wrap">
                  <Text fw={600}>{account.username}</Text>
                  <Badge variant={account.role === "owner" ? "filled" : "light"} color={account.role === "owner" ? "sage" : "gray"}>
                    {account.role === "owner" ? "Owner" : "Staff"}
                  </Badge>
                  {account.username === me ? <Text size="sm">(you)</Text> : null}
                  <Text size="sm" c="dimmed">
                    since {formatInstantDate(account.createdAt)}
                  </Text>
                </Group>
                {account.username === me ? null : (
                  <Group gap="xs">
                    <Button size="xs" variant="default" onClick={() => setResetting(account)} aria-label={`Reset password for ${account.username}`}>
                      Reset password
                    </Button>
                    <Button
                      size="xs"
                      variant="outline"
                      color="rose"
                      onClick={() => confirmRemove(account)}
                      aria-label={`Remove ${account.username}`}
                      loading={remove.isPending && remove.variables?.id === account.id}
                    >
                      Remove
                    </Button>
                  </Group>
                )}
              </Group>
              <AccountEmailForm
                account={account}
                onSave={(email) => setEmail.mutateAsync({ id: account.id, email })}
                pending={setEmail.isPending && setEmail.variables?.id === account.id}
              />
            </Stack>
          ))}
        </Stack>
      </QueryState>
      <Title order={3} size="h4" mt="lg" mb="xs">
        Add an account
      </Title>
      <AddAccountForm onSubmit={(values) => create.mutateAsync(values)} pending={create.isPending} />
      <ResetPasswordDialog
        account={resetting}
        onClose={() => setResetting(null)}
        onSubmit={(password) => resetting && reset.mutate({ id: resetting.id, password })}
        pending={reset.isPending}
      />
    </Paper>
  );
}
