import type { WaitlistJoinAnswer, WaitlistOffer } from "@tearoom/domain";
import { getJson, postJson } from "../../lib/http";

// Types only from the domain: the pages load no zod (decision 006).

export const waitlistOfferPath = (token: string) => `/api/waitlist/offers/${encodeURIComponent(token)}`;
export const getWaitlistOffer = (token: string, signal?: AbortSignal) => getJson<WaitlistOffer>(waitlistOfferPath(token), signal);
export const claimWaitlistOffer = (token: string) =>
  postJson<{ clientSecret: string; amountPence: number } | { reference: string; status: "pending" }>(`${waitlistOfferPath(token)}/claim`, {});
export const leaveWaitlist = (token: string) => postJson<null>(`/api/waitlist/leave/${encodeURIComponent(token)}`, {});
export const joinWaitlist = (body: Record<string, unknown>) => postJson<WaitlistJoinAnswer>("/api/waitlist", body);
