import { Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { BOOKINGS_EXPORT_MAX_DAYS, BookingsExportQuerySchema, fieldErrors, londonNow } from "@tearoom/domain";
import { useState } from "react";
import { Dialog } from "../common/Dialog";

/** `/api/bookings.csv` for the chosen dates (R40). */
const bookingsExportUrl = (from: string, to: string) => `/api/bookings.csv?${new URLSearchParams({ from, to }).toString()}`;

/** The first and last day of the current month in London: what an export is most often for. */
function thisMonth(): { from: string; to: string } {
  const today = londonNow().date;
  const [y, m] = today.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${today.slice(0, 8)}01`, to: `${today.slice(0, 8)}${String(last).padStart(2, "0")}` };
}

/** "Export CSV" on the reservations screen: pick the visit dates, then the browser downloads the file. */
export function ExportBookingsButton({ download = (url: string) => window.location.assign(url) }: { download?: (url: string) => void }) {
  const [opened, setOpened] = useState(false);
  const form = useForm({
    initialValues: thisMonth(),
    validate: (values) => {
      const result = BookingsExportQuerySchema.safeParse(values);
      return result.success ? {} : fieldErrors(result.error);
    },
  });
  return (
    <>
      <Button variant="default" onClick={() => setOpened(true)}>
        Export CSV
      </Button>
      <Dialog opened={opened} onClose={() => setOpened(false)} title="Export bookings as CSV">
        <form
          noValidate
          onSubmit={form.onSubmit((values) => {
            download(bookingsExportUrl(values.from, values.to));
            setOpened(false);
          })}
        >
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              Bookings visiting between these dates, whatever their status (at most {BOOKINGS_EXPORT_MAX_DAYS} days).
            </Text>
            <TextInput type="date" label="From" required {...form.getInputProps("from")} />
            <TextInput type="date" label="To" required {...form.getInputProps("to")} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpened(false)}>
                Cancel
              </Button>
              <Button type="submit">Download CSV</Button>
            </Group>
          </Stack>
        </form>
      </Dialog>
    </>
  );
}
