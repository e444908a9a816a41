const CONTROLS = "input, select, textarea, button";

/**
 * The control to focus for a field: the field itself, or inside a group (a calendar, a set of
 * radios) the control the keyboard would reach first, a calendar's current day rather than its
 * month buttons.
 */
function controlOf(field: HTMLElement): HTMLElement {
  if (field.matches(CONTROLS)) return field;
  return (
    field.querySelector<HTMLElement>('table button[tabindex="0"]:not([disabled])') ??
    field.querySelector<HTMLElement>(`${CONTROLS.split(", ").map((c) => `${c}:not([disabled])`).join(", ")}`) ??
    field
  );
}

/**
 * Brings a field into the middle of the screen and focuses it. Centred, so the sticky header never
 * covers it, and before focusing, so the browser does not scroll a second time; instant for people
 * who asked for reduced motion.
 */
export function focusField(field: HTMLElement | null | undefined) {
  if (!field) return;
  const control = controlOf(field);
  const still = typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  field.scrollIntoView({ block: "center", behavior: still ? "auto" : "smooth" });
  control.focus({ preventScroll: true });
}

/** Moves focus to the first field marked invalid; call it once React has rendered the messages. */
export function focusFirstError(form: HTMLFormElement | null) {
  focusField(form?.querySelector<HTMLElement>('[aria-invalid="true"]'));
}
