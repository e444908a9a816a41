import { Button, SimpleGrid } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { PricingItem, PricingItemInput } from "@tearoom/domain";
import { EmptyState } from "@tearoom/ui";
import { useState } from "react";
import { errorMessage } from "../lib/errors";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { PricingCard } from "../features/pricing/PricingCard";
import { PricingFormDialog } from "../features/pricing/PricingFormDialog";
import { useTRPC } from "../trpc";

export const DELETE_PRICING_CONFIRM = "Are you sure you want to delete this pricing item?";

/** /admin/pricing: the prices every public page and payment reads (R6). */
export default function PricingPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const list = useQuery(trpc.pricing.list.queryOptions());
  const [dialog, setDialog] = useState<{ open: boolean; item: PricingItem | null }>({ open: false, item: null });
  const close = () => setDialog((d) => ({ ...d, open: false }));

  const refresh = () => Promise.all([queryClient.invalidateQueries(trpc.pricing.pathFilter()), queryClient.invalidateQueries(trpc.dashboard.pathFilter())]);

  const create = useMutation(
    trpc.pricing.create.mutationOptions({
      onSuccess: () => {
        success("Pricing created successfully");
        close();
      },
      onError: (error) => failure("Failed to create pricing", error),
      onSettled: refresh,
    }),
  );
  const update = useMutation(
    trpc.pricing.update.mutationOptions({
      onSuccess: () => {
        success("Pricing updated successfully");
        close();
      },
      onError: (error) => failure("Failed to update pricing", error),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.pricing.remove.mutationOptions({
      onSuccess: () => success("Pricing deleted successfully"),
      onError: (error) => failure("Failed to delete pricing", error),
      onSettled: refresh,
    }),
  );

  const open = (item: PricingItem | null) => {
    create.reset();
    update.reset();
    setDialog({ open: true, item });
  };
  const failed = create.error ?? update.error;

  const submit = (values: PricingItemInput) => {
    if (dialog.item) update.mutate({ id: dialog.item.id, ...values });
    else create.mutate(values);
  };

  const confirmDelete = (item: PricingItem) => {
    if (window.confirm(DELETE_PRICING_CONFIRM)) remove.mutate({ id: item.id });
  };

  return (
    <>
      <PageHeader
        title="Pricing Management"
        description="Prices shown on the website and charged at checkout."
        actions={<Button onClick={() => open(null)}>Add Pricing Item</Button>}
      />
      <QueryState query={list} what="pricing items">
        {list.data && list.data.length === 0 ? (
          <EmptyState title="No pricing items found">Add the first item with “Add Pricing Item”.</EmptyState>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {list.data?.map((item) => (
              <PricingCard
                key={item.id}
                item={item}
                onEdit={() => open(item)}
                onDelete={() => confirmDelete(item)}
                deleting={remove.isPending && remove.variables?.id === item.id}
              />
            ))}
          </SimpleGrid>
        )}
      </QueryState>
      <PricingFormDialog
        opened={dialog.open}
        onClose={close}
        item={dialog.item}
        onSubmit={submit}
        pending={create.isPending || update.isPending}
        serverError={failed ? errorMessage(failed, "The item was not saved.") : null}
        onValuesChange={() => {
          create.reset();
          update.reset();
        }}
      />
    </>
  );
}
