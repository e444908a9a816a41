import { Badge } from "@mantine/core";
import { BOOKING_TYPE_LABELS, type AreaView, type Arrival, type Booking, type GardenSpot, type GuestSummary } from "@tearoom/domain";
import { areaName } from "../reservations/areas";
import { TestPaymentBadge } from "../common/TestPaymentBadge";
import { PaymentSummary } from "../reservations/PaymentSummary";
import { bookingDetails, STATUS_LABELS } from "../reservations/ReservationTable";
import { GuestNote } from "../guests/GuestNote";
import { ArrivalControls } from "./ArrivalControls";
import { BookingNotes } from "./BookingNotes";
import classes from "./day-sheet.module.css";
import { hasNotes } from "./labels";

interface DayBookingsProps {
  bookings: Booking[];
  gardenSpots: GardenSpot[];
  /** The seating areas (R44), to name each booking's. */
  areas: AreaView[];
  onOrAfterDay: boolean;
  onMark: (booking: Booking, arrival: Arrival | null) => void;
  /** The id of the booking being marked, if any. */
  marking: number | null;
  /** R55: the guests of these bookings, by id, for their tags and visits. */
  guests?: ReadonlyMap<number, GuestSummary>;
}

/** The day's bookings in time order (R31): who, how many, their table, what, status, notes flagged, arrival. */
export function DayBookings({ bookings, gardenSpots, areas, onOrAfterDay, onMark, marking, guests }: DayBookingsProps) {
  if (bookings.length === 0) return <p className={classes.quiet}>No bookings on this day.</p>;
  return (
    <table className={classes.bookings}>
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Guest</th>
          <th scope="col">Guests</th>
          <th scope="col">Area</th>
          <th scope="col">Table</th>
          <th scope="col">Booking</th>
          <th scope="col">Status</th>
          <th scope="col">Notes</th>
          <th scope="col">Arrival</th>
        </tr>
      </thead>
      <tbody>
        {bookings.map((b) => {
          const details = bookingDetails(b, gardenSpots);
          const area = areaName(b, areas);
          return (
            <tr key={b.id} data-notes={hasNotes(b) || undefined} data-arrival={b.arrival ?? undefined}>
              <td data-label="Time" className={classes.time}>
                {b.time}
              </td>
              <td className={classes.guest}>
                <strong>{b.name}</strong> <span className={classes.reference}>{b.reference}</span>
                <span className={classes.contact}>{b.phone}</span>
                <GuestNote guest={b.guestId ? guests?.get(b.guestId) : undefined} />
              </td>
              <td data-label="Guests" className={classes.number}>
                {b.guests}
              </td>
              <td data-label="Area" className={classes.area} data-empty={area ? undefined : true}>
                {area || <span aria-label="No area">—</span>}
              </td>
              {/* Issue 31: the table staff noted, so the floor knows where to seat the party. */}
              <td data-label="Table" className={classes.tableLabel} data-empty={b.tableLabel ? undefined : true}>
                {b.tableLabel ? <span className={classes.tableTag}>{b.tableLabel}</span> : <span aria-label="No table">—</span>}
              </td>
              <td data-label="Booking">
                <div>
                  {BOOKING_TYPE_LABELS[b.type]}
                  {details ? <span className={classes.details}>{details}</span> : null}
                </div>
              </td>
              <td data-label="Status">
                <div className={classes.statuses}>
                  <Badge color={b.status === "confirmed" ? "sage" : "gold"} variant={b.status === "confirmed" ? "light" : "outline"} className={classes.badge}>
                    {STATUS_LABELS[b.status]}
                  </Badge>
                  {b.testPayment ? <TestPaymentBadge /> : null}
                </div>
                {/* R34: what was paid, so staff know what is owed at the table. */}
                <PaymentSummary booking={b} compact />
              </td>
              <td data-label="Notes" className={classes.notesCell}>
                <BookingNotes booking={b} />
              </td>
              <td data-label="Arrival" className={classes.arrival} data-empty={!b.arrival && !(b.status === "confirmed" && onOrAfterDay) ? true : undefined}>
                <ArrivalControls booking={b} onOrAfterDay={onOrAfterDay} onMark={onMark} pending={marking === b.id} />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
