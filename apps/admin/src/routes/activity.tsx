import { Group, Pagination, Select, SimpleGrid, Stack, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { AUDIT_ACTIONS } from "@tearoom/domain";
import { EmptyState } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { AuditEventCard } from "../features/activity/AuditEventCard";
import classes from "../features/activity/activity.module.css";
import { PageHeader } from "../features/common/PageHeader";
import { paginationLabels, usePageSiblings } from "../features/common/pagination";
import { QueryState } from "../features/common/QueryState";
import { useTRPC } from "../trpc";

const ACTION_OPTIONS = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

/** /admin/activity (R40): every staff change, newest first, by who and what, with before → after. */
export default function ActivityPage() {
  const trpc = useTRPC();
  const [actor, setActor] = useState("");
  const [action, setAction] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [debouncedActor] = useDebouncedValue(actor.trim(), 300);
  const list = useQuery({
    ...trpc.audit.list.queryOptions({ actor: debouncedActor || undefined, action: action ?? undefined, page }),
    placeholderData: keepPreviousData,
  });
  const siblings = usePageSiblings();

  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  const filtered = !!(debouncedActor || action);

  return (
    <>
      <PageHeader title="Activity" description="Every change made by staff: who, when, and what it was before and after." />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" component="section" aria-label="Filters" maw={640}>
          <TextInput
            label="Staff member"
            placeholder="Username"
            value={actor}
            onChange={(e) => {
              setActor(e.currentTarget.value);
              setPage(1);
            }}
          />
          <Select
            label="Change"
            placeholder="All changes"
            data={ACTION_OPTIONS}
            value={action}
            clearable
            onChange={(value) => {
              setAction(value);
              setPage(1);
            }}
          />
        </SimpleGrid>
        <QueryState query={list} what="activity">
          {!data ? null : data.total === 0 ? (
            <EmptyState title={filtered ? "No changes match these filters." : "No changes recorded yet."} />
          ) : (
            <>
              <Text size="sm" c="dimmed" aria-live="polite">
                Showing {data.items.length} of {data.total} change{data.total === 1 ? "" : "s"}
              </Text>
              <ul className={classes.list} aria-label="Changes, newest first">
                {data.items.map((event, i) => (
                  <AuditEventCard key={`${event.at}-${i}`} event={event} />
                ))}
              </ul>
              {pages > 1 ? (
                <Group justify="center">
                  <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} siblings={siblings} {...paginationLabels} />
                </Group>
              ) : null}
            </>
          )}
        </QueryState>
      </Stack>
    </>
  );
}
