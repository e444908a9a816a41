import { Group, Pagination, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NewsletterSubscription } from "@tearoom/domain";
import { EmptyState, StatCard } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { ExportLink } from "../features/exports/ExportLink";
import { paginationLabels, usePageSiblings } from "../features/common/pagination";
import { QueryState } from "../features/common/QueryState";
import { SubscriberTable } from "../features/newsletters/SubscriberTable";
import { useTRPC } from "../trpc";

export const DELETE_SUBSCRIBER_CONFIRM = "Are you sure you want to delete this newsletter subscriber?";

/** /admin/newsletters: stats over everyone, search by e-mail or name and pages on the server, switch and delete (R16). */
export default function NewslettersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  // The search is sent after a pause, so each keystroke is not a request.
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  const list = useQuery({ ...trpc.newsletters.list.queryOptions({ search: debouncedSearch || undefined, page }), placeholderData: keepPreviousData });
  const stats = useQuery(trpc.newsletters.stats.queryOptions());
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

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const current = Math.min(page, pages);
  // Deleting the last subscriber of the last page moves back a page rather than showing it empty.
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);

  const confirmDelete = (s: NewsletterSubscription) => {
    if (window.confirm(DELETE_SUBSCRIBER_CONFIRM)) remove.mutate({ id: s.id });
  };

  return (
    <>
      <PageHeader
        title="Newsletter Subscribers"
        description="People who asked for news from the tearoom."
        actions={<ExportLink href="/api/newsletters.csv">Export active (CSV)</ExportLink>}
      />
      <QueryState query={list} what="newsletter subscribers">
        <Stack gap="lg">
          <SimpleGrid cols={3} spacing={{ base: "xs", sm: "md" }}>
            <StatCard label="Total Subscribers" value={stats.data?.total ?? "–"} />
            <StatCard label="Active" value={stats.data?.active ?? "–"} tone="gold" />
            <StatCard label="Inactive" value={stats.data?.inactive ?? "–"} tone="rose" />
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
          {!data ? null : data.total === 0 && !debouncedSearch ? (
            <EmptyState title="No newsletter subscribers yet." />
          ) : data.total === 0 ? (
            <EmptyState title="No subscribers found matching your search." />
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                Showing {data.items.length} of {data.total} subscriber{data.total === 1 ? "" : "s"}
              </Text>
              <SubscriberTable
                subscribers={data.items}
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
