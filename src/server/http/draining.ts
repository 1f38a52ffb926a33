/**
 * NOTE: graceful shutdown of the HTTP side. `track` every request the app answers (not socket.io's upgrades);
 * `drain` then stops accepting connections and waits, up to a deadline, for the tracked requests (uploads
 * included) to finish. Rules for callers:
 * - mark the node not-ready before `drain`, so a load balancer's check on a kept-alive connection sees 503;
 * - after `drain`, close the sockets and `closeAllConnections()`: whatever still runs is cut off then.
 */
import type http from 'node:http';

/** How often keep-alive connections that went idle during the drain are closed. */
const IDLE_SWEEP_MS = 100;

export type RequestTracker = ReturnType<typeof createRequestTracker>;

export function createRequestTracker() {
  let active = 0;
  let draining = false;
  const waiting = new Set<() => void>();
  // One listener for every request (no closure or once-wrapper per request): 'close' fires once per response.
  const closed = () => {
    active -= 1;
    if (active === 0) for (const done of waiting) done();
  };
  return {
    get active() {
      return active;
    },
    get draining() {
      return draining;
    },
    track(res: http.ServerResponse) {
      active += 1;
      // Answers given while draining end their connection, so the client's next request goes to another node.
      if (draining) res.setHeader('Connection', 'close');
      res.on('close', closed);
    },
    /**
     * Stops accepting and waits for the tracked requests, at most `graceMs`. Answers how many were still
     * running at the deadline (0: all finished).
     */
    async drain(server: http.Server, graceMs: number): Promise<number> {
      draining = true;
      server.close(); // no new connections; idle keep-alive ones are closed now, busy ones below once they idle
      if (active === 0) return 0;
      const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
      let timer: NodeJS.Timeout | undefined;
      let finished: (() => void) | undefined;
      try {
        await new Promise<void>((resolve) => {
          finished = resolve;
          waiting.add(resolve);
          timer = setTimeout(resolve, graceMs);
        });
      } finally {
        clearInterval(sweep);
        clearTimeout(timer);
        if (finished) waiting.delete(finished);
      }
      return active;
    },
  };
}
