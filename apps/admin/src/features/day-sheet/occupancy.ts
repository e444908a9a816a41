import type { OccupancyView } from "@tearoom/domain";

export type AreaOccupancy = OccupancyView["areas"][number];

/** The fullest step of an area's day (the first, on a tie), or null when nobody sits there all day. */
export function busiest(area: AreaOccupancy): { time: string; seatsTaken: number } | null {
  let best: { time: string; seatsTaken: number } | null = null;
  for (const step of area.steps) if (step.seatsTaken > (best?.seatsTaken ?? 0)) best = step;
  return best;
}

/** The chart's words (its text alternative): "Terrace: busiest 3 of 16 at 14:00", or "no seats taken". */
export function occupancySummary(area: AreaOccupancy): string {
  const peak = busiest(area);
  if (!peak) return `${area.name}: no seats taken`;
  const over = peak.seatsTaken > area.seats ? " (over)" : "";
  return `${area.name}: busiest ${peak.seatsTaken} of ${area.seats} at ${peak.time}${over}`;
}
