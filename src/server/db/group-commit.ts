/**
 * NOTE: group commit for hot single-statement writes. Callers `submit` one item and get its own result; items
 * submitted in the same event-loop turn, or while earlier batches are still at PostgreSQL, go to the database
 * together as ONE statement (one round trip, one commit, one WAL flush for all of them). Nothing is acknowledged
 * before its statement commits: durability is the same as one statement per item. A lone item waits at most one
 * turn of the event loop (setImmediate). `run` answers one settled result per item, in the items' order, so one
 * item's failure (e.g. its room was deleted) can fail that item alone.
 */

export type Settled<O> = PromiseSettledResult<O>;

export function groupCommit<I, O>(
  run: (items: I[]) => Promise<Settled<O>[]>,
  opts: { maxBatch: number; maxInFlight: number },
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function pump() {
    scheduled = false;
    while (inFlight < opts.maxInFlight && queue.length > 0) {
      const batch = queue.slice(0, opts.maxBatch);
      queue = queue.slice(batch.length);
      inFlight++;
      run(batch.map((w) => w.item))
        .then(
          (results) => {
            batch.forEach((w, i) => {
              const r = results[i];
              if (!r) w.reject(new Error('group commit: no result for an item'));
              else if (r.status === 'fulfilled') w.resolve(r.value);
              else w.reject(r.reason);
            });
          },
          (err: unknown) => batch.forEach((w) => w.reject(err)),
        )
        .finally(() => {
          inFlight--;
          pump();
        });
    }
  }

  return (item) =>
    new Promise<O>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (!scheduled && inFlight < opts.maxInFlight) {
        scheduled = true;
        setImmediate(pump);
      }
    });
}
