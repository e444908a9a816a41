import { Button, Group, TextInput } from "@mantine/core";
import type { StaffUser } from "@tearoom/domain";
import { useState } from "react";

/** R56: the address an account's newsletter tests go to; the owner sets it, empty removes it. */
export function AccountEmailForm({ account, onSave, pending }: { account: StaffUser; onSave: (email: string) => Promise<unknown>; pending: boolean }) {
  const [email, setEmail] = useState(account.email ?? "");
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        setError(null);
        onSave(email.trim()).catch((err: unknown) => setError(err instanceof Error ? err.message.replace(/^email: /, "") : "Not saved"));
      }}
    >
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={`E-mail for ${account.username}`}
          type="email"
          size="xs"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={error ?? undefined}
          placeholder="name@example.com"
          w={260}
        />
        <Button size="xs" variant="default" type="submit" loading={pending}>
          Save e-mail
        </Button>
      </Group>
    </form>
  );
}
