/**
 * Resolves in a new task of the browser's event loop (a microtask would not let the browser in).
 * Start-up work split at these points reaches the browser as several short tasks: it can paint and
 * answer a tap in between, where one long task would leave the page frozen. A message rather than
 * a timer, as React's scheduler does: no 4 ms clamp, and nothing waits on timers that a test's fake
 * clock holds still.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
