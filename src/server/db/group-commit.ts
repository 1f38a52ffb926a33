/**
 * NOTE: group commit for hot single-statement writes. Callers `submit` one item and get its own result; items
 * submitted in the same event-loop turn, or while earlier batches are still at PostgreSQL, go to the database
 * together as ONE statement (one round trip, one commit, one WAL flush for all of them). Nothing is acknowledged
 * before its statement commits: durability is the same as one statement per item. A lone item waits one turn of
 * the event loop (setImmediate); with `gatherMs`, a lone item that arrived less than `gatherMs` after the previous
 * one waits up to `gatherMs` for company instead (items are coming often, so one is likely to), trading those
 * milliseconds for one statement and commit shared by several; an item after a quiet spell waits only the one
 * turn. A waiting item keeps the process alive, as its caller awaits it. `run` answers one settled result per item,
 * in the items' order, so one item's failure (e.g. its room was deleted) can fail that item alone.
 */

export type Settled<O> = PromiseSettledResult<O>;

export function groupCommit<I, O>(
  run: (items: I[]) => Promise<Settled<O>[]>,
  opts: { maxBatch: number; maxInFlight: number; gatherMs?: number },
): (item: I) => Promise<O> {
  type Waiting = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };
  let queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;
  let gathering: NodeJS.Timeout | undefined;
  let lastArrival = -Infinity;

  function pump() {
    scheduled = false;
    clearTimeout(gathering);
    gathering = undefined;
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
      const now = performance.now();
      const often = opts.gatherMs !== undefined && now - lastArrival < opts.gatherMs;
      lastArrival = now;
      queue.push({ item, resolve, reject });
      if (gathering && queue.length >= opts.maxBatch) {
        // A full batch need not wait any longer.
        clearTimeout(gathering);
        gathering = undefined;
        setImmediate(pump);
      }
      if (!scheduled && inFlight < opts.maxInFlight) {
        scheduled = true;
        if (often && queue.length === 1) gathering = setTimeout(pump, opts.gatherMs);
        else setImmediate(pump);
      }
    });
}
