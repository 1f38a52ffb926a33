/**
 * NOTE: helpers for the live-update tests (ADR 045). `watch` follows things and answers what the server allowed;
 * `record` keeps every live event a socket hears, in order, so a test proves something did NOT arrive by waiting
 * for a marker sent after it (one socket delivers in order) instead of waiting on a clock.
 */
import { expect } from 'vitest';
import type { ServerToClientEvents } from '../../../src/shared/realtime-events.ts';
import type { WatchRequest } from '../../../src/shared/schemas/live.ts';
import type { TestSocket } from './sockets.ts';

export const LIVE_EVENTS = [
  'post_counts',
  'comment_added',
  'comment_removed',
  'post_created',
  'profile_counts',
  'relationship_changed',
] as const;
type LiveEvent = (typeof LIVE_EVENTS)[number];
export type Heard = { event: LiveEvent; payload: Parameters<ServerToClientEvents[LiveEvent]>[0] };

export async function watch(socket: TestSocket, request: Partial<WatchRequest>): Promise<WatchRequest> {
  const full: WatchRequest = { posts: [], people: [], games: [], communities: [], channels: [], feed: false, ...request };
  return (socket as unknown as { timeout(ms: number): { emitWithAck(e: string, p: unknown): Promise<WatchRequest> } })
    .timeout(5000)
    .emitWithAck('watch', full);
}

export function record(socket: TestSocket): Heard[] {
  const heard: Heard[] = [];
  for (const event of LIVE_EVENTS) socket.on(event, ((payload: Heard['payload']) => heard.push({ event, payload })) as never);
  return heard;
}

/** Waits until an event matching `match` was heard; answers everything heard before it, then it. */
export async function until(heard: Heard[], match: (h: Heard) => boolean): Promise<Heard[]> {
  await expect.poll(() => heard.some(match), { timeout: 5000, interval: 20 }).toBe(true);
  return heard.slice(0, heard.findIndex(match) + 1);
}

export const isEvent =
  <E extends LiveEvent>(event: E, payload: Partial<Parameters<ServerToClientEvents[E]>[0]>) =>
  (h: Heard) =>
    h.event === event && Object.entries(payload).every(([k, v]) => (h.payload as Record<string, unknown>)[k] === v);
