import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { endHydration } from "../../lib/hydration";
import { whenSettled } from "../../lib/when-settled";
import { LocalBusinessJsonLd } from "../site/LocalBusinessJsonLd";
import { useFacts } from "../site/site-data";
import { SiteFooter } from "./Footer";
import { Header } from "./Header";
import classes from "./SiteLayout.module.css";

const AmbiancePlayer = lazy(() => import("../ambiance/AmbiancePlayer"));

/**
 * Loads the sound player once the page has settled, so it never competes with the page itself; as
 * a transition, its first render is done in slices between frames.
 */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => whenSettled(() => startTransition(() => setReady(true))), []);
  return ready;
}

/** A new page starts at the top, unless the address points at an anchor. */
function useScrollToTop() {
  const { pathname, hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash]);
}

/**
 * The sound player, once the page has settled, in a bar of its own above the header. The bar is
 * part of the page, not floating over it, so the player never covers the page's buttons or fields,
 * and its height is there from the first paint, so nothing moves when the player arrives. Over a
 * full-window scene it stays on top: sound that plays must always be within reach to pause.
 */
function SoundBar({ immersive }: { immersive: boolean }) {
  const ready = useAfterLoad();
  return (
    <div className={classes.soundBar} data-immersive={immersive || undefined} data-no-print>
      <div className={classes.soundBarInner}>
        {ready ? (
          <Suspense fallback={null}>
            <AmbiancePlayer />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}

/** Screens that fill the window themselves: the site's own header, bars and footer sit under them, out of reach. */
const IMMERSIVE_PATHS = new Set(["/secret-entrance"]);

/**
 * Marks the document (`data-page-live`) once the page inside the Suspense boundary is hydrated and
 * its effects, timers included, have started. The header and footer outside the boundary can be
 * live sooner; whoever drives the page (the end-to-end tests) waits for this instead.
 */
function PageLive() {
  useEffect(() => {
    endHydration();
    document.documentElement.dataset.pageLive = "true";
  }, []);
  return null;
}

/** The LocalBusiness JSON-LD, once the site data is in. */
function SiteJsonLd() {
  const facts = useFacts();
  return facts ? <LocalBusinessJsonLd facts={facts} /> : null;
}

/**
 * Header, page, the two footer blocks and the sound player around every public page. The parts
 * that change after the first render (site data, the player) are components of their own, so
 * their updates do not re-render the header, the page and the footer with them.
 */
export function SiteLayout() {
  useScrollToTop();
  // Under a full-window scene the hidden links must not take the keyboard's focus (inert also
  // hides them from screen readers); set in the prerendered HTML too. The sound bar stays usable.
  const immersive = IMMERSIVE_PATHS.has(useLocation().pathname.replace(/(.)\/+$/, "$1"));
  return (
    <>
      <a href="#main" className="skip-link" inert={immersive}>
        Skip to content
      </a>
      <SoundBar immersive={immersive} />
      <Header inert={immersive} />
      <main id="main" tabIndex={-1}>
        {/* While a screen's code loads the page keeps a full screen of space, so the footer never jumps into view. */}
        <Suspense fallback={<div className={classes.pageFallback} aria-busy="true" />}>
          <Outlet />
          <PageLive />
        </Suspense>
      </main>
      <SiteFooter inert={immersive} />
      <SiteJsonLd />
    </>
  );
}
