import { NEWSLETTER_POPUP_FLAG, TIMERS_MS } from "@tearoom/domain";
import { lazy, Suspense, useEffect, useState } from "react";

const NewsletterPopup = lazy(() => import("./NewsletterPopup"));

/** Whether the visitor has closed or finished the popup before (spec section 4). */
export function popupFlagSet(): boolean {
  try {
    return window.localStorage.getItem(NEWSLETTER_POPUP_FLAG) !== null;
  } catch {
    return false;
  }
}

/** Opens the newsletter popup 12 s after load, unless the stored flag says it was closed before. */
export function NewsletterPopupTimer() {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (popupFlagSet()) return;
    const timer = setTimeout(() => setOpen(true), TIMERS_MS.newsletterPopupDelay);
    return () => clearTimeout(timer);
  }, []);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <NewsletterPopup onClosed={() => setOpen(false)} />
    </Suspense>
  );
}
