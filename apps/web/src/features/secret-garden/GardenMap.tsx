import type { GardenSpot } from "@tearoom/domain";
import classes from "./SecretGarden.module.css";

export interface GardenMapProps {
  spots: GardenSpot[] | undefined;
  selectedId: string | null;
  onSelect: (spot: GardenSpot) => void;
}

/**
 * The garden map with one pin per location at its x/y percentage; pins are buttons (keyboard and
 * screen reader), private locations ringed in pink, with a legend.
 */
export function GardenMap({ spots, selectedId, onSelect }: GardenMapProps) {
  return (
    <div className={classes.mapWrap}>
      <div className={classes.map}>
        <img src="/images/garden-map.svg" alt="Illustrated map of the gardens around the house" width={1000} height={700} className={classes.mapImage} />
        {(spots ?? []).map((spot) => (
          <button
            key={spot.id}
            type="button"
            className={classes.pin}
            data-private={spot.isPrivate || undefined}
            data-selected={spot.id === selectedId || undefined}
            style={{ left: `${spot.x}%`, top: `${spot.y}%` }}
            onClick={() => onSelect(spot)}
            aria-pressed={spot.id === selectedId}
            aria-label={`${spot.name}, up to ${spot.capacity} guests${spot.isPrivate ? ", private location" : ""}`}
            disabled={!spot.isAvailable}
          >
            <span className={classes.pinDot} aria-hidden="true" />
            <span className={classes.pinLabel} aria-hidden="true">
              {spot.name}
            </span>
          </button>
        ))}
      </div>
      <ul className={classes.legend} aria-label="Map legend">
        <li>
          <span className={classes.legendDot} aria-hidden="true" /> Standard Location
        </li>
        <li>
          <span className={`${classes.legendDot} ${classes.legendPrivate}`} aria-hidden="true" /> Private Location
        </li>
      </ul>
    </div>
  );
}
