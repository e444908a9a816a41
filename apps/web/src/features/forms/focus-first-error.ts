/** Moves focus to the first field marked invalid, after React has rendered the messages. */
export function focusFirstError(form: HTMLFormElement | null) {
  requestAnimationFrame(() => {
    const target = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!target) return;
    const focusable = target.matches("input, select, textarea, button") ? target : target.querySelector<HTMLElement>("input, select, textarea, button:not([disabled])");
    (focusable ?? target).focus();
  });
}
