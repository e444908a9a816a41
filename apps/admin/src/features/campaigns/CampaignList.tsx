import { Badge, Button, Group, Paper, Stack, Text } from "@mantine/core";
import type { Campaign } from "@tearoom/domain";
import { formatInstantDate } from "../common/format";

const STATUS: Record<Campaign["status"], { label: string; color: string }> = {
  draft: { label: "Draft", color: "gray" },
  sending: { label: "Sending", color: "gold" },
  sent: { label: "Sent", color: "sage" },
};

/** The newsletters written so far, newest first, with where each send stands (R56). */
export function CampaignList({ campaigns, onOpen }: { campaigns: Campaign[]; onOpen: (c: Campaign) => void }) {
  return (
    <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Newsletters">
      {campaigns.map((c) => (
        <Paper key={c.id} component="li" withBorder p="sm" radius="md">
          <Group justify="space-between" gap="xs" wrap="wrap">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Text fw={600} style={{ overflowWrap: "anywhere" }}>
                {c.subject}
              </Text>
              <Text size="sm" c="dimmed">
                {c.status === "draft"
                  ? `Written ${formatInstantDate(c.createdAt)} by ${c.createdBy}`
                  : `${c.sent} of ${c.recipients} sent · started ${formatInstantDate(c.sendStartedAt ?? c.createdAt)} by ${c.sentBy ?? c.createdBy}`}
              </Text>
            </Stack>
            <Group gap="xs">
              <Badge color={STATUS[c.status].color} variant={c.status === "sent" ? "filled" : "light"}>
                {STATUS[c.status].label}
              </Badge>
              {c.status === "draft" ? (
                <Button size="xs" variant="default" onClick={() => onOpen(c)} aria-label={`Open the draft ${c.subject}`}>
                  Open
                </Button>
              ) : null}
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
