/**
 * NOTE: the open chat room (spec §2 "Chat room", §3 "Room detail", §4 "Chat"; ADR 018). Rules for callers:
 * - The room island opens a room through `enterRoom` (chat-room-events.ts: this store plus its live events) on
 *   mount and calls the returned function on unmount; one room is open at a time. Read `$chatRoom`; change it only through the actions here and in chat-room-actions.ts.
 * - Messages are keyed by id and kept in id order (chat-messages.ts): live `chat_message` events, pages of
 *   history (`loadOlder()`, `?before=`) and catch-ups (`?after=`) may overlap without showing anything twice.
 * - Catch-up: after every socket (re)connect that socket.io did not recover, the room asks for everything after
 *   its newest message, so a message sent while this tab was offline still shows exactly once.
 * - Opening the room, and any message from someone else while it is open in a visible tab, marks it read.
 * - Live room events (rename, people added/removed/left, being removed) are handled in chat-room-events.ts.
 * - Safe to import during SSR: nothing runs until a browser calls `openRoom`.
 */
import { map } from 'nanostores';
import { api, ApiError, serverMessageOf } from '../client/api.ts';
import type { ChatMessage, ChatPerson, RoomDetailResponse } from '../shared/chat-types.ts';
import { mergeMessages, newestId, oldestId } from './chat-messages.ts';
import { lastConnectRecovered, $socketConnected } from './socket.ts';

export type RoomStatus = 'loading' | 'ready' | 'not-found' | 'error';
export type ChatRoomState = {
  roomId: number | null;
  status: RoomStatus;
  error: string | null;
  name: string;
  isGroup: boolean;
  muted: boolean;
  ownerId: number | null;
  participants: ChatPerson[];
  messages: ChatMessage[];
  hasMore: boolean;
  loadingOlder: boolean;
  olderError: string | null;
};

const closed: ChatRoomState = {
  roomId: null,
  status: 'loading',
  error: null,
  name: '',
  isGroup: false,
  muted: false,
  ownerId: null,
  participants: [],
  messages: [],
  hasMore: false,
  loadingOlder: false,
  olderError: null,
};

export const $chatRoom = map<ChatRoomState>({ ...closed });

let me: ChatPerson | null = null;
/** Bumped on every open, reload and close: answers meant for another room (or an earlier visit) are dropped. */
let generation = 0;
/** Bumped on every open: a closer only closes its own visit. */
let visit = 0;
/** A connect happened while the first page was in flight: that page may predate what the socket missed. */
let catchUpAfterLoad = false;

export const chatMe = (): ChatPerson | null => me;
const roomPath = (roomId: number, query = '') => `/chat/messages/${roomId}${query}`;

/** Room fields of a detail answer; messages are merged by the caller. */
const detailFields = (d: RoomDetailResponse) => ({
  name: d.room_name,
  isGroup: d.is_group,
  muted: d.muted,
  ownerId: d.owner_id,
  participants: d.participants,
});

export async function markRoomRead(): Promise<void> {
  const { roomId, status } = $chatRoom.get();
  if (roomId === null || status !== 'ready') return;
  await api.post(`/chat/mark-all-read/${roomId}`).catch(() => {
    // The badge simply stays until the next read; nothing for the person to do.
  });
}

async function loadFirst(gen: number, roomId: number): Promise<void> {
  try {
    const detail = await api.get<RoomDetailResponse>(roomPath(roomId));
    if (gen !== generation) return;
    const current = $chatRoom.get();
    $chatRoom.set({
      ...current,
      ...detailFields(detail),
      status: 'ready',
      error: null,
      hasMore: detail.has_more,
      messages: mergeMessages(detail.messages, current.messages),
    });
    void markRoomRead();
    if (catchUpAfterLoad) void catchUp();
  } catch (err) {
    if (gen !== generation) return;
    const notFound = err instanceof ApiError && (err.status === 404 || err.status === 400);
    $chatRoom.set({
      ...$chatRoom.get(),
      status: notFound ? 'not-found' : 'error',
      error: serverMessageOf(err) ?? 'This chat could not be loaded.',
    });
  }
}

