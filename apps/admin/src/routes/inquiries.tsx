import { Group, Pagination, Stack } from "@mantine/core";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Inquiry, ListPage } from "@tearoom/domain";
import { EmptyState } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { paginationLabels, usePageSiblings } from "../features/common/pagination";
import { QueryState } from "../features/common/QueryState";
import { InquiryDetailsDialog } from "../features/inquiries/InquiryDetailsDialog";
import { InquiryList } from "../features/inquiries/InquiryList";
import { useTRPC } from "../trpc";

/** /admin/inquiries: unresolved first, then resolved, each paged on the server; Mark Resolved is one way (spec section 4). */
export default function InquiriesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const [unresolvedPage, setUnresolvedPage] = useState(1);
  const [resolvedPage, setResolvedPage] = useState(1);
  const unresolved = useQuery({ ...trpc.inquiries.list.queryOptions({ resolved: false, page: unresolvedPage }), placeholderData: keepPreviousData });
  const resolved = useQuery({ ...trpc.inquiries.list.queryOptions({ resolved: true, page: resolvedPage }), placeholderData: keepPreviousData });
  const stats = useQuery(trpc.inquiries.stats.queryOptions());
  const siblings = usePageSiblings();
  const [openId, setOpenId] = useState<number | null>(null);
  const open = [...(unresolved.data?.items ?? []), ...(resolved.data?.items ?? [])].find((i) => i.id === openId) ?? null;

  const resolve = useMutation(
    trpc.inquiries.resolve.mutationOptions({
      onSuccess: () => {
        success("Inquiry marked as resolved");
        setOpenId(null);
      },
      onError: (error) => failure("Failed to resolve inquiry", error),
      onSettled: () => Promise.all([queryClient.invalidateQueries(trpc.inquiries.pathFilter()), queryClient.invalidateQueries(trpc.dashboard.pathFilter())]),
    }),
  );

  // Resolving the last enquiry of the last unresolved page moves back a page rather than showing it empty.
  const lastPage = (data: ListPage<Inquiry> | undefined) => (data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1);
  const unresolvedPages = lastPage(unresolved.data);
  const resolvedPages = lastPage(resolved.data);
  useEffect(() => {
    if (unresolvedPage > unresolvedPages) setUnresolvedPage(unresolvedPages);
    if (resolvedPage > resolvedPages) setResolvedPage(resolvedPages);
  }, [unresolvedPage, unresolvedPages, resolvedPage, resolvedPages]);

  const pager = (data: ListPage<Inquiry> | undefined, page: number, setPage: (page: number) => void, label: string) => {
    const pages = lastPage(data);
    if (pages <= 1) return null;
    return (
      <Group justify="center" aria-label={label} component="nav">
        <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} siblings={siblings} boundaries={1} {...paginationLabels} />
      </Group>
    );
  };

  return (
    <>
      <PageHeader title="Customer Inquiries" description="Messages sent through the contact form." />
      <QueryState query={stats} what="inquiries">
        {stats.data?.total === 0 ? (
          <EmptyState title="No inquiries yet">Messages from the contact page will appear here.</EmptyState>
        ) : stats.data ? (
          <Stack gap="xl">
            <QueryState query={unresolved} what="unresolved inquiries">
              <InquiryList
                title="Unresolved Inquiries"
                inquiries={unresolved.data?.items ?? []}
                count={stats.data.unresolved}
                onView={(i: Inquiry) => setOpenId(i.id)}
                pager={pager(unresolved.data, unresolvedPage, setUnresolvedPage, "Pages of unresolved inquiries")}
              />
            </QueryState>
            <QueryState query={resolved} what="resolved inquiries">
              <InquiryList
                title="Resolved Inquiries"
                inquiries={resolved.data?.items ?? []}
                count={stats.data.resolved}
                onView={(i: Inquiry) => setOpenId(i.id)}
                pager={pager(resolved.data, resolvedPage, setResolvedPage, "Pages of resolved inquiries")}
              />
            </QueryState>
          </Stack>
        ) : null}
      </QueryState>
      <InquiryDetailsDialog inquiry={open} onClose={() => setOpenId(null)} onResolve={(i) => resolve.mutate({ id: i.id })} resolving={resolve.isPending} />
    </>
  );
}
