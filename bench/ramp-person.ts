/**
 * NOTE: one simulated active person for the capacity ramp (bench/ramp.ts): signed in, socket open, and every
 * 2–6 s (uniform jitter, one action every 4 s on average) one of: read the feed (35%), open a profile and its
 * posts (20%), like or unlike a post (20%), comment on a post (10%), send a chat message to their 1-on-1 partner
 * (15%). Every request's latency and status goes to the step's `Tally` current when it started; a chat message
 * counts as delivered when the partner's socket gets it (the partner may be on another node).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { TestSocket } from '../tests/integration/support/sockets.ts';
import type { Person } from './people.ts';

export const MIN_PAUSE_MS = 2000;
export const MAX_PAUSE_MS = 6000;
const ACTIONS = [
  ['feed', 0.35],
  ['profile', 0.2],
  ['like', 0.2],
  ['comment', 0.1],
  ['chat', 0.15],
] as const;

/** What one ramp step saw. `pending` holds chat messages sent (201) and not yet delivered to the partner. */
export class Tally {
  readonly latencies: number[] = [];
  readonly errors = new Map<string, number>();
  readonly pending = new Set<string>();
  sent = 0;
  delivered = 0;

  error(what: string): void {
    this.errors.set(what, (this.errors.get(what) ?? 0) + 1);
  }

  get errorCount(): number {
    return [...this.errors.values()].reduce((a, b) => a + b, 0);
  }
}

/** Shared by every person: what there is to look at, and the tally of the step in progress. */
export type World = { postIds: number[]; usernames: string[]; tally: Tally; running: boolean };
export type Active = Person & { socket: TestSocket; roomId: number; partner: number };

let nextMessage = 0;
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

function chooseAction(): (typeof ACTIONS)[number][0] {
  let r = Math.random();
  for (const [name, weight] of ACTIONS) if ((r -= weight) < 0) return name;
  return 'feed';
}

/** Listens on this person's socket: deliveries of the partner's messages, drops and errors. */
export function listen(person: Active, world: World): void {
  person.socket.on('chat_message', (message) => {
    if (message.sender_id === person.id) return; // the sender's own copy: only the partner's counts
    const tally = [...tallies].find((t) => t.pending.delete(message.client_id ?? ''));
    if (tally) tally.delivered++;
  });
  person.socket.on('disconnect', (reason) => world.running && world.tally.error(`socket dropped (${reason})`));
  person.socket.on('connect_error', () => world.tally.error('socket connect error'));
}

/** Tallies whose chat messages may still arrive (the current one and those of steps still in their grace time). */
export const tallies = new Set<Tally>();

/** Acts until `world.running` is false. */
export async function live(person: Active, world: World): Promise<void> {
  const liked = new Set<number>();
  await sleep(Math.random() * MAX_PAUSE_MS); // people do not start in step
  while (world.running) {
    const tally = world.tally;
    const call = async (label: string, request: Promise<{ status: number }>, ok: number) => {
      const started = performance.now();
      try {
        const { status } = await request;
        tally.latencies.push(performance.now() - started);
        if (status !== ok) tally.error(`${label} answered ${status}`);
        return status === ok;
      } catch {
        tally.error(`${label} failed`);
        return false;
      }
    };
    const { client } = person;
    const post = pick(world.postIds);
    switch (chooseAction()) {
      case 'feed':
        await call('GET /api/media/feed', client.get('/api/media/feed'), 200);
        break;
      case 'profile': {
        const name = pick(world.usernames);
        await call('GET /api/profile/@…', client.get(`/api/profile/@${name}`), 200);
        await call('GET /api/media/user/@…', client.get(`/api/media/user/@${name}`), 200);
        break;
      }
      case 'like':
        if (liked.has(post)) {
          if (await call('DELETE /api/media/…/dislike', client.delete(`/api/media/${post}/dislike`), 200)) liked.delete(post);
        } else if (await call('POST /api/media/…/like', client.post(`/api/media/${post}/like`), 200)) liked.add(post);
        break;
      case 'comment':
        await call('POST /api/media/…/comments', client.post(`/api/media/${post}/comments`, { content: 'gg, nice one' }), 201);
        break;
      case 'chat': {
        const clientId = `ramp-${process.pid}-${++nextMessage}`;
        tally.pending.add(clientId); // before sending: the partner's socket may hear it before the answer arrives
        const send = client.post('/api/chat/send-message', { room_id: person.roomId, content: 'on my way', client_id: clientId });
        if (await call('POST /api/chat/send-message', send, 201)) tally.sent++;
        else tally.pending.delete(clientId);
        break;
      }
    }
    await sleep(MIN_PAUSE_MS + Math.random() * (MAX_PAUSE_MS - MIN_PAUSE_MS));
  }
}
