import { Button, Group, NativeSelect, Pagination, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  BOOKING_TYPE_LABELS,
  BOOKING_TYPES,
  formatPence,
  parseSetting,
  withDefaults,
  type Booking,
  type BookingWarning,
  type PolicyFee,
} from "@tearoom/domain";
import { EmptyState, StatCard } from "@tearoom/ui";
import { useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { ExportBookingsButton } from "../features/exports/ExportBookingsDialog";
import { paginationLabels, usePageSiblings } from "../features/common/pagination";
import { QueryState } from "../features/common/QueryState";
import { CancelReservationDialog } from "../features/reservations/CancelReservationDialog";
import { DeclineRequestDialog } from "../features/reservations/DeclineRequestDialog";
import { EditReservationDialog } from "../features/reservations/EditReservationDialog";
import { filtersFrom, listQueryFrom, paramsFrom, STATUS_FILTERS, type ReservationFilters } from "../features/reservations/filters";
import { useAreas } from "../features/reservations/areas";
import { useGardenSpots } from "../features/reservations/garden-spots";
import { NewReservationDialog } from "../features/reservations/NewReservationDialog";
import { warningsOf } from "../features/reservations/reservation-form";
import { RefundDialog } from "../features/reservations/RefundDialog";
import { PaymentLinkDialog } from "../features/reservations/PaymentLinkDialog";
import { FeeDialog, type FeeResult } from "../features/reservations/FeeDialog";
import { ReservationTable } from "../features/reservations/ReservationTable";
import { useGuestSummaries } from "../features/guests/use-guest-summaries";
import { WarningsDialog } from "../features/reservations/WarningsDialog";
import { useTRPC } from "../trpc";

/** A save the server stopped with R29's warnings, and how to send it again with them accepted. */
interface HeldSave {
  warnings: BookingWarning[];
  saveAnyway: () => void;
}

/**
 * /admin/reservations: server-side filters and pages, notes on every row (R30), confirm and
 * decline requests (R28), edit, cancel (kept, R14) and add-new, with R29's warnings before saving.
 */
export default function ReservationsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => filtersFrom(params), [params]);
  const setFilters = (change: Partial<ReservationFilters>) => setParams(paramsFrom({ ...filters, page: 1, ...change }), { replace: true });

  // The search box writes to the address after a pause, so each keystroke is not a request.
  const [searchText, setSearchText] = useState(filters.search);
  const [debouncedSearch] = useDebouncedValue(searchText, 300);
  useEffect(() => {
    if (debouncedSearch.trim() !== filters.search) setFilters({ search: debouncedSearch });
    // Only a settled search text should move the filters; the rest are read as they are now.
  }, [debouncedSearch]);

  const list = useQuery({ ...trpc.bookings.list.queryOptions(listQueryFrom(filters)), placeholderData: keepPreviousData });
  const guests = useGuestSummaries(list.data?.items ?? []);
  const settingsQuery = useQuery(trpc.bookingSettings.list.queryOptions());
  const settings = useMemo(() => Object.fromEntries((settingsQuery.data ?? []).map((s) => [s.settingKey, s.settingValue])), [settingsQuery.data]);
  const spots = useGardenSpots();
  const areas = useAreas();
  // R34: the edit dialog prices a change of guests on a paid tea from these.
  const pricing = useQuery(trpc.pricing.list.queryOptions());
  const siblings = usePageSiblings();

  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<Booking | null>(null);
  const [cancelling, setCancelling] = useState<Booking | null>(null);
  const [declining, setDeclining] = useState<Booking | null>(null);
  const [held, setHeld] = useState<HeldSave | null>(null);
  const [refunding, setRefunding] = useState<Booking | null>(null);

  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.bookings.pathFilter()), queryClient.invalidateQueries(trpc.dashboard.pathFilter())]);
  const create = useMutation(
    trpc.bookings.create.mutationOptions({
      onSuccess: () => {
        success("Reservation created", "The new reservation has been successfully created.");
        setHeld(null);
        setAdding(false);
      },
      onError: (error, values) => {
        const warnings = warningsOf(error);
        // R29: nothing was saved; staff go back to the form or save anyway.
        if (warnings) return setHeld({ warnings, saveAnyway: () => create.mutate({ ...values, acceptWarnings: true }) });
        setHeld(null);
        failure("Failed to create reservation. Please try again.", error);
      },
      onSettled: refresh,
    }),
  );
  const update = useMutation(
    trpc.bookings.update.mutationOptions({
      onSuccess: () => {
        success("Reservation updated", "The reservation has been successfully updated.");
        setHeld(null);
        setEditing(null);
      },
      onError: (error, values) => {
        const warnings = warningsOf(error);
        if (warnings) return setHeld({ warnings, saveAnyway: () => update.mutate({ ...values, acceptWarnings: true }) });
        setHeld(null);
        failure("Failed to update reservation. Please try again.", error);
      },
      onSettled: refresh,
    }),
  );
  const cancel = useMutation(
    trpc.bookings.cancel.mutationOptions({
      onSuccess: () => {
        success("Reservation cancelled", "The reservation has been successfully cancelled.");
        setCancelling(null);
      },
      onError: (error) => failure("Failed to cancel reservation. Please try again.", error),
      onSettled: refresh,
    }),
  );
  const confirm = useMutation(
    trpc.bookings.confirm.mutationOptions({
      onSuccess: (b) => success("Request confirmed", `${b.name} has been e-mailed the confirmation.`),
      onError: (error) => failure("Failed to confirm the request. Please try again.", error),
      onSettled: refresh,
    }),
  );
  const decline = useMutation(
    trpc.bookings.decline.mutationOptions({
      onSuccess: (b) => {
        success("Request declined", `${b.name} has been e-mailed the reason.`);
        setDeclining(null);
      },
      onError: (error) => failure("Failed to decline the request. Please try again.", error),
      onSettled: refresh,
    }),
  );

  // Busy only once "Save anyway" is pressed: the refused save is still refreshing the list when the dialog opens.
  const savingAnyway = (create.isPending && !!create.variables?.acceptWarnings) || (update.isPending && !!update.variables?.acceptWarnings);
  const refund = useMutation(
    trpc.bookings.refund.mutationOptions({
      onSuccess: (r) => {
        success("Refund made", `${formatPence(r.amountPence)} has been refunded and the guest has been e-mailed.`);
        setRefunding(null);
      },
      onError: (error) => failure("Failed to refund. Nothing was refunded.", error),
      onSettled: refresh,
    }),
  );

  const [linking, setLinking] = useState<Booking | null>(null);
  const paymentLink = useMutation(
    trpc.bookings.paymentLink.mutationOptions({
      onSuccess: (link) => {
        success(
          "Payment link sent",
          `The guest has been e-mailed a link that works until ${new Date(link.expiresAt).toLocaleDateString("en-GB", { timeZone: "Europe/London", day: "numeric", month: "long" })}.`,
        );
        setLinking(null);
      },
      onError: (error) => failure("Failed to send the payment link. Nothing was sent.", error),
      onSettled: refresh,
    }),
  );
  const linkDays = parseSetting(withDefaults(settings), "payment_link_days");

  // R48: a fee to the saved card; the dialog shows what happened (charged, or the decline) itself.
  const [feeTarget, setFeeTarget] = useState<{ booking: Booking; kind: PolicyFee } | null>(null);
  const [feeResult, setFeeResult] = useState<FeeResult>(null);
  const policies = useQuery({ ...trpc.bookingPolicies.list.queryOptions(), enabled: feeTarget !== null });
  const chargeFee = useMutation(
    trpc.bookings.chargeFee.mutationOptions({
      onSuccess: (answer) => {
        setFeeResult({ kind: "charged", pence: answer.chargedPence });
        success("Fee charged", `${formatPence(answer.chargedPence)} has been charged to the saved card.`);
      },
      onError: (error) => setFeeResult({ kind: "failed", message: error.message }),
      onSettled: refresh,
    }),
  );
  const openFee = (booking: Booking, kind: PolicyFee) => {
    setFeeResult(null);
    setFeeTarget({ booking, kind });
  };

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = !!(filters.search || filters.type || filters.date || filters.status);

  return (
    <>
      <PageHeader
        title="Reservations"
        description="Afternoon teas, tables, picnic hampers and Secret Garden bookings."
        actions={
          <>
            <ExportBookingsButton />
            <Button onClick={() => setAdding(true)}>Add New Reservation</Button>
          </>
        }
      />
      <Stack gap="lg">
        {data ? (
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={{ base: "xs", sm: "md" }}>
            <StatCard label="Today's Reservations" value={data.stats.today} />
            <StatCard label="Upcoming" value={data.stats.upcoming} detail={`${data.stats.upcomingGuests} guests`} tone="gold" />
            <StatCard label="Pending Requests" value={data.stats.pending} tone="rose" />
            <StatCard label="Total Reservations" value={data.stats.total} detail={`${data.stats.cancelled} cancelled`} tone="plum" />
          </SimpleGrid>
        ) : null}
        <section aria-label="Filters">
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            <TextInput
              label="Search"
              type="search"
              placeholder="Name, email, phone or reference"
              value={searchText}
              onChange={(e) => setSearchText(e.currentTarget.value)}
            />
            <NativeSelect
              label="Type"
              value={filters.type}
              onChange={(e) => setFilters({ type: e.currentTarget.value })}
              data={[{ value: "", label: "All types" }, ...BOOKING_TYPES.map((t) => ({ value: t, label: BOOKING_TYPE_LABELS[t] }))]}
            />
            <TextInput label="Date" type="date" value={filters.date} onChange={(e) => setFilters({ date: e.currentTarget.value })} />
            <NativeSelect
              label="Status"
              value={filters.status}
              onChange={(e) => setFilters({ status: e.currentTarget.value })}
              data={STATUS_FILTERS.map((s) => ({ ...s }))}
            />
          </SimpleGrid>
          {filtered ? (
            <Button
              variant="subtle"
              size="xs"
              mt="xs"
              onClick={() => {
                setSearchText("");
                setParams(new URLSearchParams(), { replace: true });
              }}
            >
              Clear filters
            </Button>
          ) : null}
        </section>
        <QueryState query={list} what="reservations" skeletonRows={5}>
          {data && data.items.length === 0 ? (
            <EmptyState title={filtered ? "No reservations match these filters" : "No reservations yet"}>
              {filtered ? "Try another search, type, date or status." : "Bookings from the website and ones added here will appear here."}
            </EmptyState>
          ) : data ? (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                Showing {(data.page - 1) * data.pageSize + 1}–{(data.page - 1) * data.pageSize + data.items.length} of {data.total} reservation
                {data.total === 1 ? "" : "s"}
              </Text>
              <div style={{ opacity: list.isPlaceholderData ? 0.6 : 1 }}>
                <ReservationTable
                  guests={guests}
                  bookings={data.items}
                  gardenSpots={spots.data ?? []}
                  areas={areas.data ?? []}
                  onEdit={setEditing}
                  onCancel={setCancelling}
                  onConfirm={(b) => confirm.mutate({ id: b.id })}
                  onDecline={setDeclining}
                  confirmingId={confirm.isPending ? confirm.variables?.id : null}
                  onRefund={setRefunding}
                  onPaymentLink={setLinking}
                  onFee={openFee}
                />
              </div>
              {pages > 1 ? (
                <Group justify="center">
                  <Pagination
                    total={pages}
                    value={Math.min(filters.page, pages)}
                    onChange={(page) => setFilters({ page })}
                    siblings={siblings}
                    boundaries={1}
                    {...paginationLabels}
                  />
                </Group>
              ) : null}
            </Stack>
          ) : null}
        </QueryState>
      </Stack>
      <NewReservationDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onCreate={(values) => create.mutate(values)}
        pending={create.isPending}
        settings={settings}
        gardenSpots={spots.data ?? []}
      />
      <EditReservationDialog
        booking={editing}
        onClose={() => setEditing(null)}
        onSave={(b, values) => update.mutate({ id: b.id, ...values })}
        pending={update.isPending}
        settings={settings}
        pricing={pricing.data}
      />
      <RefundDialog
        booking={refunding}
        onClose={() => setRefunding(null)}
        onRefund={(b, request) => refund.mutate({ id: b.id, ...request })}
        pending={refund.isPending}
      />
      <PaymentLinkDialog
        booking={linking}
        onClose={() => setLinking(null)}
        onSend={(b, request) => paymentLink.mutate({ id: b.id, ...request })}
        pending={paymentLink.isPending}
        days={linkDays}
      />
      <FeeDialog
        target={feeTarget}
        policy={policies.data?.find((p) => p.bookingType === feeTarget?.booking.type)}
        onClose={() => setFeeTarget(null)}
        onCharge={(b, request) => chargeFee.mutate({ id: b.id, ...request })}
        pending={chargeFee.isPending}
        result={feeResult}
      />
      <CancelReservationDialog
        booking={cancelling}
        onKeep={() => setCancelling(null)}
        onConfirm={(b, options) => cancel.mutate({ id: b.id, ...options })}
        pending={cancel.isPending}
      />
      <DeclineRequestDialog
        booking={declining}
        onClose={() => setDeclining(null)}
        onDecline={(b, values) => decline.mutate({ id: b.id, ...values })}
        pending={decline.isPending}
      />
      <WarningsDialog warnings={held?.warnings ?? null} onBack={() => setHeld(null)} onSaveAnyway={() => held?.saveAnyway()} pending={savingAnyway} />
    </>
  );
}
