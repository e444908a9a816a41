import { QueryClientProvider } from "@tanstack/react-query";
import { addDays, isBookableDate, KNOWN_SETTINGS, londonNow, siteFacts, type BookingType, type SiteInfo } from "@tearoom/domain";
import { TearoomProvider } from "@tearoom/ui";
import { fireEvent, render, screen } from "@testing-library/react";
import type { ReactElement } from "react";
import { MemoryRouter } from "react-router";
import { vi } from "vitest";
import { createQueryClient } from "../lib/query-client";

/** Seed settings as GET /api/site answers them. */
export const SETTINGS: Record<string, string> = Object.fromEntries(Object.entries(KNOWN_SETTINGS).map(([k, v]) => [k, v.value]));

export const SITE: SiteInfo = {
  facts: siteFacts(SETTINGS),
  settings: SETTINGS,
  prices: { traditional: 2995, champagne: 3995, voucherAfternoonTea: 2995, voucherPicnicHamper: 3495, voucherMonetary: 5000, wine: 1500 },
  monetaryAmounts: [25, 50, 75, 100],
  policies: {
    afternoonTea: { kind: "prepay", text: "Afternoon tea is paid in full when you book." },
    table: { kind: "none", text: "Nothing is charged when you book." },
    picnicHamper: { kind: "none", text: "Nothing is charged when you book." },
    secretGarden: { kind: "none", text: "Nothing is charged when you book." },
  },
};

type Handler = (url: URL, init: RequestInit | undefined) => { status?: number; body?: unknown } | undefined;

/** Replaces fetch: each call goes to `handler`; unanswered calls get 404. Returns the mock for assertions. */
export function mockApi(handler: Handler) {
  const fn = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), "http://localhost");
    const answer = handler(url, init) ?? { status: 404, body: { message: "not found" } };
    const status = answer.status ?? 200;
    return new Response(answer.body === undefined ? "" : JSON.stringify(answer.body), { status, headers: { "Content-Type": "application/json" } });
  });
  vi.stubGlobal("fetch", fn);
  return fn;
}

/** The site data and, for availability, every slot of the day with plenty of room. */
export const siteAndSlots: Handler = (url) => {
  if (url.pathname === "/api/site") return { body: SITE };
  if (url.pathname === "/api/availability") {
    const type = url.searchParams.get("type");
    const times =
      type === "secretGarden"
        ? url.searchParams.get("gardenSpotId") === "secret-alcove" || url.searchParams.get("gardenSpotId") === "rose-garden"
          ? ["12:00", "14:00", "16:00", "18:00"]
          : ["12:00", "14:00", "16:00"]
        : ["12:00", "12:30", "13:00"];
    return { body: { type, date: url.searchParams.get("date"), bookable: true, slots: times.map((time) => ({ time, remaining: 10 })) } };
  }
  return undefined;
};

/** Renders inside the app's providers (test mode: no transitions, no portals) at a route. */
export function renderApp(ui: ReactElement, { route = "/" }: { route?: string } = {}) {
  const queryClient = createQueryClient();
  return render(
    <QueryClientProvider client={queryClient}>
      <TearoomProvider env="test">
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </TearoomProvider>
    </QueryClientProvider>,
  );
}

const dayLabel = (iso: string) =>
  new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

/** The first day at least `fromDays` ahead that the domain rules allow for a booking type. */
export function openDay(type: BookingType, fromDays = 3): string {
  let d = addDays(londonNow().date, fromDays);
  while (!isBookableDate(SETTINGS, type, d)) d = addDays(d, 1);
  return d;
}

/** Clicks a day in the booking calendar, moving forward month by month. */
export async function chooseDate(iso: string): Promise<void> {
  const [y, m] = iso.split("-").map(Number) as [number, number];
  const [ty, tm] = londonNow().date.split("-").map(Number) as [number, number];
  for (let i = 0; i < (y - ty) * 12 + (m - tm); i++) fireEvent.click(screen.getByRole("button", { name: "Next month" }));
  fireEvent.click(await screen.findByRole("button", { name: dayLabel(iso) }));
}
