/**
 * NOTE: whether someone has a tab open (ADR 053), asked by the push fan-out and answered by the realtime layer, the
 * only one that knows sockets (realtime/presence.ts). Until a node's realtime layer attaches, and once it starts
 * closing, asking throws: the fan-out job fails and is retried, rather than pushing to someone who may be reading
 * along.
 */
export type Presence = {
  /** Of `userIds`, those with at least one connected socket on any node. */
  connected(userIds: number[]): Promise<Set<number>>;
};

export function createPresencePort() {
  let answer: Presence | undefined;
  let stopped = false;
  return {
    connected(userIds: number[]): Promise<Set<number>> {
      if (stopped) return Promise.reject(new Error('realtime closed: this node is stopping'));
      if (!answer) return Promise.reject(new Error('realtime not attached yet'));
      return userIds.length === 0 ? Promise.resolve(new Set()) : answer.connected(userIds);
    },
    /** The realtime layer answers from now on. */
    serve(presence: Presence) {
      answer = presence;
    },
    /** The node is closing its sockets: from now on asking throws (the job is retried, on another node if any). */
    stop() {
      stopped = true;
    },
  };
}

export type PresencePort = ReturnType<typeof createPresencePort>;
