import { Skeleton } from "@mantine/core";
import { lazy, Suspense } from "react";
import classes from "./day-sheet.module.css";
import { busiest, occupancySummary, type AreaOccupancy } from "./occupancy";

// Loaded on first draw, so neither the sign-in page nor the first view carries the charting library.
const AreaTimelineChart = lazy(() => import("./AreaTimelineChart"));

interface AreaTimelinesProps {
  areas: AreaOccupancy[];
  /** The areas that are Secret Garden spots: drawn only when someone has booked one. */
  gardenSpotAreaIds: ReadonlySet<number>;
}

/** Each area's seats taken against its seats through the day (R44, issue 31), its busiest moment in words. */
export function AreaTimelines({ areas, gardenSpotAreaIds }: AreaTimelinesProps) {
  const open = areas.filter((a) => a.steps.length > 0);
  if (open.length === 0) return <p className={classes.quiet}>No opening hours on this day.</p>;
  // A row of empty spot charts would push the rooms off a phone's screen; they are named in one line.
  const quietSpots = open.filter((a) => gardenSpotAreaIds.has(a.id) && !busiest(a));
  const shown = open.filter((a) => !quietSpots.includes(a));
  return (
    <>
      <div className={classes.timelines}>
        {shown.map((area) => {
          const summary = occupancySummary(area);
          return (
            <figure key={area.id} className={classes.timeline} data-area={area.name} aria-label={summary}>
              <figcaption className={classes.timelineTitle}>
                <strong>{area.name}</strong> <span className={classes.timelineSummary}>{summary.slice(area.name.length + 2)}</span>
              </figcaption>
              {/* The caption says what the bars show; the bars themselves are for the eye. */}
              <div aria-hidden="true" className={classes.timelineChart}>
                <Suspense fallback={<Skeleton h={140} />}>
                  <AreaTimelineChart area={area} />
                </Suspense>
              </div>
            </figure>
          );
        })}
      </div>
      {quietSpots.length ? (
        <p className={`${classes.quiet} ${classes.quietSpots}`}>Garden spots with nobody booked: {quietSpots.map((a) => a.name).join(", ")}.</p>
      ) : null}
    </>
  );
}
