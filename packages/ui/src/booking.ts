// Booking form fields live behind their own entry so pages without a form do not load the
// calendar (and @mantine/dates) at all.
export { BookingCalendar, type BookingCalendarProps } from "./BookingCalendar/BookingCalendar";
export { GuestStepper, type GuestStepperProps } from "./BookingFields/GuestStepper";
export { SlotSelect, slotsWithRoom, type Slot, type SlotSelectProps } from "./BookingFields/SlotSelect";
