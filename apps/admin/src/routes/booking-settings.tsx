import { Loader, Text } from "@mantine/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { settingDefinition } from "@tearoom/domain";
import { OpeningHoursEditor } from "../features/booking-settings/OpeningHoursEditor";
import { displaySettingValue, resetConfirmation } from "../features/booking-settings/setting-values";
import { SettingsGroups } from "../features/booking-settings/SettingsGroups";
import { useFeedback } from "../features/common/feedback";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import { useTRPC } from "../trpc";
import { lazy, Suspense } from "react";

// R47: the policies editor loads with the group that shows it, not before.
const BookingPoliciesEditor = lazy(() => import("../features/booking-settings/BookingPoliciesEditor"));

/** /admin/booking-settings: the settings in groups, each a labelled field with its help (R11, R13, R33, R46). */
export default function BookingSettingsPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { success, failure } = useFeedback();
  const list = useQuery(trpc.bookingSettings.list.queryOptions());
  const hours = useQuery(trpc.openingHours.get.queryOptions());
  const policies = useQuery(trpc.bookingPolicies.list.queryOptions());

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.bookingSettings.pathFilter()),
      queryClient.invalidateQueries(trpc.openingHours.pathFilter()),
      queryClient.invalidateQueries(trpc.bookingPolicies.pathFilter()),
      queryClient.invalidateQueries(trpc.dashboard.pathFilter()),
    ]);
  const named = (key: string, value: string) => {
    const def = settingDefinition(key);
    return def ? `${def.label}: ${displaySettingValue(def.editor, value)}` : key;
  };
  const update = useMutation(
    trpc.bookingSettings.update.mutationOptions({
      onSuccess: (_, { key, value }) => success("Booking setting updated successfully", named(key, value)),
      onError: (error) => failure("Failed to update booking setting", error),
      onSettled: refresh,
    }),
  );
  // A known setting that was never stored is stored with its first save (every key is seeded, so this is rare).
  const create = useMutation(
    trpc.bookingSettings.create.mutationOptions({
      onSuccess: (_, { settingKey, settingValue }) => success("New booking setting created successfully", named(settingKey, settingValue)),
      onError: (error) => failure("Failed to create booking setting", error),
      onSettled: refresh,
    }),
  );
  const remove = useMutation(
    trpc.bookingSettings.remove.mutationOptions({
      onSuccess: (_, { key }) => {
        const def = settingDefinition(key);
        success(def ? "Booking setting reset to its default" : "Booking setting deleted successfully", def ? named(key, def.value) : key);
      },
      onError: (error, { key }) => failure(settingDefinition(key) ? "Failed to reset booking setting" : "Failed to delete booking setting", error),
      onSettled: refresh,
    }),
  );

  // R45: the week and its seasons are saved whole; a refusal is shown by the editor, as the server words it.
  const saveHours = useMutation(
    trpc.openingHours.update.mutationOptions({
      onSuccess: () => success("Opening hours saved", "The website and the booking forms follow them from now on."),
      onSettled: refresh,
    }),
  );

  // R47: one type's policy at a time; a refusal is shown by its card, as the server words it.
  const savePolicy = useMutation(
    trpc.bookingPolicies.update.mutationOptions({
      onSuccess: (saved) => success("Booking policy saved", saved.text),
      onSettled: refresh,
    }),
  );

  const storedKeys = new Set((list.data ?? []).map((s) => s.settingKey));
  const save = (key: string, value: string) =>
    storedKeys.has(key) ? update.mutateAsync({ key, value }) : create.mutateAsync({ settingKey: key, settingValue: value });
  const reset = (key: string) => {
    if (window.confirm(resetConfirmation(key))) remove.mutate({ key });
  };
  const pendingKey = update.isPending ? update.variables?.key : create.isPending ? create.variables?.settingKey : undefined;

  return (
    <>
      <PageHeader
        title="Booking Settings"
        description="Opening hours, booking times, seats, policies, e-mails and privacy: what the website and the booking forms follow."
      />
      <QueryState query={list} what="booking settings">
        <Text size="sm" c="dimmed" mb="md">
          Each setting is saved on its own and checked first, by itself and against the others (opening before closing, booking times inside opening hours). The
          hours by day and the seasons are saved together, with Save opening hours. Reset to default puts back the value the site started with.
        </Text>
        <SettingsGroups
          settings={list.data ?? []}
          onSave={save}
          onReset={reset}
          onRemove={reset}
          savingKey={pendingKey}
          resettingKey={remove.isPending ? remove.variables?.key : undefined}
          before={{
            "Opening hours": hours.data ? (
              <OpeningHoursEditor hours={hours.data} onSave={(value) => saveHours.mutateAsync(value)} saving={saveHours.isPending} />
            ) : null,
            "Payments and policies": policies.data ? (
              <Suspense
                fallback={
                  <Text size="sm" c="dimmed" role="status">
                    <Loader size="xs" aria-hidden="true" /> Loading the policies…
                  </Text>
                }
              >
                <BookingPoliciesEditor
                  policies={policies.data}
                  onSave={(bookingType, policy) => savePolicy.mutateAsync({ bookingType, ...policy })}
                  savingType={savePolicy.isPending ? savePolicy.variables?.bookingType : undefined}
                />
              </Suspense>
            ) : null,
          }}
        />
      </QueryState>
    </>
  );
}
