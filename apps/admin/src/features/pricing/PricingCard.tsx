import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { formatPence, PRICING_ITEM_TYPE_LABELS, type PricingItem } from "@tearoom/domain";

interface PricingCardProps {
  item: PricingItem;
  onEdit: () => void;
  onDelete: () => void;
  deleting?: boolean;
}

/** One pricing item: name, price in £ with two decimals, type, status, edit and delete. */
export function PricingCard({ item, onEdit, onDelete, deleting }: PricingCardProps) {
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-label={item.name}>
      <Stack gap="xs" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} size="h4">
            {item.name}
          </Title>
          <Badge color={item.isActive ? "sage" : "gray"} variant={item.isActive ? "filled" : "light"} style={{ flexShrink: 0 }}>
            {item.isActive ? "Active" : "Inactive"}
          </Badge>
        </Group>
        <Text fz={28} fw={600} ff="heading" c="sage.9" lh={1.2}>
          {formatPence(item.price)}
        </Text>
        <Text size="sm" c="dimmed">
          {PRICING_ITEM_TYPE_LABELS[item.itemType] ?? item.itemType}
        </Text>
        <Group gap="xs" mt="auto" pt="sm">
          <Button size="xs" variant="light" onClick={onEdit} aria-label={`Edit ${item.name}`}>
            Edit
          </Button>
          <Button size="xs" variant="subtle" color="rose" onClick={onDelete} loading={deleting} aria-label={`Delete ${item.name}`}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
