/**
 * Runs `work` once the page has loaded and the browser is idle (or after a while, where it never
 * is), so work that can wait never competes with the page itself. Returns a cancel function.
 */
export function whenSettled(work: () => void): () => void {
  let cancelled = false;
  let idle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) work();
  };
  const start = () => {
    if ("requestIdleCallback" in window) idle = window.requestIdleCallback(run, { timeout: 2500 });
    else timer = setTimeout(run, 1200);
  };
  if (document.readyState === "complete") start();
  else window.addEventListener("load", start, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", start);
    if (idle !== undefined) window.cancelIdleCallback(idle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
