import { Alert, Button, Stack, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatLongDate, type Arrival, type Booking } from "@tearoom/domain";
import { useState } from "react";
import { Link, useSearchParams } from "react-router";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { ARRIVAL_LABELS } from "../features/day-sheet/labels";
import { dayFromParam, londonToday, neighbours } from "../features/day-sheet/day-date";
import classes from "../features/day-sheet/day-sheet.module.css";
import { DayBookings } from "../features/day-sheet/DayBookings";
import { SlotCovers } from "../features/day-sheet/SlotCovers";
import { useGardenSpots } from "../features/reservations/garden-spots";
import { useTRPC } from "../trpc";

/** /admin/day: the day sheet (R31) for any date, today in London by default; prints on A4. */
export default function DaySheetPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { failure } = useFeedback();
  const [announced, setAnnounced] = useState("");
  const [params, setParams] = useSearchParams();
  const today = londonToday();
  const date = dayFromParam(params.get("date"));
  const { previous, next } = neighbours(date);
  const go = (day: string) => setParams(day === today ? {} : { date: day }, { replace: true });

  const sheet = useQuery(trpc.daySheet.get.queryOptions({ date }));
  const spots = useGardenSpots();
  const mark = useMutation(
    trpc.daySheet.arrival.mutationOptions({
      // The row itself shows the mark; a toast would sit over the next row's buttons, so only screen readers are told.
      onSuccess: (b) => setAnnounced(b.arrival ? `${b.name} marked ${ARRIVAL_LABELS[b.arrival].toLowerCase()}` : `${b.name}: arrival mark taken back`),
      onError: (error) => failure("Failed to mark arrival", error),
      onSettled: () => queryClient.invalidateQueries(trpc.daySheet.pathFilter()),
    }),
  );
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
            <Button size="sm" onClick={() => window.print()}>
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
          <Stack gap="xl">
            {!d.open ? (
              <Alert color="gold" variant="light" title="Closed">
                The tearoom is closed on this date.{d.bookings.length ? " The bookings below still stand." : ""}
              </Alert>
            ) : null}
            <section aria-labelledby="covers-title">
              <h2 id="covers-title" className={classes.sectionTitle}>
                Covers by slot
              </h2>
              <SlotCovers slots={d.slots} />
            </section>
            <section aria-labelledby="bookings-title">
              <h2 id="bookings-title" className={classes.sectionTitle}>
                Bookings ({d.bookings.length}, {guests} {guests === 1 ? "guest" : "guests"})
              </h2>
              <DayBookings
                bookings={d.bookings}
                gardenSpots={spots.data ?? []}
                onOrAfterDay={date <= today}
                onMark={onMark}
                marking={mark.isPending ? (mark.variables?.id ?? null) : null}
              />
            </section>
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}
