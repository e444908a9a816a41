import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { AUDIT_ACTIONS, changedFields, type AuditEvent } from "@tearoom/domain";
import { formatInstant } from "../common/format";
import classes from "./activity.module.css";

/** The Activity screen's name for an action; an action this screen does not know yet shows as recorded. */
export const actionLabel = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

const GBP = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** A recorded value as staff read it: prices (pence) in pounds, yes/no, "(none)" for empty. */
export function formatValue(field: string, value: unknown): string {
  if (value === undefined || value === null || value === "") return "(none)";
  if (typeof value === "number" && /price|pence|amount/i.test(field)) return GBP.format(value / 100);
  if (typeof value === "boolean") return value ? "yes" : "no";
  return typeof value === "string" ? value : JSON.stringify(value);
}

/** "isActive" → "is active": the record's field names, readable. */
const fieldLabel = (field: string) => field.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

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
