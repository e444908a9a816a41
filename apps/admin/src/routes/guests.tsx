import { Badge, Button, Group, Pagination, Stack, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatPence } from "@tearoom/domain";
import { EmptyState } from "@tearoom/ui";
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { PageHeader } from "../features/common/PageHeader";
import { paginationLabels, usePageSiblings } from "../features/common/pagination";
import { QueryState } from "../features/common/QueryState";
import classes from "../features/common/ResponsiveTable.module.css";
import { GuestDialog } from "../features/guests/GuestDialog";
import { useTRPC } from "../trpc";

/**
 * /admin/guests (R55): guests found by name, e-mail or phone, each with visits, no-shows, spend
 * and tags; one opens (?id=, so a booking's guest summary links to it) with staff's notes, tags
 * and bookings.
 */
export default function GuestsPage() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [debouncedSearch] = useDebouncedValue(search.trim(), 300);
  useEffect(() => setPage(1), [debouncedSearch]);
  const list = useQuery({ ...trpc.guests.list.queryOptions({ search: debouncedSearch || undefined, page }), placeholderData: keepPreviousData });
  const siblings = usePageSiblings();
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const openId = Number(params.get("id")) || null;
  const open = (id: number | null) => setParams(id ? { id: String(id) } : {});

  return (
    <>
      <PageHeader title="Guests" description="Everyone who has booked, with their visits, no-shows, spend, and staff's notes and tags." />
      <Stack gap="md">
        <TextInput
          label="Search"
          type="search"
          placeholder="Name, e-mail or phone"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
        <QueryState query={list} what="guests">
          {data && data.items.length === 0 ? (
            <EmptyState title={debouncedSearch ? "No guests match this search" : "No guests yet"}>
              {debouncedSearch ? "Try the start of a name, an e-mail address or a phone number." : "Guests appear here with their first booking."}
            </EmptyState>
          ) : data ? (
            <Stack gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {data.total} guest{data.total === 1 ? "" : "s"}
              </Text>
              <div className={classes.scroll}>
                <Table className={classes.table} verticalSpacing="sm" highlightOnHover>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Guest</Table.Th>
                      <Table.Th>Visits</Table.Th>
                      <Table.Th>No-shows</Table.Th>
                      <Table.Th>Spend</Table.Th>
                      <Table.Th>Tags</Table.Th>
                      <Table.Th>
                        <span className="visually-hidden">Actions</span>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.items.map((g) => (
                      <Table.Tr key={g.id}>
                        <Table.Td className={classes.primary}>
                          <Text fw={600} span>
                            {g.name}
                          </Text>
                          <Text size="sm" c="dimmed">
                            {[g.email, g.phone].filter(Boolean).join(" · ")}
                          </Text>
                        </Table.Td>
                        <Table.Td data-label="Visits">{g.visits}</Table.Td>
                        <Table.Td data-label="No-shows">{g.noShows}</Table.Td>
                        <Table.Td data-label="Spend">{formatPence(g.spendPence)}</Table.Td>
                        <Table.Td data-label="Tags" data-empty={g.tags.length ? undefined : ""}>
                          <Group gap={4}>
                            {g.tags.map((t) => (
                              <Badge key={t} size="sm" variant="light" color="rose">
                                {t}
                              </Badge>
                            ))}
                          </Group>
                        </Table.Td>
                        <Table.Td>
                          <Button size="xs" variant="light" onClick={() => open(g.id)} aria-label={`Open guest ${g.name}`}>
                            Open
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </div>
              {pages > 1 ? (
                <Group justify="center">
                  <Pagination total={pages} value={Math.min(page, pages)} onChange={setPage} siblings={siblings} boundaries={1} {...paginationLabels} />
                </Group>
              ) : null}
            </Stack>
          ) : null}
        </QueryState>
      </Stack>
      <GuestDialog id={openId} onClose={() => open(null)} />
    </>
  );
}
