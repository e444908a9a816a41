import { Button, CopyButton, Group, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { formatInstantDate } from "../common/format";
import { useFeedback } from "../common/feedback";
import { QueryState } from "../common/QueryState";
import { useTRPC } from "../../trpc";

/**
 * Issue 34: your private calendar feed of confirmed bookings, for a phone's calendar. Its address
 * holds a secret and is shown once, when made; revoking stops it at once.
 */
export function CalendarFeedPanel() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [madeUrl, setMadeUrl] = useState<string | null>(null);
  const feeds = useQuery(trpc.calendarFeeds.list.queryOptions());
  const refresh = () => queryClient.invalidateQueries(trpc.calendarFeeds.pathFilter());
  const create = useMutation(
    trpc.calendarFeeds.create.mutationOptions({
      onSuccess: (feed) => setMadeUrl(feed.url),
      onError: (error) => failure("The calendar feed was not made", error),
      onSettled: refresh,
    }),
  );
  const revoke = useMutation(
    trpc.calendarFeeds.remove.mutationOptions({
      onSuccess: () => {
        success("Calendar feed revoked", "Its address no longer works.");
        setMadeUrl(null);
      },
      onError: (error) => failure("The calendar feed was not revoked", error),
      onSettled: refresh,
    }),
  );
  const confirmRevoke = (id: number) => {
    if (window.confirm("Revoke this calendar feed? Calendars subscribed to it stop updating.")) revoke.mutate({ id });
  };

  return (
    <Paper withBorder p={{ base: "md", sm: "lg" }} radius="md" component="section" aria-labelledby="calendar-feed">
      <Title order={2} size="h3" id="calendar-feed" mb="xs">
        Calendar feed
      </Title>
      <Text size="sm" mb="sm">
        A private address your phone or computer calendar can subscribe to: it shows the confirmed bookings of the last month and the coming year, with name,
        party, table and notes. Anyone with the address can read it, so keep it to yourself and revoke it if it leaks.
      </Text>
      {madeUrl ? (
        <Stack gap="xs" mb="sm">
          <TextInput label="Your feed's address (shown only now)" value={madeUrl} readOnly onFocus={(e) => e.currentTarget.select()} />
          <CopyButton value={madeUrl}>
            {({ copied, copy }) => (
              <Button size="xs" variant="default" onClick={copy} w="fit-content">
                {copied ? "Copied" : "Copy address"}
              </Button>
            )}
          </CopyButton>
        </Stack>
      ) : null}
      <QueryState query={feeds} what="calendar feeds">
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: "none" }} aria-label="Your calendar feeds">
          {feeds.data?.map((feed) => (
            <Group key={feed.id} component="li" justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm">Feed made {formatInstantDate(feed.createdAt)}</Text>
              <Button
                size="xs"
                variant="outline"
                color="rose"
                onClick={() => confirmRevoke(feed.id)}
                loading={revoke.isPending && revoke.variables?.id === feed.id}
                aria-label={`Revoke the feed made ${formatInstantDate(feed.createdAt)}`}
              >
                Revoke
              </Button>
            </Group>
          ))}
        </Stack>
      </QueryState>
      <Button mt="sm" variant="default" onClick={() => create.mutate()} loading={create.isPending}>
        Make a calendar feed
      </Button>
    </Paper>
  );
}
