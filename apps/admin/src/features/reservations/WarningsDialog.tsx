import { Alert, Button, Group, List, Stack, Text } from "@mantine/core";
import type { BookingWarning } from "@tearoom/domain";
import { Dialog } from "../common/Dialog";

interface WarningsDialogProps {
  /** The warnings the server stopped the save with; null when closed. */
  warnings: BookingWarning[] | null;
  onBack: () => void;
  onSaveAnyway: () => void;
  pending?: boolean;
}

/** R29: each rule a staff booking or edit breaks, named; nothing is saved or e-mailed until "Save anyway". */
export function WarningsDialog({ warnings, onBack, onSaveAnyway, pending }: WarningsDialogProps) {
  return (
    <Dialog opened={warnings !== null} onClose={onBack} title="Please check before saving" zIndex={400}>
      {warnings ? (
        <Stack gap="md">
          <Alert color="gold" variant="light" p="sm">
            <List spacing="xs" size="sm">
              {warnings.map((w) => (
                <List.Item key={w.code} data-warning={w.code}>
                  {w.message}
                </List.Item>
              ))}
            </List>
          </Alert>
          <Text size="sm">Nothing has been saved or sent yet.</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onBack} data-autofocus>
              Go back
            </Button>
            <Button color="gold" onClick={onSaveAnyway} loading={pending}>
              Save anyway
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Dialog>
  );
}
