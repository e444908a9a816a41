import type { GardenSpot } from "@tearoom/domain";
import classes from "./SecretGarden.module.css";

/** The details panel of the chosen location, with the Book This Location button. */
export function SpotDetails({ spot, onBook }: { spot: GardenSpot | null; onBook: () => void }) {
  if (!spot) {
    return (
      <div className={classes.detailsEmpty}>
        <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true">
          <path d="M32 58s-18-18-18-32a18 18 0 0 1 36 0c0 14-18 32-18 32z" fill="none" stroke="currentColor" strokeWidth="2" />
          <circle cx="32" cy="26" r="6" fill="currentColor" />
        </svg>
        <p>Choose a location on the map to see its details.</p>
      </div>
    );
  }
  return (
    <article className={classes.details} aria-labelledby="spot-name" aria-live="polite">
      <img src={spot.image} alt="" width={800} height={600} className={classes.detailsImage} />
      <div className={classes.detailsBody}>
        <h2 id="spot-name" className={classes.detailsTitle}>
          {spot.name}
          {spot.isPrivate ? <span className={classes.privateBadge}>Private</span> : null}
        </h2>
        <p>{spot.description}</p>
        <p className={classes.capacity}>Capacity: up to {spot.capacity} guests</p>
        {spot.isPrivate ? <p className={classes.privateNote}>Private space - perfect for special moments</p> : null}
        <button type="button" className={classes.bookButton} onClick={onBook}>
          Book This Location
        </button>
      </div>
    </article>
  );
}
