import type { GuestChange, GuestChangeAnswer, GuestChangePreview, ManagedBooking } from "@tearoom/domain";
import { apiRequest, getJson } from "../../lib/http";

// Types only from the domain: the page loads no zod (decision 006); the server checks every change.

export const managePath = (token: string) => `/api/manage/${encodeURIComponent(token)}`;
export const getManagedBooking = (token: string, signal?: AbortSignal) => getJson<ManagedBooking>(managePath(token), signal);
export const changeManagedBooking = (token: string, change: GuestChange) => apiRequest<GuestChangeAnswer>("PATCH", managePath(token), change);
export const cancelManagedBooking = (token: string) => apiRequest<{ status: "cancelled"; refundedPence: number }>("POST", `${managePath(token)}/cancel`);
/** R51: what a change would do to the money, before it is saved; nothing is written. */
export const previewManagedChange = (token: string, change: GuestChange) => apiRequest<GuestChangePreview>("POST", `${managePath(token)}/preview`, change);
