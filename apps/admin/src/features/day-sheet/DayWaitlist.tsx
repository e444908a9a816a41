import { Button, Group, Table, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatTime12h, type WaitlistEntry } from "@tearoom/domain";
import { useState } from "react";
import { useFeedback } from "../common/feedback";
import { QueryState } from "../common/QueryState";
import { useTRPC } from "../../trpc";
import classes from "../common/ResponsiveTable.module.css";

const STATUS_LABELS: Record<WaitlistEntry["status"], string> = {
  waiting: "Waiting",
  offered: "Offered",
  claimed: "Claimed",
  lapsed: "Offer lapsed",
  left: "Left",
  ended: "Ended",
};
const TYPE_LABELS: Record<WaitlistEntry["type"], string> = { afternoonTea: "Afternoon tea", table: "Table", event: "Event tickets" };
const clock = (iso: string) => new Date(iso).toLocaleTimeString("en-GB", { timeZone: "Europe/London", hour: "2-digit", minute: "2-digit" });

function OfferControl({ entry, onOffer, pending }: { entry: WaitlistEntry; onOffer: (time: string) => void; pending: boolean }) {
  const [time, setTime] = useState(entry.times?.[0] ?? "");
  return (
    <Group gap="xs" wrap="nowrap">
      <TextInput
        aria-label={`Time to offer ${entry.name}`}
        type="time"
        size="xs"
        value={time}
        onChange={(e) => setTime(e.currentTarget.value)}
        style={{ width: "7rem" }}
      />
      <Button size="xs" onClick={() => onOffer(time)} disabled={pending || !/^\d\d:\d\d$/.test(time)}>
        Offer seats
      </Button>
    </Group>
  );
}

/** R52: the day's waiting list on the day sheet: each entry's place, times and party, offering by hand and removing. */
export function DayWaitlist({ date }: { date: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const list = useQuery(trpc.waitlist.list.queryOptions({ date }));
  const refresh = () => queryClient.invalidateQueries(trpc.waitlist.pathFilter());
  const offer = useMutation(
    trpc.waitlist.offer.mutationOptions({
      onSuccess: (e) =>
        success("Seats offered", `${e.name} is e-mailed; the seats are held until ${e.offerExpiresAt ? clock(e.offerExpiresAt) : "the offer lapses"}.`),
      onError: (error) => failure("Could not offer the seats", error),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.waitlist.remove.mutationOptions({
      onSuccess: () => success("Removed from the waiting list", "Any seats held for them go to the next guest."),
      onError: (error) => failure("Could not remove the entry", error),
      onSettled: refresh,
    }),
  );
  return (
    <QueryState query={list} what="the waiting list" skeletonRows={1}>
      {list.data && list.data.length === 0 ? <p>Nobody is on the waiting list for this day.</p> : null}
      {list.data && list.data.length > 0 ? (
        <div className={classes.scroll}>
          <Table className={classes.table} verticalSpacing="xs" aria-label="Waiting list">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Guest</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Place</Table.Th>
                <Table.Th>Times</Table.Th>
                <Table.Th>Party</Table.Th>
                <Table.Th>Contact</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.map((e) => {
                const active = e.status === "waiting" || e.status === "offered" || e.status === "lapsed";
                return (
                  <Table.Tr key={e.id}>
                    <Table.Td className={classes.primary}>
                      {e.name} · {e.reference}
                    </Table.Td>
                    <Table.Td data-label="Status">
                      {STATUS_LABELS[e.status]}
                      {e.status === "offered" && e.offerTime && e.offerExpiresAt
                        ? ` (${formatTime12h(e.offerTime)}, held until ${clock(e.offerExpiresAt)})`
                        : ""}
                    </Table.Td>
                    <Table.Td data-label="Place">{e.position ?? "–"}</Table.Td>
                    <Table.Td data-label="Times">
                      {TYPE_LABELS[e.type]}: {e.times ? e.times.map(formatTime12h).join(", ") : "Any time"}
                    </Table.Td>
                    <Table.Td data-label="Party">{e.guests}</Table.Td>
                    <Table.Td data-label="Contact">
                      {e.email} · {e.phone}
                    </Table.Td>
                    <Table.Td data-label="Actions">
                      {active ? (
                        <Group gap="xs">
                          {/* Tickets of a sitting are offered by the pass as soon as they free (R53). */}
                          {e.status !== "offered" && e.type !== "event" ? (
                            <OfferControl entry={e} pending={offer.isPending} onOffer={(time) => offer.mutate({ id: e.id, time })} />
                          ) : null}
                          <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate({ id: e.id })} disabled={remove.isPending}>
                            Remove
                          </Button>
                        </Group>
                      ) : (
                        "–"
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </div>
      ) : null}
    </QueryState>
  );
}
