import { Group, Pagination, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { matchesSubscriberSearch, type NewsletterSubscription } from "@tearoom/domain";
import { EmptyState, StatCard } from "@tearoom/ui";
import { useMemo, useState } from "react";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { paginationLabels, usePageSiblings } from "../features/common/pagination";
import { QueryState } from "../features/common/QueryState";
import { SubscriberTable } from "../features/newsletters/SubscriberTable";
import { useTRPC } from "../trpc";

const PAGE_SIZE = 50;
export const DELETE_SUBSCRIBER_CONFIRM = "Are you sure you want to delete this newsletter subscriber?";

/** /admin/newsletters: stats over everyone, search by e-mail or name, switch and delete (R16). */
export default function NewslettersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  // One list for the stats and the rows; the search runs on it with the domain's rule.
  const list = useQuery(trpc.newsletters.list.queryOptions());
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const siblings = usePageSiblings();

  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.newsletters.pathFilter()), queryClient.invalidateQueries(trpc.dashboard.pathFilter())]);
  const setStatus = useMutation(
    trpc.newsletters.setStatus.mutationOptions({
      onSuccess: () => success("Newsletter subscription status updated successfully"),
      onError: (error) => failure("Failed to update newsletter subscription status", error),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.newsletters.remove.mutationOptions({
      onSuccess: () => success("Newsletter subscription deleted successfully"),
      onError: (error) => failure("Failed to delete newsletter subscription", error),
      onSettled: refresh,
    }),
  );

  const all = list.data ?? [];
  const matches = useMemo(() => all.filter((s) => matchesSubscriberSearch(s, search)), [all, search]);
  const pages = Math.max(1, Math.ceil(matches.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const rows = matches.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const active = all.filter((s) => s.isActive).length;

  const confirmDelete = (s: NewsletterSubscription) => {
    if (window.confirm(DELETE_SUBSCRIBER_CONFIRM)) remove.mutate({ id: s.id });
  };

  return (
    <>
      <PageHeader title="Newsletter Subscribers" description="People who asked for news from the tearoom." />
      <QueryState query={list} what="newsletter subscribers">
        <Stack gap="lg">
          <SimpleGrid cols={3} spacing={{ base: "xs", sm: "md" }}>
            <StatCard label="Total Subscribers" value={all.length} />
            <StatCard label="Active" value={active} tone="gold" />
            <StatCard label="Inactive" value={all.length - active} tone="rose" />
          </SimpleGrid>
          <TextInput
            label="Search subscribers"
            placeholder="Search by email, first or last name"
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            maw={420}
          />
          {all.length === 0 ? (
            <EmptyState title="No newsletter subscribers yet." />
          ) : matches.length === 0 ? (
            <EmptyState title="No subscribers found matching your search." />
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                Showing {rows.length} of {matches.length} subscriber{matches.length === 1 ? "" : "s"}
              </Text>
              <SubscriberTable
                subscribers={rows}
                onToggle={(s, isActive) => setStatus.mutate({ id: s.id, isActive })}
                onDelete={confirmDelete}
                busyId={setStatus.isPending ? setStatus.variables?.id : null}
              />
              {pages > 1 ? (
                <Group justify="center">
                  <Pagination total={pages} value={current} onChange={setPage} siblings={siblings} {...paginationLabels} />
                </Group>
              ) : null}
            </>
          )}
        </Stack>
      </QueryState>
    </>
  );
}
