import type { PublicEvent } from "@tearoom/domain";
import { getJson } from "../../lib/http";

/** R53: the published events with their sittings still to come. */
export const EVENTS_PATH = "/api/events";
export const getEvents = (signal?: AbortSignal) => getJson<PublicEvent[]>(EVENTS_PATH, signal);
