import type { EventPaymentIntentRequest, PublicEvent, TeaIntentAnswer } from "@tearoom/domain";
import { getJson, postJson } from "../../lib/http";

/** R53: the published events with their sittings still to come. */
export const EVENTS_PATH = "/api/events";
export const getEvents = (signal?: AbortSignal) => getJson<PublicEvent[]>(EVENTS_PATH, signal);

/** Holds the tickets and starts paying for them, as afternoon tea does (R9, R36). */
export const createTicketsIntent = (body: EventPaymentIntentRequest) => postJson<TeaIntentAnswer>("/api/create-payment-intent", body);
