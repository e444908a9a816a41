/**
 * Resolves in a new task of the browser's event loop (a microtask would not let the browser in).
 * Start-up work split at these points reaches the browser as several short tasks: it can paint and
 * answer a tap in between, where one long task would leave the page frozen.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
