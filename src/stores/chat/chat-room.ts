/**
 * NOTE: the open chat room (spec §2 "Chat room", §3 "Room detail", §4 "Chat"; ADR 018). Rules for callers:
 * - The room island opens a room through `enterRoom` (chat-room-events.ts: this store plus its live events) on
 *   mount and calls the returned function on unmount; one room is open at a time. Read `$chatRoom`; change it only through the actions here and in chat-room-actions.ts.
 * - Messages are keyed by id and kept in id order (chat-messages.ts): live `chat_message` events, pages of
 *   history (`loadOlder()`, `?before=`) and catch-ups (`?after=`) may overlap without showing anything twice.
 * - Older pages and the catch-up after a reconnect are in chat-room-history.ts.
 * - Opening the room, and any message from someone else while it is open in a visible tab, marks it read.
 * - Live room events (rename, people added/removed/left, being removed) are handled in chat-room-events.ts.
 * - Safe to import during SSR: nothing runs until a browser calls `openRoom`.
 */
import { map } from 'nanostores';
import { api, ApiError, serverMessageOf } from '../../client/api.ts';
import type { ChannelCommunity, ChatMessage, ChatPerson, RoomDetailResponse } from '../../shared/chat-types.ts';
import { mergeMessages } from './chat-messages.ts';

export type RoomStatus = 'loading' | 'ready' | 'not-found' | 'error';
export type ChatRoomState = {
  roomId: number | null;
  status: RoomStatus;
  error: string | null;
  name: string;
  isGroup: boolean;
  /** Set for a community's channel: its readers are the community's members (no people list, no group menu). */
  community: ChannelCommunity | null;
  /** A moderator of the channel's community: may remove messages there. */
  canModerate: boolean;
  muted: boolean;
  ownerId: number | null;
  participants: ChatPerson[];
  /** False in a 1-on-1 blocked either way; `youBlocked` when the viewer's own block is a reason. */
  canSend: boolean;
  youBlocked: boolean;
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
  community: null,
  canModerate: false,
  muted: false,
  ownerId: null,
  participants: [],
  canSend: true,
  youBlocked: false,
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

export const chatMe = (): ChatPerson | null => me;
/** Compare before and after an await: a change means the answer belongs to another visit and must be dropped. */
export const roomGeneration = (): number => generation;
export const roomPath = (roomId: number, query = '') => `/chat/messages/${roomId}${query}`;

/** Room fields of a detail answer; messages are merged by the caller. */
export const detailFields = (d: RoomDetailResponse) => ({
  name: d.room_name,
  isGroup: d.is_group,
  community: d.community,
  canModerate: d.can_moderate,
  muted: d.muted,
  ownerId: d.owner_id,
  participants: d.participants,
  canSend: d.can_send,
  youBlocked: d.you_blocked,
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

/** A stored message for the open room (live event or send acknowledgement); others' messages mark it read. */
export function receiveMessage(message: ChatMessage): void {
  const state = $chatRoom.get();
  if (message.room_id !== state.roomId) return;
  if (state.messages.some((m) => m.id === message.id)) return;
  $chatRoom.setKey('messages', mergeMessages(state.messages, [message]));
  if (message.sender_id !== me?.id && document.visibilityState === 'visible') void markRoomRead();
}

/** A moderator removed a message of the open room: it leaves the screen. */
export function dropMessage(roomId: number, messageId: number): void {
  const state = $chatRoom.get();
  if (state.roomId === roomId)
    $chatRoom.setKey(
      'messages',
      state.messages.filter((m) => m.id !== messageId),
    );
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
  $chatRoom.set({ ...closed, roomId });
  void loadFirst(gen, roomId);
  const onVisible = () => document.visibilityState === 'visible' && void markRoomRead();
  document.addEventListener('visibilitychange', onVisible);
  return () => {
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
