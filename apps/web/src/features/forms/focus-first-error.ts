const CONTROL = /^(INPUT|SELECT|TEXTAREA|BUTTON)$/;

/**
 * The control to focus for a field: the field itself, or inside a group (a calendar, a set of
 * radios) the control the keyboard would reach first, a calendar's current day rather than its
 * month buttons.
 */
function controlOf(field: HTMLElement): HTMLElement {
  if (CONTROL.test(field.tagName)) return field;
  return (
    field.querySelector<HTMLElement>('table button[tabindex="0"]:not([disabled])') ??
    field.querySelector<HTMLElement>("input:not([disabled]),select:not([disabled]),textarea:not([disabled]),button:not([disabled])") ??
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
  field.scrollIntoView({ block: "center", behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
  control.focus({ preventScroll: true });
}

/** Moves focus to the first field marked invalid; call it once React has rendered the messages. */
export function focusFirstError(form: HTMLFormElement | null) {
  focusField(form?.querySelector<HTMLElement>('[aria-invalid="true"]'));
}
