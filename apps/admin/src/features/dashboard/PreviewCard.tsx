import { Anchor, Card, Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import classes from "./dashboard.module.css";

interface PreviewCardProps {
  title: string;
  /** The screen that manages these items. */
  to: string;
  linkLabel: string;
  empty: string;
  items: { key: string | number; primary: ReactNode; secondary?: ReactNode; aside?: ReactNode }[];
}

/** The first few items of a list, with a link to the screen that manages them. */
export function PreviewCard({ title, to, linkLabel, empty, items }: PreviewCardProps) {
  const headingId = `preview-${to.replace(/\W+/g, "")}`;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby={headingId}>
      <Stack gap="sm" h="100%">
        <Title order={2} size="h4" id={headingId}>
          {title}
        </Title>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {empty}
          </Text>
        ) : (
          <ul className={classes.previewList}>
            {items.map((item) => (
              <li key={item.key}>
                <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
                  <div className={classes.previewText}>
                    <Text size="sm" fw={600} truncate>
                      {item.primary}
                    </Text>
                    {item.secondary ? (
                      <Text size="xs" c="dimmed" truncate>
                        {item.secondary}
                      </Text>
                    ) : null}
                  </div>
                  {item.aside ? <div className={classes.aside}>{item.aside}</div> : null}
                </Group>
              </li>
            ))}
          </ul>
        )}
        <Anchor component={Link} to={to} size="sm" mt="auto" fw={600}>
          {linkLabel} →
        </Anchor>
      </Stack>
    </Card>
  );
}
