import { Anchor, Badge, Button, Group, Stack, Text } from "@mantine/core";
import { Dialog } from "../common/Dialog";
import { ENQUIRY_TYPE_LABELS, type Inquiry } from "@tearoom/domain";
import { formatInstant } from "../common/format";
import classes from "./inquiries.module.css";

interface InquiryDetailsDialogProps {
  inquiry: Inquiry | null;
  onClose: () => void;
  onResolve: (inquiry: Inquiry) => void;
  resolving?: boolean;
}

/** View details: e-mail, phone, message and status; Mark Resolved for an open enquiry. */
export function InquiryDetailsDialog({ inquiry, onClose, onResolve, resolving }: InquiryDetailsDialogProps) {
  return (
    <Dialog opened={inquiry !== null} onClose={onClose} title={inquiry ? `Inquiry from ${inquiry.name}` : "Inquiry"} size="lg">
      {inquiry ? (
        <Stack gap="md">
          <dl className={classes.details}>
            <dt>Email</dt>
            <dd>
              <Anchor href={`mailto:${inquiry.email}`}>{inquiry.email}</Anchor>
            </dd>
            <dt>Phone</dt>
            <dd>{inquiry.phone ? <Anchor href={`tel:${inquiry.phone.replace(/\s+/g, "")}`}>{inquiry.phone}</Anchor> : "Not given"}</dd>
            <dt>Enquiry type</dt>
            <dd>{ENQUIRY_TYPE_LABELS[inquiry.enquiryType] ?? inquiry.enquiryType}</dd>
            <dt>Received</dt>
            <dd>{formatInstant(inquiry.createdAt)}</dd>
            <dt>Status</dt>
            <dd>
              <Badge color={inquiry.isResolved ? "sage" : "gold"} variant="light">
                {inquiry.isResolved ? "Resolved" : "Unresolved"}
              </Badge>
            </dd>
          </dl>
          <div>
            <Text fw={600} size="sm" mb={4}>
              Message
            </Text>
            <Text className={classes.message}>{inquiry.message}</Text>
          </div>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Close
            </Button>
            {!inquiry.isResolved ? (
              <Button onClick={() => onResolve(inquiry)} loading={resolving}>
                Mark Resolved
              </Button>
            ) : null}
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
