import { Button, Checkbox, Group, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { BookingGuestNote } from "../guests/GuestNote";
import { useForm } from "@mantine/form";
import { Dialog } from "../common/Dialog";
import { TestPaymentBadge } from "../common/TestPaymentBadge";
import { BOOKING_TYPE_LABELS, TABLE_LABEL_MAX, type AdminBookingUpdate, type Booking, type PricingItem } from "@tearoom/domain";
import { useEffect } from "react";
import { BookingNotes } from "./BookingNotes";
import { guestChangeBalance, guestChangeBalanceText } from "./guest-change-balance";
import { ReservationFields } from "./ReservationFields";
import { changesVisit, editDraftFrom, parseEdit, timeOptions, todayInLondon, type EditDraft } from "./reservation-form";

interface EditReservationDialogProps {
  booking: Booking | null;
  onClose: () => void;
  onSave: (booking: Booking, values: AdminBookingUpdate) => void;
  pending?: boolean;
  settings: Record<string, string>;
  /** The pricing items, for the balance a change of guests on a paid tea means (R34). */
  pricing?: readonly PricingItem[];
}

const EMPTY: EditDraft = { name: "", email: "", phone: "", date: "", time: "", guests: 1, staffNotes: "", tableLabel: "", notifyGuest: true };

/** Edit name, contact details, date, time, guests (1–20), staff notes (R30) and table (issue 31) of a reservation. */
export function EditReservationDialog({ booking, onClose, onSave, pending, settings, pricing = [] }: EditReservationDialogProps) {
  const today = todayInLondon();
  const form = useForm<EditDraft>({ mode: "controlled", initialValues: EMPTY });

  useEffect(() => {
    if (!booking) return;
    const values = editDraftFrom(booking);
    form.setInitialValues(values);
    form.setValues(values);
    form.clearErrors();
    // Refilled whenever another booking is opened.
  }, [booking]);

  const submit = form.onSubmit((values) => {
    if (!booking) return;
    const result = parseEdit(values, booking, today);
    if (!result.ok) return form.setErrors(result.errors);
    onSave(booking, result.data);
  });
  const values = form.getValues();
  const balance = booking ? guestChangeBalance(booking, Number(values.guests), pricing) : null;
  const guestNotes = booking ? { dietaryRequirements: booking.dietaryRequirements, specialRequests: booking.specialRequests, staffNotes: null } : null;

  return (
    <Dialog opened={booking !== null} onClose={onClose} title="Edit Reservation" size="lg">
      {booking ? (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group gap="xs">
              <Text size="sm" c="dimmed">
                {BOOKING_TYPE_LABELS[booking.type]} · reference {booking.reference}
              </Text>
              {booking.testPayment ? <TestPaymentBadge /> : null}
            </Group>
            <BookingGuestNote booking={booking} />
            {guestNotes ? <BookingNotes booking={guestNotes} /> : null}
            <ReservationFields
              form={form}
              times={timeOptions(settings, booking.type, booking.time, form.getValues().date)}
              minDate={booking.date < today ? booking.date : today}
              guestsNote={
                // R34: what the new number of guests means for a paid tea, before anything is saved.
                <Text size="sm" aria-live="polite" data-testid="guests-balance" c={balance ? "rose.8" : "dimmed"} fw={balance ? 600 : 400}>
                  {balance === null ? null : guestChangeBalanceText(balance)}
                </Text>
              }
            />
            <TextInput
              label="Table"
              description={`Where the guests sit, e.g. T4 or Window (at most ${TABLE_LABEL_MAX} characters); empty for none.`}
              autoComplete="off"
              {...form.getInputProps("tableLabel")}
            />
            <Textarea label="Staff notes" description="For the team only; never sent to the guest." rows={3} {...form.getInputProps("staffNotes")} />
            <Checkbox
              label="E-mail the guest"
              description={
                changesVisit(values, booking) ? "Tell the guest about the new date, time or guests." : "Sent only when the date, time or guests change."
              }
              {...form.getInputProps("notifyGuest", { type: "checkbox" })}
            />
            <Group justify="flex-end" gap="sm" mt="xs">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={pending}>
                Save Changes
              </Button>
            </Group>
          </Stack>
        </form>
      ) : null}
    </Dialog>
  );
}
