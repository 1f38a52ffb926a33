// @vitest-environment happy-dom
/**
 * ADR 018 "Nothing lost" on the client: the outbox retries network failures and 5xx answers with the same
 * client_id until one is acknowledged, marks 4xx answers failed (Retry works), and the open room catches up with
 * `?after=<newest id>` after a reconnect socket.io did not recover — never after one it did.
 */
import { atom } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/client/api.ts';
import type { ChatMessage, RoomDetailResponse } from '../../../src/shared/chat-types.ts';

const calls = vi.hoisted(() => ({ get: vi.fn(), post: vi.fn(), upload: vi.fn(), recovered: { value: false } }));
const connected = vi.hoisted(() => ({ store: null as null | ReturnType<typeof atom<boolean>> }));

vi.mock('../../../src/client/api.ts', async (importActual) => ({
  ...(await importActual<typeof import('../../../src/client/api.ts')>()),
  api: { get: calls.get, post: calls.post, upload: calls.upload },
}));
vi.mock('../../../src/stores/socket.ts', async () => {
  const { atom: makeAtom } = await import('nanostores');
  connected.store = makeAtom(false);
  return {
    $socketConnected: connected.store,
    lastConnectRecovered: () => calls.recovered.value,
    onServerEvent: () => () => {},
    emitToServer: () => {},
  };
});

const { $chatRoom, openRoom } = await import('../../../src/stores/chat/chat-room.ts');
const { $outbox, retrySend, sendChatMessage } = await import('../../../src/stores/chat/chat-outbox.ts');
const { watchReconnects } = await import('../../../src/stores/chat/chat-room-history.ts');

const message = (id: number, clientId: string | null = null, senderId = 2): ChatMessage => ({
  id,
  room_id: 7,
  sender_id: senderId,
  sender_name: `u${senderId}`,
  message_type: 'text',
  content: `m${id}`,
  image_url: null,
  thumbnail_url: null,
  timestamp: '2026-03-04T10:00:00.000Z',
  client_id: clientId,
});
const detail = (messages: ChatMessage[]): RoomDetailResponse => ({
  room_id: 7,
  room_name: 'Room',
  is_group: true,
  community: null,
  can_moderate: false,
  muted: false,
  can_send: true,
  you_blocked: false,
  owner_id: 1,
  participants: [{ id: 1, username: 'me' }],
  messages,
  has_more: false,
});
const ids = () => $chatRoom.get().messages.map((m) => m.id);
let close: () => void = () => {};

beforeEach(async () => {
  vi.clearAllMocks();
  calls.recovered.value = false;
  connected.store!.set(false);
  calls.get.mockResolvedValueOnce(detail([message(1), message(2)]));
  calls.post.mockResolvedValue({ room_id: 7, unread_count: 0 }); // mark-all-read
  const closeRoom = openRoom(7, { id: 1, username: 'me' });
  const stopWatching = watchReconnects();
  close = () => {
    stopWatching();
    closeRoom();
  };
  await vi.waitFor(() => expect($chatRoom.get().status).toBe('ready'));
});
afterEach(() => {
  close();
  vi.useRealTimers();
});

describe('the outbox', () => {
  it('retries a network failure and a 503 with the same client_id, then shows the stored message once', async () => {
    vi.useFakeTimers();
    const sent: unknown[] = [];
    calls.post.mockImplementation(async (path: string, body: { client_id: string }) => {
      if (path !== '/chat/send-message') return {};
      sent.push(body.client_id);
      if (sent.length === 1) throw new TypeError('Failed to fetch');
      if (sent.length === 2) throw new ApiError(503, 'Busy', null);
      return { message: message(3, body.client_id, 1) };
    });
    sendChatMessage(7, '  hello  ', null);
    expect($outbox.get()).toMatchObject([{ content: 'hello' }]);
    await vi.advanceTimersByTimeAsync(1000);
    await vi.advanceTimersByTimeAsync(2000);
    await vi.waitFor(() => expect($outbox.get()).toEqual([]));
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
    expect(ids()).toEqual([1, 2, 3]);
  });

  it('marks a 4xx refusal failed with the server text; Retry sends it again', async () => {
    calls.post.mockImplementation(async (path: string) => {
      if (path === '/chat/send-message') throw new ApiError(403, 'You can only chat with your friends', null);
      return {};
    });
    sendChatMessage(7, 'hi', null);
    await vi.waitFor(() => expect($outbox.get()[0]).toMatchObject({ status: 'failed', error: 'You can only chat with your friends' }));
    calls.post.mockImplementation(async (_path: string, body: { client_id: string }) => ({ message: message(4, body.client_id, 1) }));
    retrySend($outbox.get()[0]!.clientId);
    await vi.waitFor(() => expect($outbox.get()).toEqual([]));
    expect(ids()).toEqual([1, 2, 4]);
  });
});

describe('catch-up after a reconnect', () => {
  it('asks for what came after the newest message when socket.io could not recover, and merges it once', async () => {
    calls.get.mockResolvedValueOnce(detail([message(2), message(3)]));
    connected.store!.set(true);
    await vi.waitFor(() => expect(ids()).toEqual([1, 2, 3]));
    expect(calls.get).toHaveBeenLastCalledWith('/chat/messages/7?after=2');
  });

  it('a connect during the first load catches up once that load is in (it may predate what was missed)', async () => {
    close();
    let answer: (d: RoomDetailResponse) => void = () => {};
    calls.get.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    calls.get.mockResolvedValueOnce(detail([message(5)]));
    const closeRoom = openRoom(7, { id: 1, username: 'me' });
    const stopWatching = watchReconnects();
    close = () => {
      stopWatching();
      closeRoom();
    };
    connected.store!.set(true);
    expect(calls.get).toHaveBeenCalledTimes(2);
    answer(detail([message(4)]));
    await vi.waitFor(() => expect(ids()).toEqual([4, 5]));
    expect(calls.get).toHaveBeenLastCalledWith('/chat/messages/7?after=4');
  });

  it('asks nothing when socket.io recovered the session (it replays what was missed)', async () => {
    calls.recovered.value = true;
    connected.store!.set(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls.get).toHaveBeenCalledTimes(1);
  });
});
