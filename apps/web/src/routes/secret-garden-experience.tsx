import type { GardenSpot } from "@tearoom/domain";
import { PageSection, TextSkeleton } from "@tearoom/ui";
import { useRef, useState } from "react";
import { BookingConfirmation } from "../features/secret-garden/BookingConfirmation";
import { GardenMap } from "../features/secret-garden/GardenMap";
import { useGardenSpots } from "../features/secret-garden/garden-spots";
import classes from "../features/secret-garden/SecretGarden.module.css";
import { SecretGardenForm, type SecretGardenConfirmed } from "../features/secret-garden/SecretGardenForm";
import { SpotDetails } from "../features/secret-garden/SpotDetails";
import { Seo } from "../features/site/Seo";
import { useSite } from "../features/site/site-data";

/**
 * The Secret Garden Experience (spec sections 2 and 4, R15): pick a location on the map or from
 * the list, book it, see the confirmation card. "Make Another Booking" returns to the empty start.
 */
export default function SecretGardenExperiencePage() {
  const site = useSite();
  const spots = useGardenSpots();
  const [spot, setSpot] = useState<GardenSpot | null>(null);
  const [showForm, setShowForm] = useState(false);
  const [confirmed, setConfirmed] = useState<SecretGardenConfirmed | null>(null);
  const [round, setRound] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);

  const book = () => {
    setShowForm(true);
    requestAnimationFrame(() => {
      formRef.current?.scrollIntoView({ behavior: window.matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth", block: "start" });
      formRef.current?.focus({ preventScroll: true });
    });
  };

  const reset = () => {
    setConfirmed(null);
    setSpot(null);
    setShowForm(false);
    setRound((r) => r + 1);
    window.scrollTo(0, 0);
  };

  return (
    <div className={classes.page}>
      <Seo
        title="Secret Garden Experience"
        path="/secret-garden-experience"
        description="Afternoon tea in a hidden corner of the gardens: choose the rose garden, the pond pavilion or a secret alcove, with English sparkling wine."
      />
      <PageSection tone="cream" width="wide" aria-labelledby="sg-title">
        <header className={classes.pageHeader}>
          <h1 id="sg-title" className={classes.pageTitle}>
            Secret Garden Experience
          </h1>
          <ul className={classes.badges} aria-label="Highlights">
            <li>Exclusive Access</li>
            <li>Premium Experience</li>
            <li>English Sparkling Wine Option</li>
          </ul>
          <p className={classes.intro}>
            Afternoon tea laid for you alone in a hidden corner of the gardens. Choose a location on the map, then pick your day and time.
          </p>
        </header>

        {confirmed ? (
          <BookingConfirmation booking={confirmed} eventsEmail={site.data?.facts.eventsEmail} onReset={reset} />
        ) : (
          <>
            <div className={classes.explore}>
              <GardenMap
                spots={spots.data}
                selectedId={spot?.id ?? null}
                onSelect={(s) => {
                  setSpot(s);
                }}
              />
              <div className={classes.panel}>
                {spots.isError ? (
                  <p role="alert">The garden locations could not be loaded. Please try again later.</p>
                ) : (
                  <SpotDetails spot={spot} onBook={book} />
                )}
              </div>
            </div>
            {showForm ? (
              <div className={classes.formCard}>
                {site.data && spots.data ? (
                  <SecretGardenForm
                    key={round}
                    ref={formRef}
                    spots={spots.data}
                    spot={spot}
                    onSpotChange={setSpot}
                    settings={site.data.settings}
                    winePence={site.data.prices.wine}
                    onConfirmed={(booking) => {
                      setConfirmed(booking);
                      window.scrollTo(0, 0);
                    }}
                  />
                ) : (
                  <p>
                    <TextSkeleton width="20ch" />
                  </p>
                )}
              </div>
            ) : null}
          </>
        )}
      </PageSection>
    </div>
  );
}
