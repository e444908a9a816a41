import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { changedFields, type AuditEvent } from "@tearoom/domain";
import { formatInstant } from "../common/format";
import classes from "./activity.module.css";
import { actionLabel, fieldLabel, formatValue } from "./format-audit";

/** One audit event: what, who and when, and each changed field before → after. */
export function AuditEventCard({ event }: { event: AuditEvent }) {
  const changes = changedFields(event.before, event.after);
  return (
    <Paper withBorder p="md" radius="md" component="li" className={classes.item}>
      <Stack gap={6}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Badge variant="light" color="sage">
              {actionLabel(event.action)}
            </Badge>
            <Text fw={600}>{event.subject}</Text>
          </Group>
          <Text size="sm" c="dimmed">
            by <strong>{event.actor}</strong> · <time dateTime={event.at}>{formatInstant(event.at)}</time>
          </Text>
        </Group>
        {changes.length > 0 ? (
          <dl className={classes.changes}>
            {changes.map((c) => (
              <div key={c.field} className={classes.change}>
                <dt>{fieldLabel(c.field)}</dt>
                <dd>
                  {event.before ? <span>{formatValue(c.field, c.before)}</span> : null}
                  {event.before && event.after ? <span aria-label="changed to"> → </span> : null}
                  {event.after ? <span className={classes.after}>{formatValue(c.field, c.after)}</span> : null}
                </dd>
              </div>
            ))}
          </dl>
        ) : null}
      </Stack>
    </Paper>
  );
}
