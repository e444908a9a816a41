import { TOAST } from "@tearoom/domain";
import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import { useToast, type ToastItem } from "./ToastProvider";
import classes from "./Toasts.module.css";

/**
 * The notification region: a labelled landmark that F8 focuses (spec section 9), polite for
 * ordinary toasts and assertive (role="alert") for destructive ones.
 */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const regionRef = useRef<HTMLOListElement>(null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === TOAST.hotkey) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);

  const open = toasts.filter((t) => t.open);
  return (
    <section aria-label={`Notifications (${TOAST.hotkey})`} className={classes.region} data-no-print>
      <ol ref={regionRef} tabIndex={-1} className={classes.viewport} aria-live="polite" style={{ maxWidth: TOAST.maxWidthPx }}>
        {open.map((t) => (
          <Toast key={t.id} toast={t} onDismiss={() => dismiss(t.id)} />
        ))}
      </ol>
    </section>
  );
}

function Toast({ toast, onDismiss }: { toast: ToastItem; onDismiss: () => void }) {
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const start = useRef<number | null>(null);
  const duration = toast.duration ?? TOAST.durationMs;

  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const timer = setTimeout(onDismiss, duration);
    return () => clearTimeout(timer);
  }, [paused, duration, onDismiss]);

  // Swipe right past the threshold to dismiss (spec section 9); a shorter swipe springs back.
  const onPointerDown = (e: ReactPointerEvent<HTMLLIElement>) => {
    if ((e.target as HTMLElement).closest("button")) return;
    start.current = e.clientX;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    setPaused(true);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLLIElement>) => {
    if (start.current === null) return;
    setOffset(Math.max(0, e.clientX - start.current));
  };
  const onPointerUp = () => {
    if (start.current === null) return;
    start.current = null;
    if (offset > TOAST.swipeThresholdPx) onDismiss();
    else {
      setOffset(0);
      setPaused(false);
    }
  };

  const destructive = toast.variant === "destructive";
  return (
    <li
      className={classes.toast}
      data-variant={toast.variant ?? "default"}
      data-swiping={offset > 0 || undefined}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.2, 1 - offset / 200) } : undefined}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      onKeyDown={(e) => {
        if (e.key === "Escape") onDismiss();
      }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
    >
      {/* The live role sits inside the list item: an <li> with role="alert" would no longer be a list item (axe "list"). */}
      <div className={classes.body} role={destructive ? "alert" : "status"} aria-atomic="true">
        <p className={classes.title}>{toast.title}</p>
        {toast.description ? <div className={classes.description}>{toast.description}</div> : null}
      </div>
      <button type="button" className={classes.close} onClick={onDismiss} aria-label="Close notification">
        <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}
