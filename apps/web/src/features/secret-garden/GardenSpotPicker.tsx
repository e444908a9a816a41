import type { GardenSpot } from "@tearoom/domain";
import classes from "./SecretGarden.module.css";

export interface GardenSpotPickerProps {
  spots: GardenSpot[];
  selectedId: string | null;
  onPick: (spot: GardenSpot) => void;
}

/** The garden spot picker: each location with its picture, name, capacity and a Private badge. */
export function GardenSpotPicker({ spots, selectedId, onPick }: GardenSpotPickerProps) {
  return (
    <ul className={classes.picker}>
      {spots.map((spot) => (
        <li key={spot.id}>
          <button
            type="button"
            className={classes.pickerItem}
            data-selected={spot.id === selectedId || undefined}
            aria-pressed={spot.id === selectedId}
            onClick={() => onPick(spot)}
            disabled={!spot.isAvailable}
          >
            <img src={spot.image} alt="" width={120} height={90} loading="lazy" className={classes.pickerImage} />
            <span className={classes.pickerText}>
              <span className={classes.pickerName}>{spot.name}</span>
              <span className={classes.pickerMeta}>Up to {spot.capacity} guests</span>
            </span>
            {spot.isPrivate ? <span className={classes.privateBadge}>Private</span> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
