import { Button, Loader, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface FullPageMessageProps {
  title: string;
  children?: ReactNode;
  loading?: boolean;
  action?: { label: string; onClick: () => void };
}

/** A centred message for the whole window: the session check, a lost connection, a missing page. */
export function FullPageMessage({ title, children, loading, action }: FullPageMessageProps) {
  return (
    <main style={{ minHeight: "100vh", display: "grid", placeItems: "center", padding: "1.5rem" }} aria-busy={loading || undefined}>
      <Stack align="center" gap="sm" maw={480} ta="center">
        {loading ? <Loader color="sage" aria-hidden="true" /> : null}
        <Title order={1} size={loading ? "h4" : "h2"}>
          {title}
        </Title>
        {children ? <Text c="dimmed">{children}</Text> : null}
        {action ? <Button onClick={action.onClick}>{action.label}</Button> : null}
      </Stack>
    </main>
  );
}
