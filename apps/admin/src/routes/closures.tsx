import "@mantine/core/styles/Radio.css";
import { Alert, Button, Card, Radio, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatLongDate, formatTime12h, type ClosureRefundFailure } from "@tearoom/domain";
import { useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { ClosureCalendar } from "../features/closures/ClosureCalendar";
import { ClosurePanel, type CloseChoice } from "../features/closures/ClosurePanel";
import { ClosureRangeFields } from "../features/closures/ClosureRangeFields";
import { AreaPartFields } from "../features/closures/AreaPartFields";
import { areaPartReady, type AreaPart } from "../features/closures/area-part";
import { rangeErrors } from "../features/closures/closure-range";
import classes from "../features/closures/closures.module.css";
import { useFeedback } from "../features/common/feedback";
import { formatShortDate } from "../features/common/format";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { dayFromParam, londonToday } from "../features/day-sheet/day-date";
import { useTRPC } from "../trpc";

/**
 * /admin/closures: close a date from a calendar, seeing the bookings on it first (R32); reopen
 * one; or close a range of dates (R45), seeing the bookings on them first.
 */
export default function ClosuresPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const today = londonToday();
  // The chosen date lives in the address (?date=), so the day sheet can link to it.
  const [params, setParams] = useSearchParams();
  const asked = params.get("date");
  const date = asked && dayFromParam(asked) === asked && asked >= today ? asked : null;
  const setDate = (day: string) => {
    setNotRefunded([]);
    setParams({ date: day }, { replace: true });
  };
  // R45: a range lives in the address too (?from=&to=), so a reload keeps it.
  const [mode, setMode] = useState<"date" | "range" | "part">(params.has("from") ? "range" : params.has("area") ? "part" : "date");
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const setRange = (range: { from: string; to: string }) => {
    setNotRefunded([]);
    setParams(range, { replace: true });
  };
  const rangeReady = mode === "range" && from !== "" && to !== "" && Object.keys(rangeErrors(from, to, today)).length === 0;
  const switchMode = (next: string) => {
    setNotRefunded([]);
    setMode(next === "range" ? "range" : next === "part" ? "part" : "date");
    setParams(next === "range" ? { from: date ?? "", to: date ?? "" } : next === "part" ? { area: "", date: date ?? "" } : {}, { replace: true });
  };
  // R45: part of a day in one area lives in the address as well (?area=&date=&start=&end=).
  const part: AreaPart = {
    areaId: params.get("area") ?? "",
    date: params.get("date") ?? "",
    startTime: params.get("start") ?? "",
    endTime: params.get("end") ?? "",
    reason: params.get("reason") ?? "",
  };
  const setPart = (next: AreaPart) => {
    setNotRefunded([]);
    setParams(
      { area: next.areaId, date: next.date, start: next.startTime, end: next.endTime, ...(next.reason ? { reason: next.reason } : {}) },
      { replace: true },
    );
  };
  const partReady = mode === "part" && areaPartReady(part, today);
  // R34: paid bookings the provider would not refund when the date closed; they stand until staff deal with them.
  const [notRefunded, setNotRefunded] = useState<ClosureRefundFailure[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  // On a phone the chosen date's bookings sit below the calendar: bring them into view.
  const choose = (day: string) => {
    setMode("date");
    setDate(day);
    if (window.matchMedia("(max-width: 61.99em)").matches) requestAnimationFrame(() => panel.current?.scrollIntoView({ block: "start" }));
  };

  const closed = useQuery(trpc.closures.list.queryOptions());
  const preview = useQuery({ ...trpc.closures.preview.queryOptions({ date: date ?? today }), enabled: mode === "date" && date !== null });
  const rangePreview = useQuery({ ...trpc.closures.previewRange.queryOptions({ from: from || today, to: to || today }), enabled: rangeReady });
  const areas = useQuery({ ...trpc.areas.list.queryOptions(), enabled: mode === "part" });
  const partQuery = { date: part.date || today, startTime: part.startTime || "00:00", endTime: part.endTime || "00:15", areaId: Number(part.areaId) || 1 };
  const partPreview = useQuery({ ...trpc.closures.areaPreview.queryOptions(partQuery), enabled: partReady });
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.closures.pathFilter()),
      queryClient.invalidateQueries(trpc.bookingSettings.pathFilter()),
      queryClient.invalidateQueries(trpc.bookings.pathFilter()),
      queryClient.invalidateQueries(trpc.daySheet.pathFilter()),
      queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
    ]);
  const close = useMutation(
    trpc.closures.close.mutationOptions({
      onSuccess: (r) => {
        setNotRefunded(r.notRefunded);
        const cancelled = r.cancelled.length ? `${r.cancelled.length === 1 ? "1 booking" : `${r.cancelled.length} bookings`} cancelled.` : "";
        const refused = r.notRefunded.length
          ? ` ${r.notRefunded.length === 1 ? "1 paid booking" : `${r.notRefunded.length} paid bookings`} could not be refunded.`
          : "";
        const what = r.areaClosure
          ? `${r.areaClosure.areaName} on ${formatLongDate(r.date)}, ${formatTime12h(r.areaClosure.startTime)}–${formatTime12h(r.areaClosure.endTime)},`
          : r.range
            ? `${r.range.closedDates.length === 1 ? "1 date" : `${r.range.closedDates.length} dates`} from ${formatLongDate(r.range.from)} to ${formatLongDate(r.range.to)}`
            : formatLongDate(r.date);
        success(`${what} closed`, `${cancelled}${refused}`.trim() || undefined);
      },
      onError: (error) => failure("Failed to close the date", error),
      onSettled: refresh,
    }),
  );
  const reopen = useMutation(
    trpc.closures.reopen.mutationOptions({
      onSuccess: (r) => success(`${formatLongDate(r.date)} reopened`),
      onError: (error) => failure("Failed to reopen the date", error),
      onSettled: refresh,
    }),
  );
  const reopenArea = useMutation(
    trpc.closures.reopenArea.mutationOptions({
      onSuccess: () => success("The area is open again"),
      onError: (error) => failure("Failed to open the area again", error),
      onSettled: refresh,
    }),
  );
  const closedDates = closed.data?.dates ?? [];
  const closedParts = closed.data?.areas ?? [];
  const partTitle = (p: { areaName: string; date: string; startTime: string; endTime: string }) =>
    `${p.areaName}, ${formatLongDate(p.date)}, ${formatTime12h(p.startTime)}–${formatTime12h(p.endTime)}`;

  return (
    <>
      <PageHeader
        title="Closures"
        description="Close the tearoom on a date or a range of dates, or one area for part of a day. The bookings already there are shown before anything changes."
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="closure-calendar">
          <Title order={2} size="h4" id="closure-calendar" mb="sm">
            {mode === "range" ? "Choose the dates" : mode === "part" ? "Choose the area and time" : "Choose a date"}
          </Title>
          <Stack gap="md">
            <Radio.Group aria-label="What to close" value={mode} onChange={switchMode}>
              <Stack gap={6}>
                <Radio value="date" label="Close one date" />
                <Radio value="range" label="Close a range of dates" />
                <Radio value="part" label="Close an area for part of a day" />
              </Stack>
            </Radio.Group>
            {mode === "range" ? (
              <ClosureRangeFields from={from} to={to} today={today} onChange={setRange} />
            ) : mode === "part" ? (
              <AreaPartFields value={part} areas={areas.data ?? []} today={today} onChange={setPart} />
            ) : (
              <ClosureCalendar value={date} onChange={choose} closed={closedDates} today={today} />
            )}
            <QueryState query={closed} what="the closed dates" skeletonRows={1}>
              <div>
                <Text fw={600} size="sm" mb={6}>
                  Closed dates ahead
                </Text>
                {closedDates.length ? (
                  <div className={classes.dates}>
                    {closedDates.map((d) => (
                      <Button key={d} size="xs" variant={d === date ? "filled" : "light"} color="rose" onClick={() => choose(d)} aria-pressed={d === date}>
                        {formatShortDate(d)}
                      </Button>
                    ))}
                  </div>
                ) : (
                  <Text size="sm" c="dimmed">
                    No closed dates ahead.
                  </Text>
                )}
              </div>
              <div>
                <Text fw={600} size="sm" mb={6}>
                  Areas closed for part of a day
                </Text>
                {closedParts.length ? (
                  <ul className={classes.parts}>
                    {closedParts.map((p) => (
                      <li key={p.id}>
                        <span>
                          {partTitle(p)}
                          {p.reason ? <Text span c="dimmed" size="sm">{` · ${p.reason}`}</Text> : null}
                        </span>
                        <Button
                          size="xs"
                          variant="light"
                          onClick={() => reopenArea.mutate({ id: p.id })}
                          loading={reopenArea.isPending}
                          aria-label={`Open again: ${partTitle(p)}`}
                        >
                          Open again
                        </Button>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <Text size="sm" c="dimmed">
                    No areas closed ahead.
                  </Text>
                )}
              </div>
            </QueryState>
          </Stack>
        </Card>
        <Card ref={panel} withBorder radius="md" padding="lg" component="section" aria-label={mode === "range" ? "The chosen dates" : "The chosen date"}>
          {notRefunded.length ? (
            <Alert color="rose" variant="light" title="Not refunded, so not cancelled" mb="md" role="alert">
              <Text size="sm" mb="xs">
                The payment provider did not make these refunds. The bookings still stand: refund and cancel them from Reservations.
              </Text>
              <ul className={classes.refused}>
                {notRefunded.map((f) => (
                  <li key={f.booking.id}>
                    <strong>{f.booking.name}</strong> ({f.booking.reference}): {f.message}
                  </li>
                ))}
              </ul>
            </Alert>
          ) : null}
          {mode === "part" ? (
            !partReady ? (
              <Text c="dimmed">Choose the area, the date and the times to see the bookings there before closing it.</Text>
            ) : (
              <QueryState query={partPreview} what="the bookings in that area and time">
                {partPreview.data ? (
                  <ClosurePanel
                    key={JSON.stringify(partPreview.data.closure)}
                    preview={{ date: partPreview.data.closure.date, closed: false, bookings: partPreview.data.bookings }}
                    part={{
                      title: partTitle({ ...partPreview.data.closure, areaName: partPreview.data.areaName }),
                      button: `Close the ${partPreview.data.areaName} ${formatTime12h(partPreview.data.closure.startTime)}–${formatTime12h(partPreview.data.closure.endTime)}`,
                    }}
                    busy={close.isPending}
                    onClose={(choice: CloseChoice) => close.mutate({ ...partPreview.data.closure, ...(part.reason ? { reason: part.reason } : {}), ...choice })}
                    onReopen={() => undefined}
                  />
                ) : null}
              </QueryState>
            )
          ) : mode === "range" ? (
            !rangeReady ? (
              <Text c="dimmed">Choose the first and last dates to see the bookings on them before closing them.</Text>
            ) : (
              <QueryState query={rangePreview} what="the bookings on those dates">
                {rangePreview.data ? (
                  <ClosurePanel
                    key={`${rangePreview.data.from}-${rangePreview.data.to}-${rangePreview.data.closedDates.length}`}
                    preview={rangePreview.data}
                    busy={close.isPending}
                    onClose={(choice: CloseChoice) => close.mutate({ from: rangePreview.data.from, to: rangePreview.data.to, ...choice })}
                    onReopen={() => undefined}
                  />
                ) : null}
              </QueryState>
            )
          ) : date === null ? (
            <Text c="dimmed">Pick a date in the calendar to see its bookings and close or reopen it.</Text>
          ) : (
            <QueryState query={preview} what="the bookings on that date">
              {preview.data ? (
                <ClosurePanel
                  key={`${preview.data.date}-${preview.data.closed}`}
                  preview={preview.data}
                  busy={close.isPending || reopen.isPending}
                  onClose={(choice: CloseChoice) => close.mutate({ date: preview.data.date, ...choice })}
                  onReopen={() => reopen.mutate({ date: preview.data.date })}
                />
              ) : null}
            </QueryState>
          )}
        </Card>
      </SimpleGrid>
    </>
  );
}
