import { TOAST } from "@tearoom/domain";
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: ReactNode;
  /** "destructive" for errors (spec section 8). */
  variant?: ToastVariant;
  /** Milliseconds on screen; the spec's default is 5000. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

interface ToastContextValue {
  toasts: ToastItem[];
  toast: (input: ToastInput) => number;
  dismiss: (id?: number) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

/**
 * Holds the toasts: at most TOAST.limit at once (a new one replaces the old), a dismissed toast
 * closes at once and leaves the list after TOAST.removeDelayMs (spec section 9).
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<ToastItem[]>([]);
  const nextId = useRef(1);
  const removals = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: number) => {
    if (removals.current.has(id)) return;
    const timer = setTimeout(() => {
      removals.current.delete(id);
      setToasts((list) => list.filter((t) => t.id !== id));
    }, TOAST.removeDelayMs);
    removals.current.set(id, timer);
  }, []);

  const toast = useCallback((input: ToastInput) => {
    const id = nextId.current++;
    setToasts((list) => [{ ...input, id, open: true }, ...list].slice(0, TOAST.limit));
    return id;
  }, []);

  const dismiss = useCallback(
    (id?: number) => {
      setToasts((list) => {
        for (const t of list) if (id === undefined || t.id === id) scheduleRemoval(t.id);
        return list.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
      });
    },
    [scheduleRemoval],
  );

  useEffect(() => {
    const pending = removals.current;
    return () => {
      for (const timer of pending.values()) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const value = useMemo(() => ({ toasts, toast, dismiss }), [toasts, toast, dismiss]);
  return <ToastContext.Provider value={value}>{children}</ToastContext.Provider>;
}

/** `toast({ title, description, variant })` shows a notification; `dismiss(id)` closes one. */
export function useToast(): ToastContextValue {
  const ctx = useContext(ToastContext);
  if (!ctx) throw new Error("useToast must be used inside <TearoomProvider> or <ToastProvider>");
  return ctx;
}
