import { Stack } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { Inquiry } from "@tearoom/domain";
import { EmptyState } from "@tearoom/ui";
import { useState } from "react";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { InquiryDetailsDialog } from "../features/inquiries/InquiryDetailsDialog";
import { InquiryList } from "../features/inquiries/InquiryList";
import { useTRPC } from "../trpc";

/** /admin/inquiries: unresolved first, then resolved; Mark Resolved is one way (spec section 4). */
export default function InquiriesPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const list = useQuery(trpc.inquiries.list.queryOptions());
  const [openId, setOpenId] = useState<number | null>(null);
  const open = list.data?.find((i) => i.id === openId) ?? null;

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

  const unresolved = list.data?.filter((i) => !i.isResolved) ?? [];
  const resolved = list.data?.filter((i) => i.isResolved) ?? [];

  return (
    <>
      <PageHeader title="Customer Inquiries" description="Messages sent through the contact form." />
      <QueryState query={list} what="inquiries">
        {list.data?.length === 0 ? (
          <EmptyState title="No inquiries yet">Messages from the contact page will appear here.</EmptyState>
        ) : (
          <Stack gap="xl">
            <InquiryList title="Unresolved Inquiries" inquiries={unresolved} onView={(i: Inquiry) => setOpenId(i.id)} />
            <InquiryList title="Resolved Inquiries" inquiries={resolved} onView={(i: Inquiry) => setOpenId(i.id)} />
          </Stack>
        )}
      </QueryState>
      <InquiryDetailsDialog inquiry={open} onClose={() => setOpenId(null)} onResolve={(i) => resolve.mutate({ id: i.id })} resolving={resolve.isPending} />
    </>
  );
}
