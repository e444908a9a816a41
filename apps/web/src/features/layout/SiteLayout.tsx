import { lazy, startTransition, Suspense, useEffect, useState } from "react";
import { Outlet, useLocation } from "react-router";
import { endHydration } from "../../lib/hydration";
import { whenSettled } from "../../lib/when-settled";
import { LocalBusinessJsonLd } from "../site/LocalBusinessJsonLd";
import { useFacts } from "../site/site-data";
import { FooterBase, FooterInfo } from "./Footer";
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

/** The sound player, once the page has settled. */
function DeferredAmbiancePlayer() {
  const ready = useAfterLoad();
  return ready ? (
    <Suspense fallback={null}>
      <AmbiancePlayer />
    </Suspense>
  ) : null;
}

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
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        {/* While a screen's code loads the page keeps a full screen of space, so the footer never jumps into view. */}
        <Suspense fallback={<div className={classes.pageFallback} aria-busy="true" />}>
          <Outlet />
          <PageLive />
        </Suspense>
      </main>
      <FooterInfo />
      <FooterBase />
      <DeferredAmbiancePlayer />
      <SiteJsonLd />
    </>
  );
}
