/**
 * NOTE: typing indicators of the open room (spec §2 "Chat room", §7 `typing`, §9 5000 ms; ADR 018).
 * Rules for callers:
 * - The composer calls `noteTyping()` on every keystroke (sent at most every TYPING_REPEAT_MS, so the other side's
 *   5-second timer stays alive while typing goes on) and `stopTyping()` on send and on blur.
 * - `$typers` is who is typing now; each entry goes TYPING_INDICATOR_MS after that person's last event, on their
 *   `isTyping: false`, or when their message arrives (chat-room-events.ts calls `clearTyper`).
 * - The server relays to the room's real participants; `participants` and `username` are sent because the spec's
 *   payload has them, not because the server trusts them.
 */
import { atom } from 'nanostores';
import { TYPING_INDICATOR_MS } from '../../shared/constants.ts';
import type { ServerEventPayload } from '../../shared/realtime-events.ts';
import { $chatRoom, chatMe } from './chat-room.ts';
import { emitToServer } from '../socket.ts';

export type Typer = { userId: number; username: string };

/** Comfortably under TYPING_INDICATOR_MS, so a steady typist never flickers out on the other screens. */
const TYPING_REPEAT_MS = 2000;

export const $typers = atom<Typer[]>([]);
const timers = new Map<number, ReturnType<typeof setTimeout>>();

export function clearTyper(userId: number): void {
  clearTimeout(timers.get(userId));
  timers.delete(userId);
  if ($typers.get().some((t) => t.userId === userId)) $typers.set($typers.get().filter((t) => t.userId !== userId));
}

export function clearAllTypers(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  $typers.set([]);
}

export function receiveTyping(payload: ServerEventPayload<'typing'>): void {
  if (payload.room_id !== $chatRoom.get().roomId || payload.user_id === chatMe()?.id) return;
  if (!payload.isTyping) return clearTyper(payload.user_id);
  clearTimeout(timers.get(payload.user_id));
  timers.set(
    payload.user_id,
    setTimeout(() => clearTyper(payload.user_id), TYPING_INDICATOR_MS),
  );
  const others = $typers.get().filter((t) => t.userId !== payload.user_id);
  $typers.set([...others, { userId: payload.user_id, username: payload.username }]);
}

let lastSentAt = 0;
let announcedRoom: number | null = null;

function send(isTyping: boolean): void {
  const { roomId, participants } = $chatRoom.get();
  const me = chatMe();
  if (roomId === null || !me) return;
  emitToServer('typing', { room_id: roomId, username: me.username, participants: participants.map((p) => p.id), isTyping });
}

export function noteTyping(): void {
  const now = Date.now();
  const roomId = $chatRoom.get().roomId;
  if (announcedRoom === roomId && now - lastSentAt < TYPING_REPEAT_MS) return;
  lastSentAt = now;
  announcedRoom = roomId;
  send(true);
}

export function stopTyping(): void {
  if (announcedRoom === null) return;
  if (announcedRoom === $chatRoom.get().roomId) send(false);
  announcedRoom = null;
  lastSentAt = 0;
}

/** '{name} is typing...' (spec §2); several people are joined. Null when nobody is. */
export function typingText(typers: readonly Typer[]): string | null {
  const names = typers.map((t) => t.username);
  if (names.length === 0) return null;
  if (names.length === 1) return `${names[0]} is typing...`;
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are typing...`;
}
