import { Badge, Button, Switch, Table } from "@mantine/core";
import type { NewsletterSubscription } from "@tearoom/domain";
import { formatInstantDate } from "../common/format";
import classes from "../common/ResponsiveTable.module.css";

interface SubscriberTableProps {
  subscribers: NewsletterSubscription[];
  onToggle: (subscriber: NewsletterSubscription, isActive: boolean) => void;
  onDelete: (subscriber: NewsletterSubscription) => void;
  busyId?: number | null;
}

export function subscriberName(s: Pick<NewsletterSubscription, "firstName" | "lastName">): string {
  return [s.firstName, s.lastName].filter(Boolean).join(" ");
}

/** Rows of e-mail, name, status badge, source, subscribed date, active switch and delete. */
export function SubscriberTable({ subscribers, onToggle, onDelete, busyId }: SubscriberTableProps) {
  return (
    <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Email</Table.Th>
          <Table.Th>Name</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Source</Table.Th>
          <Table.Th>Subscribed</Table.Th>
          <Table.Th>Active</Table.Th>
          <Table.Th>
            <span className="visually-hidden">Actions</span>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {subscribers.map((s) => (
          <Table.Tr key={s.id}>
            <Table.Td data-label="Email" className={classes.primary}>
              {s.email}
            </Table.Td>
            <Table.Td data-label="Name">{subscriberName(s) || "—"}</Table.Td>
            <Table.Td data-label="Status">
              <Badge color={s.isActive ? "sage" : "gray"} variant={s.isActive ? "filled" : "light"} className={classes.badge}>
                {s.isActive ? "Active" : "Inactive"}
              </Badge>
            </Table.Td>
            <Table.Td data-label="Source">{s.source}</Table.Td>
            <Table.Td data-label="Subscribed">{formatInstantDate(s.createdAt)}</Table.Td>
            <Table.Td data-label="Active">
              <Switch
                checked={s.isActive}
                disabled={busyId === s.id}
                onChange={(e) => onToggle(s, e.currentTarget.checked)}
                aria-label={`Active subscription for ${s.email}`}
              />
            </Table.Td>
            <Table.Td className={classes.actions}>
              <Button size="xs" variant="subtle" color="rose" onClick={() => onDelete(s)} aria-label={`Delete ${s.email}`}>
                Delete
              </Button>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
