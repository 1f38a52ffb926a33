/**
 * NOTE: this node's count of block changes it has heard (ADR 021). The database announces every block made or
 * lifted, by anyone on any node (the app, the admin CLI, hand-written SQL), on the feed channel (`b:<a>:<b>`,
 * migration 0009); the server's listener passes each announcement here, as it does to the feed cache.
 * Rules for callers (caches of anything a block changes, such as the typing relay's audiences):
 * - Read `version()` before loading, keep the result with it, and use it only while `version()` answers the same.
 * - `version()` is null while the listener is down: a change could go unheard, so cache nothing then.
 * - A block or unblock made on this node settles (the session cache's barrier) before it is answered, so by the
 *   time the person sees the answer this node has heard it, and every other node has been sent it.
 */
export function createBlockChanges() {
  let version = 0;
  let listening = false;
  return {
    version: (): number | null => (listening ? version : null),
    /** An announcement heard on the feed channel. */
    heard(payload: string) {
      if (payload.startsWith('b:')) version++;
    },
    /** From the listener: every change of state may have missed announcements. */
    setListening(on: boolean) {
      listening = on;
      version++;
    },
  };
}

export type BlockChanges = ReturnType<typeof createBlockChanges>;
