import { Stack, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { KNOWN_SETTINGS, type BookingSettingCreate } from "@tearoom/domain";
import { useMemo } from "react";
import { EmptyState } from "@tearoom/ui";
import { AddSettingForm } from "../features/booking-settings/AddSettingForm";
import { SettingRow } from "../features/booking-settings/SettingRow";
import classes from "../features/booking-settings/settings.module.css";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { useTRPC } from "../trpc";

export const DELETE_SETTING_CONFIRM = "Are you sure you want to delete this booking setting?";

/** /admin/booking-settings: the settings that drive opening hours, slots and capacity (R11, R13). */
export default function BookingSettingsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const list = useQuery(trpc.bookingSettings.list.queryOptions());

  const refresh = () =>
    Promise.all([queryClient.invalidateQueries(trpc.bookingSettings.pathFilter()), queryClient.invalidateQueries(trpc.dashboard.pathFilter())]);
  const update = useMutation(
    trpc.bookingSettings.update.mutationOptions({
      onSuccess: () => success("Booking setting updated successfully"),
      onError: (error) => failure("Failed to update booking setting", error),
      onSettled: refresh,
    }),
  );
  const create = useMutation(
    trpc.bookingSettings.create.mutationOptions({
      onSuccess: () => success("New booking setting created successfully"),
      onError: (error) => failure("Failed to create booking setting", error),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.bookingSettings.remove.mutationOptions({
      onSuccess: () => success("Booking setting deleted successfully"),
      onError: (error) => failure("Failed to delete booking setting", error),
      onSettled: refresh,
    }),
  );

  const stored = useMemo(() => Object.fromEntries((list.data ?? []).map((s) => [s.settingKey, s.settingValue])), [list.data]);
  const missingKeys = useMemo(() => (list.data ? Object.keys(KNOWN_SETTINGS).filter((k) => !(k in stored)) : []), [list.data, stored]);

  const confirmDelete = (key: string) => {
    if (window.confirm(DELETE_SETTING_CONFIRM)) remove.mutate({ key });
  };

  return (
    <>
      <PageHeader
        title="Booking Settings"
        description="Opening days and hours, booking slots, capacity per slot and contact details used across the website."
      />
      <Stack gap="lg">
        <AddSettingForm
          missingKeys={missingKeys}
          stored={stored}
          onCreate={(values: BookingSettingCreate) => create.mutateAsync(values)}
          pending={create.isPending}
        />
        <QueryState query={list} what="booking settings">
          {list.data?.length === 0 ? (
            <EmptyState title="No Booking Settings">Add one below; the website uses its defaults until then.</EmptyState>
          ) : (
            <>
              <Text size="sm" c="dimmed">
                Each setting is checked before saving, on its own and against the others (opening before closing, slots inside opening hours). Deleting a
                setting brings back its default value.
              </Text>
              <ul className={classes.list} aria-label="Booking settings">
                {list.data?.map((setting) => (
                  <SettingRow
                    key={setting.settingKey}
                    setting={setting}
                    stored={stored}
                    onSave={(key, value) => update.mutateAsync({ key, value })}
                    onDelete={confirmDelete}
                    saving={update.isPending && update.variables?.key === setting.settingKey}
                  />
                ))}
              </ul>
            </>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
