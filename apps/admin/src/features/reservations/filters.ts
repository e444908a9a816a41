import { BookingTypeSchema, DATE_PATTERN, type BookingListQuery } from "@tearoom/domain";

export const PAGE_SIZE = 25;

/** The status filter's choices: standing reservations by default, cancelled and declined ones only when asked (R14, R28). */
export const STATUS_FILTERS = [
  { value: "", label: "Active only" },
  { value: "pending", label: "Pending" },
  { value: "confirmed", label: "Confirmed" },
  { value: "held", label: "Awaiting payment" },
  { value: "declined", label: "Declined" },
  { value: "cancelled", label: "Cancelled" },
  { value: "all", label: "All, including cancelled and declined" },
] as const;

export interface ReservationFilters {
  search: string;
  type: string;
  date: string;
  status: string;
  page: number;
}

/** Filters kept in the address, so a page of results can be reloaded, shared and returned to after sign-in. */
export function filtersFrom(params: URLSearchParams): ReservationFilters {
  const page = Number(params.get("page"));
  return {
    search: params.get("search") ?? "",
    type: BookingTypeSchema.safeParse(params.get("type")).success ? params.get("type")! : "",
    date: DATE_PATTERN.test(params.get("date") ?? "") ? params.get("date")! : "",
    status: STATUS_FILTERS.some((s) => s.value === params.get("status")) ? params.get("status")! : "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

export function paramsFrom(f: ReservationFilters): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search.trim()) p.set("search", f.search.trim());
  if (f.type) p.set("type", f.type);
  if (f.date) p.set("date", f.date);
  if (f.status) p.set("status", f.status);
  if (f.page > 1) p.set("page", String(f.page));
  return p;
}

/** The server-side list query (bookings.list) for the filters. */
export function listQueryFrom(f: ReservationFilters): BookingListQuery {
  const q: BookingListQuery = { page: f.page, pageSize: PAGE_SIZE };
  if (f.search.trim()) q.search = f.search.trim();
  if (f.type) q.type = f.type as BookingListQuery["type"];
  if (f.date) q.date = f.date;
  if (f.status === "all") q.includeCancelled = true;
  else if (f.status) q.status = f.status as BookingListQuery["status"];
  return q;
}
