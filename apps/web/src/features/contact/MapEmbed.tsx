import type { PostalAddress } from "@tearoom/domain";
import { useState } from "react";
import classes from "./MapEmbed.module.css";

/** Where the tearoom is, for the map service; set per deployment with the address. */
export const MAP_LOCATION = { lat: 51.1125, lon: -1.4921 } as const;

const DELTA = 0.012;
const embedUrl = () =>
  `https://www.openstreetmap.org/export/embed.html?bbox=${MAP_LOCATION.lon - DELTA}%2C${MAP_LOCATION.lat - DELTA / 2}%2C${MAP_LOCATION.lon + DELTA}%2C${MAP_LOCATION.lat + DELTA / 2}&layer=mapnik&marker=${MAP_LOCATION.lat}%2C${MAP_LOCATION.lon}`;
const directionsUrl = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}#map=16/${MAP_LOCATION.lat}/${MAP_LOCATION.lon}`;

type MapState = "illustrated" | "checking" | "live" | "unavailable";

/** Resolves when a map tile loads within the time limit; rejects when the map service cannot be reached. */
function mapServiceReachable(timeoutMs = 4000): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = new Image();
    const timer = setTimeout(() => {
      probe.src = "";
      reject(new Error("map service timed out"));
    }, timeoutMs);
    probe.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    probe.onerror = () => {
      clearTimeout(timer);
      reject(new Error("map service unreachable"));
    };
    probe.src = `https://tile.openstreetmap.org/0/0/0.png?probe=${Date.now()}`;
  });
}

/**
 * The map: our illustrated map with a directions link is always there; the live map from the map
 * service loads when asked (nothing is fetched from another site until then) and, if the service
 * cannot be reached, the illustration stays with a note.
 */
export function MapEmbed({ address }: { address: PostalAddress | undefined }) {
  const [state, setState] = useState<MapState>("illustrated");
  const addressText = address?.lines.join(", ") ?? "";

  async function showLive() {
    setState("checking");
    try {
      await mapServiceReachable();
      setState("live");
    } catch {
      setState("unavailable");
    }
  }

  return (
    <div className={classes.root}>
      <div className={classes.frame}>
        {state === "live" ? (
          <iframe
            className={classes.iframe}
            title="Map showing the Heritage Tearoom"
            src={embedUrl()}
            width={800}
            height={560}
            loading="lazy"
            referrerPolicy="no-referrer"
            onError={() => setState("unavailable")}
          />
        ) : (
          <img
            className={classes.illustration}
            src="/images/village-map.svg"
            width={800}
            height={560}
            loading="lazy"
            alt={`Illustrated map of the village: the tearoom and gardens on Church Lane, beside the church and the river${addressText ? `, ${addressText}` : ""}`}
          />
        )}
      </div>
      <div className={classes.bar}>
        {addressText ? (
          <a href={directionsUrl(addressText)} target="_blank" rel="noopener noreferrer" className={classes.link}>
            Get directions<span className="visually-hidden"> to {addressText} (opens in a new tab)</span>
          </a>
        ) : (
          <span />
        )}
        {state === "illustrated" || state === "checking" ? (
          <button type="button" className={classes.button} onClick={showLive} disabled={state === "checking"}>
            {state === "checking" ? "Loading map…" : "Show interactive map"}
          </button>
        ) : null}
      </div>
      <p className={classes.note} role="status">
        {state === "unavailable"
          ? "The interactive map could not be loaded just now, so here is our own map of the village."
          : state === "illustrated"
            ? "The interactive map is provided by OpenStreetMap and loads only when you ask for it."
            : ""}
      </p>
    </div>
  );
}
