/**
 * NOTE: pure helpers for a room's message list (ADR 018 "Nothing lost"): messages are keyed by id, so a live
 * event, a page of history and a catch-up may overlap freely and the list still shows each message once, in id
 * order (ids grow with time, so id order is send order). Unit-tested.
 */
import type { ChatMessage } from '../../shared/chat-types.ts';

/** `current` plus `incoming`, one entry per id (the incoming copy wins), sorted by id. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return current as ChatMessage[];
  const byId = new Map<number, ChatMessage>();
  for (const m of current) byId.set(m.id, m);
  for (const m of incoming) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.id - b.id);
}

export const oldestId = (messages: readonly ChatMessage[]): number | null => messages[0]?.id ?? null;
export const newestId = (messages: readonly ChatMessage[]): number | null => messages.at(-1)?.id ?? null;

/** A client_id for one send (clientIdField: 8-64 of A-Z a-z 0-9 _ -); a retry reuses it. */
export function newClientId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
