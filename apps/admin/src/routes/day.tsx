import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatLongDate, type Arrival, type Booking, type BookingWarning, type WalkIn } from "@tearoom/domain";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { ARRIVAL_LABELS } from "../features/day-sheet/labels";
import { dayFromParam, londonToday, neighbours } from "../features/day-sheet/day-date";
import classes from "../features/day-sheet/day-sheet.module.css";
import { DayBookings } from "../features/day-sheet/DayBookings";
import { useGuestSummaries } from "../features/guests/use-guest-summaries";
import { AreaTimelines } from "../features/day-sheet/AreaTimelines";
import { SlotCovers } from "../features/day-sheet/SlotCovers";
import { WalkInDialog } from "../features/day-sheet/WalkInDialog";
import { DayWaitlist } from "../features/day-sheet/DayWaitlist";
import { useAreas } from "../features/reservations/areas";
import { useGardenSpots } from "../features/reservations/garden-spots";
import { warningsOf } from "../features/reservations/reservation-form";
import { useTRPC } from "../trpc";

/** /admin/day: the day sheet (R31) for any date, today in London by default; prints on A4. */
export default function DaySheetPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [walkInOpen, setWalkInOpen] = useState(false);
  const [walkInWarnings, setWalkInWarnings] = useState<BookingWarning[] | null>(null);
  const [announced, setAnnounced] = useState("");
  const [params, setParams] = useSearchParams();
  const today = londonToday();
  const date = dayFromParam(params.get("date"));
  const { previous, next } = neighbours(date);
  const go = (day: string) => setParams(day === today ? {} : { date: day }, { replace: true });

  const sheet = useQuery(trpc.daySheet.get.queryOptions({ date }));
  const occupancy = useQuery(trpc.areas.occupancy.queryOptions({ date }));
  const guestRecords = useGuestSummaries(sheet.data?.bookings ?? []);
  const spots = useGardenSpots();
  const areas = useAreas();
  const gardenSpotAreaIds = new Set((areas.data ?? []).filter((a) => a.gardenSpotId !== null).map((a) => a.id));
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(trpc.daySheet.pathFilter()), queryClient.invalidateQueries(trpc.areas.occupancy.pathFilter())]);
  const mark = useMutation(
    trpc.daySheet.arrival.mutationOptions({
      // The row itself shows the mark; a toast would sit over the next row's buttons, so only screen readers are told.
      onSuccess: (b) => setAnnounced(b.arrival ? `${b.name} marked ${ARRIVAL_LABELS[b.arrival].toLowerCase()}` : `${b.name}: arrival mark taken back`),
      onError: (error) => failure("Failed to mark arrival", error),
      onSettled: () => queryClient.invalidateQueries(trpc.daySheet.pathFilter()),
    }),
  );
  const seat = useMutation(
    trpc.walkIns.create.mutationOptions({
      onSuccess: (b) => {
        setWalkInOpen(false);
        setWalkInWarnings(null);
        const area = areas.data?.find((a) => a.id === b.areaId)?.name;
        success(
          "Walk-in seated",
          `${b.guests} ${b.guests === 1 ? "guest" : "guests"} at ${b.time}${area ? ` in the ${area}` : ""}${b.tableLabel ? `, table ${b.tableLabel}` : ""}.`,
        );
        void refresh();
      },
      onError: (error) => {
        // R29: the room is full; staff see why and may seat them anyway.
        const warnings = warningsOf(error);
        if (warnings) return setWalkInWarnings(warnings);
        failure("Failed to seat the walk-in", error);
      },
    }),
  );
  const onSeat = (walkIn: WalkIn) => seat.mutate(walkIn);
  const onMark = (b: Booking, arrival: Arrival | null) => mark.mutate({ id: b.id, status: arrival });

  const d = sheet.data;
  const guests = d?.bookings.reduce((n, b) => n + b.guests, 0) ?? 0;

  return (
    <>
      <PageHeader
        title="Day Sheet"
        description={`${formatLongDate(date)}${date === today ? " (today)" : ""}`}
        actions={
          <div className={`${classes.dateNav} ${classes.screenOnly}`}>
            <Button variant="default" size="sm" onClick={() => go(previous)} aria-label={`Previous day, ${formatLongDate(previous)}`}>
              ‹ Previous
            </Button>
            <TextInput type="date" size="sm" label="Date" value={date} onChange={(e) => e.currentTarget.value && go(e.currentTarget.value)} />
            <Button variant="default" size="sm" onClick={() => go(next)} aria-label={`Next day, ${formatLongDate(next)}`}>
              Next ›
            </Button>
            {date !== today ? (
              <Button variant="light" size="sm" onClick={() => go(today)}>
                Today
              </Button>
            ) : null}
            {date >= today && sheet.data?.open ? (
              <Button component={Link} to={`/closures?date=${date}`} variant="default" size="sm">
                Close this date
              </Button>
            ) : null}
            {date === today ? (
              <Button size="sm" color="sage" onClick={() => setWalkInOpen(true)}>
                Seat walk-in
              </Button>
            ) : null}
            <Button size="sm" variant={date === today ? "default" : "filled"} onClick={() => window.print()}>
              Print
            </Button>
          </div>
        }
      />
      <p className="visually-hidden" role="status">
        {announced}
      </p>
      <QueryState query={sheet} what="the day sheet" skeletonRows={4}>
        {d ? (
          <Stack gap="xl" className={classes.sheet}>
            {!d.open ? (
              <Alert color="gold" variant="light" title="Closed" className={classes.closed}>
                The tearoom is closed on this date.{d.bookings.length ? " The bookings below still stand." : ""}
              </Alert>
            ) : null}
            {/* Bookings first: on a phone the list is what staff work from; wider screens draw the room above it. */}
            <section aria-labelledby="bookings-title" className={classes.bookingsSection}>
              <h2 id="bookings-title" className={classes.sectionTitle}>
                Bookings ({d.bookings.length}, {guests} {guests === 1 ? "guest" : "guests"})
              </h2>
              <DayBookings
                guests={guestRecords}
                bookings={d.bookings}
                gardenSpots={spots.data ?? []}
                areas={areas.data ?? []}
                onOrAfterDay={date <= today}
                onMark={onMark}
                marking={mark.isPending ? (mark.variables?.id ?? null) : null}
              />
            </section>
            <section aria-labelledby="room-title" className={classes.roomSection}>
              <h2 id="room-title" className={classes.sectionTitle}>
                Seats through the day
              </h2>
              <QueryState query={occupancy} what="the seats through the day" skeletonRows={2}>
                {occupancy.data ? <AreaTimelines areas={occupancy.data.areas} gardenSpotAreaIds={gardenSpotAreaIds} /> : null}
              </QueryState>
            </section>
            <section aria-labelledby="covers-title" className={classes.coversSection}>
              <h2 id="covers-title" className={classes.sectionTitle}>
                Covers by slot
              </h2>
              <SlotCovers slots={d.slots} />
            </section>
            <section aria-labelledby="waitlist-title" className={classes.screenOnly}>
              <h2 id="waitlist-title" className={classes.sectionTitle}>
                Waiting list
              </h2>
              <DayWaitlist date={date} />
            </section>
          </Stack>
        ) : null}
      </QueryState>
      <WalkInDialog
        opened={walkInOpen}
        onClose={() => {
          setWalkInOpen(false);
          setWalkInWarnings(null);
        }}
        onSeat={onSeat}
        warnings={walkInWarnings}
        onChangeParty={() => setWalkInWarnings(null)}
        pending={seat.isPending}
        areas={areas.data ?? []}
      />
    </>
  );
}
