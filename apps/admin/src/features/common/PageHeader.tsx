import { Group, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useDocumentTitle } from "./useDocumentTitle";

interface PageHeaderProps {
  title: string;
  description?: ReactNode;
  /** Buttons on the right (wrapping below on narrow screens). */
  actions?: ReactNode;
}

/** The heading of a staff screen; also names the browser tab. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  useDocumentTitle(title);
  return (
    <Group justify="space-between" align="flex-end" mb="lg" gap="sm">
      <div>
        <Title order={1} fz={{ base: 28, sm: 34 }} lh={1.2}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" mt={4}>
            {description}
          </Text>
        ) : null}
      </div>
      {actions ? <Group gap="sm">{actions}</Group> : null}
    </Group>
  );
}
