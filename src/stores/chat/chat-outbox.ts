/**
 * NOTE: messages on their way (ADR 018 "Nothing lost"). Rules for callers:
 * - `sendChatMessage(roomId, content, image)` returns at once; the message shows as a pending bubble
 *   ('Sending...') from `$outbox` until the server acknowledges it (the HTTP answer comes only after the row is
 *   stored), then it joins the room's messages (chat-room.ts) and leaves the outbox.
 * - Each send has a client_id; network failures and 5xx answers retry with backoff (and at once when the browser
 *   comes back online or the socket reconnects) with the same client_id, so a retry never stores it twice.
 * - A 4xx answer marks it failed with the server's text; offer `retrySend(clientId)` and `discardSend(clientId)`.
 *   A 403 (a block either way in a 1-on-1) also refreshes the open room, whose composer then says why.
 * - A pending bubble whose client_id already arrived as a stored message must not be shown (the room island
 *   filters them), because the live `chat_message` may come before the HTTP answer.
 * - Lives at module level, so sends survive ClientRouter navigations (not page reloads).
 */
import { atom } from 'nanostores';
import { api, ApiError, serverMessageOf } from '../../client/api.ts';
import type { SendMessageResponse } from '../../shared/chat-types.ts';
import { newClientId } from './chat-messages.ts';
import { receiveMessage } from './chat-room.ts';
import { catchUp } from './chat-room-history.ts';
import { $socketConnected } from '../socket.ts';

export type PendingSend = {
  clientId: string;
  roomId: number;
  content: string;
  image: File | null;
  /** An object URL of `image` for the pending bubble. */
  imageUrl: string | null;
  createdAt: string;
  status: 'sending' | 'waiting' | 'failed';
  error: string | null;
};

const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15_000;

export const $outbox = atom<PendingSend[]>([]);
const timers = new Map<string, ReturnType<typeof setTimeout>>();
const tries = new Map<string, number>();
let watching = false;

const find = (clientId: string) => $outbox.get().find((p) => p.clientId === clientId);
const patch = (clientId: string, change: Partial<PendingSend>) =>
  $outbox.set($outbox.get().map((p) => (p.clientId === clientId ? { ...p, ...change } : p)));

function forget(clientId: string): void {
  const item = find(clientId);
  if (item?.imageUrl) URL.revokeObjectURL(item.imageUrl);
  clearTimeout(timers.get(clientId));
  timers.delete(clientId);
  tries.delete(clientId);
  $outbox.set($outbox.get().filter((p) => p.clientId !== clientId));
}

/** No answer, or the server could not store it now: the same send may succeed later. */
const worthRetrying = (err: unknown) =>
  !(err instanceof ApiError) || err.status === 0 || err.status === 408 || err.status === 429 || err.status >= 500;

function post(item: PendingSend): Promise<SendMessageResponse> {
  if (!item.image) return api.post('/chat/send-message', { room_id: item.roomId, content: item.content, client_id: item.clientId });
  const form = new FormData();
  form.set('room_id', String(item.roomId));
  form.set('content', item.content);
  form.set('client_id', item.clientId);
  form.set('image', item.image);
  return api.upload('/chat/send-message', form);
}

async function attempt(clientId: string): Promise<void> {
  const item = find(clientId);
  if (!item || item.status === 'sending') return;
  clearTimeout(timers.get(clientId));
  patch(clientId, { status: 'sending', error: null });
  try {
    const { message } = await post(item);
    receiveMessage(message);
    forget(clientId);
  } catch (err) {
    if (!find(clientId)) return; // discarded meanwhile
    if (!worthRetrying(err)) {
      patch(clientId, { status: 'failed', error: serverMessageOf(err) ?? 'This message could not be sent.' });
      if (err instanceof ApiError && err.status === 403) void catchUp();
      return;
    }
    const n = (tries.get(clientId) ?? 0) + 1;
    tries.set(clientId, n);
    patch(clientId, { status: 'waiting' });
    timers.set(
      clientId,
      setTimeout(() => void attempt(clientId), Math.min(RETRY_FIRST_MS * 2 ** (n - 1), RETRY_MAX_MS)),
    );
  }
}

/** The connection is back: everything waiting goes now instead of at its backoff time. */
function flushWaiting(): void {
  for (const p of $outbox.get()) if (p.status === 'waiting') void attempt(p.clientId);
}

function watchConnectivity(): void {
  if (watching) return;
  watching = true;
  window.addEventListener('online', flushWaiting);
  $socketConnected.listen((connected) => connected && flushWaiting());
}

export function sendChatMessage(roomId: number, content: string, image: File | null): void {
  watchConnectivity();
  const item: PendingSend = {
    clientId: newClientId(),
    roomId,
    content: content.trim(),
    image,
    imageUrl: image ? URL.createObjectURL(image) : null,
    createdAt: new Date().toISOString(),
    status: 'waiting',
    error: null,
  };
  $outbox.set([...$outbox.get(), item]);
  void attempt(item.clientId);
}

export function retrySend(clientId: string): void {
  tries.delete(clientId);
  void attempt(clientId);
}

export function discardSend(clientId: string): void {
  forget(clientId);
}
