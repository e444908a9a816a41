import { Badge, Button, Card, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { BOOKING_TYPE_LABELS, ENQUIRY_TYPE_LABELS, formatPence, formatTime12h, settingDefinition } from "@tearoom/domain";
import { StatCard } from "@tearoom/ui";
import { Link } from "react-router";
import { displaySettingValue } from "../features/booking-settings/setting-values";
import { formatInstantDate, formatShortDate } from "../features/common/format";
import { PageHeader } from "../features/common/PageHeader";
import { QueryState } from "../features/common/QueryState";
import classes from "../features/dashboard/dashboard.module.css";
import { PreviewCard } from "../features/dashboard/PreviewCard";
import { WeekAtAGlance } from "../features/dashboard/WeekAtAGlance";
import { ADMIN_SCREENS } from "../features/layout/nav";
import type { RouterOutputs } from "@tearoom/api";
import { useTRPC } from "../trpc";

type SystemStatus = RouterOutputs["dashboard"]["summary"]["systemStatus"];

/** The status block, read from the server: payment provider, database, e-mail transport. */
function statusRows(s: SystemStatus) {
  return [
    s.payments === "stripe"
      ? { label: "Payment processing", value: "Connected to Stripe", tone: "ok" }
      : { label: "Payment processing", value: "Demo provider: test mode – no real charge", tone: "demo" },
    { label: "Booking system", value: s.database === "ok" ? "Online" : "Unavailable", tone: s.database === "ok" ? "ok" : "demo" },
    { label: "Contact forms", value: "Active", tone: "ok" },
    s.email === "smtp"
      ? { label: "E-mail delivery", value: "Sending through SMTP", tone: "ok" }
      : { label: "E-mail delivery", value: "Saved as files (no SMTP configured)", tone: "demo" },
  ] as const;
}

/** /admin/dashboard: counts, the first three of each list, quick stats, system status, links. */
export default function DashboardPage() {
  const trpc = useTRPC();
  const summary = useQuery(trpc.dashboard.summary.queryOptions());
  const d = summary.data;

  return (
    <>
      <PageHeader
        title="Dashboard"
        description="Today at the tearoom, at a glance."
        actions={
          <Button component={Link} to="/day">
            Today's day sheet
          </Button>
        }
      />
      <QueryState query={summary} what="the dashboard" skeletonRows={4}>
        {d ? (
          <Stack gap="xl">
            <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: "xs", sm: "md" }}>
              <StatCard label="Total Inquiries" value={d.counts.inquiries.total} detail={`${d.counts.inquiries.unresolved} unresolved`} tone="rose" />
              <StatCard label="Active Pricing Items" value={d.counts.pricing.active} detail={`${d.counts.pricing.inactive} inactive`} tone="gold" />
              <StatCard label="Newsletter Subscribers" value={d.counts.subscribers.total} detail={`${d.counts.subscribers.inactive} inactive`} tone="plum" />
              <StatCard label="Today's Reservations" value={d.counts.reservations.today} detail={`${d.counts.reservations.upcoming} upcoming`} />
            </SimpleGrid>

            <WeekAtAGlance />

            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
              <PreviewCard
                title="Pricing"
                to="/pricing"
                linkLabel="Manage pricing"
                empty="No active pricing items."
                items={d.previews.pricing.map((p) => ({ key: p.id, primary: p.name, aside: <strong>{formatPence(p.price)}</strong> }))}
              />
              <PreviewCard
                title="Unresolved Inquiries"
                to="/inquiries"
                linkLabel="View inquiries"
                empty="No unresolved inquiries."
                items={d.previews.inquiries.map((i) => ({
                  key: i.id,
                  primary: i.name,
                  secondary: `${ENQUIRY_TYPE_LABELS[i.enquiryType] ?? i.enquiryType} · ${formatInstantDate(i.createdAt)}`,
                }))}
              />
              <PreviewCard
                title="Upcoming Reservations"
                to="/reservations"
                linkLabel="View reservations"
                empty="No upcoming reservations."
                items={d.previews.reservations.map((b) => ({
                  key: b.id,
                  primary: b.name,
                  secondary: `${formatShortDate(b.date)}, ${formatTime12h(b.time)} · ${BOOKING_TYPE_LABELS[b.type]}`,
                  aside: `${b.guests} guest${b.guests === 1 ? "" : "s"}`,
                }))}
              />
              <PreviewCard
                title="Newsletter Subscribers"
                to="/newsletters"
                linkLabel="View subscribers"
                empty="No subscribers yet."
                items={d.previews.subscribers.map((s) => ({
                  key: s.id,
                  primary: s.email,
                  secondary: [s.firstName, s.lastName].filter(Boolean).join(" ") || undefined,
                  aside: (
                    <Badge size="sm" color={s.isActive ? "sage" : "gray"} variant="light">
                      {s.isActive ? "Active" : "Inactive"}
                    </Badge>
                  ),
                }))}
              />
              <PreviewCard
                title="Booking Settings"
                to="/booking-settings"
                linkLabel="Edit settings"
                empty="No booking settings."
                items={d.previews.settings.map((s) => {
                  const def = settingDefinition(s.settingKey);
                  return { key: s.settingKey, primary: def?.label ?? s.settingKey, secondary: displaySettingValue(def?.editor, s.settingValue) };
                })}
              />
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="quick-stats">
                <Title order={2} size="h4" id="quick-stats" mb="sm">
                  Quick Stats
                </Title>
                <dl className={classes.quickStats}>
                  <dt>Total reservations</dt>
                  <dd>{d.quickStats.totalReservations}</dd>
                  <dt>Active pricing</dt>
                  <dd>{d.quickStats.activePricing}</dd>
                  <dt>Subscribers</dt>
                  <dd>{d.quickStats.subscribers}</dd>
                  <dt>Open inquiries</dt>
                  <dd>{d.quickStats.openInquiries}</dd>
                </dl>
              </Card>
            </SimpleGrid>

            <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="system-status">
                <Title order={2} size="h4" id="system-status" mb="sm">
                  System Status
                </Title>
                <ul className={classes.statusList}>
                  {statusRows(d.systemStatus).map((row) => (
                    <li key={row.label} className={classes.statusRow}>
                      <span className={classes.dot} data-tone={row.tone} aria-hidden="true" />
                      <div>
                        <Text size="sm" fw={600}>
                          {row.label}
                        </Text>
                        <Text size="sm" c="dimmed">
                          {row.value}
                        </Text>
                      </div>
                    </li>
                  ))}
                </ul>
              </Card>
              <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="admin-links">
                <Title order={2} size="h4" id="admin-links" mb="sm">
                  Manage
                </Title>
                <div className={classes.links}>
                  {ADMIN_SCREENS.filter((s) => s.path !== "/dashboard").map((s) => (
                    <Button key={s.path} component={Link} to={s.path} variant="light" size="sm">
                      {s.label}
                    </Button>
                  ))}
                </div>
              </Card>
            </SimpleGrid>
          </Stack>
        ) : null}
      </QueryState>
    </>
  );
}