/** Everything after the newest message (and the room's current name and people). */
export async function catchUp(): Promise<void> {
  const gen = generation;
  const { roomId, status, messages } = $chatRoom.get();
  if (roomId === null) return;
  if (status !== 'ready') {
    catchUpAfterLoad = status === 'loading';
    return;
  }
  catchUpAfterLoad = false;
  try {
    const detail = await api.get<RoomDetailResponse>(roomPath(roomId, `?after=${newestId(messages) ?? 0}`));
    if (gen !== generation) return;
    const current = $chatRoom.get();
    const fromOthers = detail.messages.some((m) => m.sender_id !== me?.id && !current.messages.some((c) => c.id === m.id));
    $chatRoom.set({ ...current, ...detailFields(detail), messages: mergeMessages(current.messages, detail.messages) });
    if (fromOthers && document.visibilityState === 'visible') void markRoomRead();
  } catch (err) {
    // 404: removed while away; the events module takes the person back to the list.
    if (gen === generation && err instanceof ApiError && err.status === 404) $chatRoom.setKey('status', 'not-found');
  }
}

export async function loadOlder(): Promise<void> {
  const gen = generation;
  const state = $chatRoom.get();
  const before = oldestId(state.messages);
  if (state.roomId === null || state.loadingOlder || !state.hasMore || before === null) return;
  $chatRoom.set({ ...state, loadingOlder: true, olderError: null });
  try {
    const page = await api.get<RoomDetailResponse>(roomPath(state.roomId, `?before=${before}`));
    if (gen !== generation) return;
    const current = $chatRoom.get();
    $chatRoom.set({ ...current, messages: mergeMessages(current.messages, page.messages), hasMore: page.has_more, loadingOlder: false });
  } catch (err) {
    if (gen === generation)
      $chatRoom.set({ ...$chatRoom.get(), loadingOlder: false, olderError: serverMessageOf(err) ?? 'Older messages could not be loaded.' });
  }
}

/** A stored message for the open room (live event or send acknowledgement); others' messages mark it read. */
export function receiveMessage(message: ChatMessage): void {
  const state = $chatRoom.get();
  if (message.room_id !== state.roomId) return;
  if (state.messages.some((m) => m.id === message.id)) return;
  $chatRoom.setKey('messages', mergeMessages(state.messages, [message]));
  if (message.sender_id !== me?.id && document.visibilityState === 'visible') void markRoomRead();
}

/** The room's people and owner changed (an event, or the answer to add/remove). */
export function setPeople(roomId: number, participants: ChatPerson[], ownerId: number | null): void {
  if ($chatRoom.get().roomId === roomId) $chatRoom.set({ ...$chatRoom.get(), participants, ownerId });
}

/** Opens `roomId` for `person`; returns the function that closes it. */
export function openRoom(roomId: number, person: ChatPerson): () => void {
  const gen = ++generation;
  const myVisit = ++visit;
  me = person;
  catchUpAfterLoad = false;
  $chatRoom.set({ ...closed, roomId });
  void loadFirst(gen, roomId);
  const stopWatching = $socketConnected.listen((connected) => {
    if (connected && !lastConnectRecovered()) void catchUp();
  });
  const onVisible = () => document.visibilityState === 'visible' && void markRoomRead();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
    stopWatching();
    document.removeEventListener('visibilitychange', onVisible);
    if (myVisit !== visit) return;
    generation++;
    $chatRoom.set({ ...closed });
  };
}

/** Try the first load again after an error. */
export function reloadRoom(): void {
  const { roomId } = $chatRoom.get();
  if (roomId === null) return;
  $chatRoom.set({ ...closed, roomId });
  void loadFirst(++generation, roomId);
}
