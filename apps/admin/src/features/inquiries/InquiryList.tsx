import { Badge, Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { ENQUIRY_TYPE_LABELS, type Inquiry } from "@tearoom/domain";
import { formatInstant } from "../common/format";
import type { ReactNode } from "react";
import classes from "./inquiries.module.css";

interface InquiryListProps {
  title: string;
  /** This page of the section. */
  inquiries: Inquiry[];
  /** Every enquiry of the section, on all pages. */
  count: number;
  onView: (inquiry: Inquiry) => void;
  /** The section's pager, when it has more than one page. */
  pager?: ReactNode;
}

/** One section of enquiries with its count. */
export function InquiryList({ title, inquiries, count, onView, pager }: InquiryListProps) {
  const headingId = `inquiries-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <section aria-labelledby={headingId}>
      <Title order={2} size="h3" id={headingId} mb="sm">
        {title} ({count})
      </Title>
      {inquiries.length === 0 ? (
        <Text c="dimmed" size="sm">
          None.
        </Text>
      ) : (
        <Stack gap="sm">
          {inquiries.map((inquiry) => (
            <Card
              key={inquiry.id}
              withBorder
              radius="md"
              padding="md"
              component="article"
              aria-label={`Inquiry from ${inquiry.name}`}
              className={inquiry.isResolved ? classes.resolved : undefined}
            >
              <Group justify="space-between" align="flex-start" gap="sm">
                <div className={classes.summary}>
                  <Group gap="xs" mb={4}>
                    <Text fw={600}>{inquiry.name}</Text>
                    <Badge size="sm" variant="light" color="rose">
                      {ENQUIRY_TYPE_LABELS[inquiry.enquiryType] ?? inquiry.enquiryType}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {inquiry.email} · {formatInstant(inquiry.createdAt)}
                  </Text>
                  <Text size="sm" mt={6} lineClamp={2}>
                    {inquiry.message}
                  </Text>
                </div>
                <Button size="xs" variant="light" onClick={() => onView(inquiry)} aria-label={`View details of the inquiry from ${inquiry.name}`}>
                  View Details
                </Button>
              </Group>
            </Card>
          ))}
          {pager}
        </Stack>
      )}
    </section>
  );
}
