/**
 * NOTE: the one clock that relative times ('5 min') read, so a page left open stays right without a timer per
 * time shown. Rules for callers: read it through `useNow` (src/ui/Time.tsx), not directly. `getNow` is the time
 * to the minute (so it is the same on every read within a minute, as React asks of a snapshot); listeners hear
 * each new minute, and at once when a hidden tab comes back into view (browsers slow hidden tabs' timers).
 */
const MINUTE_MS = 60_000;

export const getNow = (): number => Math.floor(Date.now() / MINUTE_MS) * MINUTE_MS;

const listeners = new Set<() => void>();
let stop: (() => void) | null = null;

function tell(): void {
  for (const listener of listeners) listener();
}

function start(): () => void {
  let timer: ReturnType<typeof setTimeout>;
  const next = () => {
    // Just past the next whole minute, so the reading has changed by then.
    timer = setTimeout(
      () => {
        tell();
        next();
      },
      MINUTE_MS - (Date.now() % MINUTE_MS) + 50,
    );
  };
  const onVisible = () => {
    if (document.visibilityState === 'visible') tell();
  };
  next();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    clearTimeout(timer);
    document.removeEventListener('visibilitychange', onVisible);
  };
}

/** Hear each new minute until the returned function is called; the timer runs only while someone listens. */
export function subscribeNow(listener: () => void): () => void {
  listeners.add(listener);
  stop ??= start();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      stop?.();
      stop = null;
    }
  };
}
