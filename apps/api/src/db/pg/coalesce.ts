/**
 * Group commit for one kind of small statement (decision 021): `flush` runs for the first caller
 * at once, and the callers that arrive while it is in flight share the next run, as many as
 * MAX_ITEMS. On PostgreSQL every statement is a round trip, so many callers share one, with no
 * waiting when there is no crowd. `flush` answers each item in order; if it throws, each caller of
 * that run gets the error.
 */
const MAX_ITEMS = 500;

export function coalescing<T, R>(flush: (items: T[]) => Promise<R[]>): (item: T) => Promise<R> {
  const queue: { item: T; resolve: (value: R) => void; reject: (err: unknown) => void }[] = [];
  let running = false;

  const drain = async () => {
    running = true;
    while (queue.length > 0) {
      const batch = queue.splice(0, MAX_ITEMS);
      try {
        const results = await flush(batch.map((b) => b.item));
        batch.forEach((b, i) => b.resolve(results[i]!));
      } catch (err) {
        for (const b of batch) b.reject(err);
      }
    }
    running = false;
  };

  return (item) =>
    new Promise<R>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!running) void drain();
    });
}
