/**
 * NOTE: the signed-in person's chat rooms (spec §2 "Chats list" and the Chats badge, §4 "Chat"; ADR 018).
 * Rules for callers:
 * - Call `startChatRooms()` from a signed-in page's island (the nav's Chats badge does, so it runs on every
 *   signed-in page); calling it again is harmless. From then on the list loads whenever a user signs in,
 *   empties on sign-out, follows the socket's chat events and reloads after a reconnect (events may be lost).
 * - `loadRooms()` refetches (the /chats page calls it when it opens); overlapping calls share one request, and
 *   an event that arrives meanwhile triggers one more, so nothing is missed.
 * - A community's channels are rooms too (`community` set); `channels_changed` adds or drops them (or, for a
 *   community just joined, reloads the list).
 * - The room screen calls `setOpenRoom(id)` while it shows a room and `setOpenRoom(null)` when it leaves:
 *   messages in the open room are being read, so they do not raise its unread count.
 * - `$unreadRoomCount` is the Chats badge: rooms with unread messages, muted rooms left out.
 * - Whoever else toggles a room's mute (the room screen) reports the answer with `setRoomMuted(id, muted)`.
 * - `toggleMute` resolves with an error message to show (the server's text, else a fallback) or null; it
 *   never throws. Creating a room is src/stores/chat/create-chat-room.ts.
 * - Safe to import during SSR: nothing runs until a browser calls `startChatRooms()`.
 */
import { computed, map } from 'nanostores';
import { allPages } from '../../client/all-pages.ts';
import { api, serverMessageOf } from '../../client/api.ts';
import type { ChatMessage, ChatRoomSummary, ToggleMuteResponse } from '../../shared/chat-types.ts';
import { applyChannels, applyMessage, dropRoom, patchRoom, unreadRoomCount } from './chat-room-list-reducers.ts';
import { $session, onSignedInUserChange } from '../accounts/session.ts';
import { $socketConnected, onServerEvent } from '../socket.ts';

export type ChatRoomsState = {
  rooms: ChatRoomSummary[];
  /** The list has been answered at least once for this user. */
  loaded: boolean;
  loading: boolean;
  /** Why the last load failed (cleared by the next success). */
  error: string | null;
};

const initial: ChatRoomsState = { rooms: [], loaded: false, loading: false, error: null };
export const $chatRooms = map<ChatRoomsState>({ ...initial });
export const $unreadRoomCount = computed($chatRooms, (s) => unreadRoomCount(s.rooms));

export const LOAD_ROOMS_FAILED = 'Failed to load chats';

/** Bumped whenever the user changes, so answers meant for the previous user are dropped. */
let generation = 0;
let inFlight: Promise<void> | null = null;
let loadAgain = false;
let openRoomId: number | null = null;
/** The newest message id seen per room, so an event replayed after a reconnect is not counted twice. */
const newestSeen = new Map<number, number>();
let started = false;

export function loadRooms(): Promise<void> {
  if (inFlight) {
    loadAgain = true;
    return inFlight;
  }
  const gen = generation;
  $chatRooms.setKey('loading', true);
  const request: Promise<void> = allPages<'rooms', ChatRoomSummary>('/chat/my-rooms', 'rooms')
    .then(
      (rooms) => {
        if (gen === generation) $chatRooms.set({ rooms, loaded: true, loading: false, error: null });
      },
      (err: unknown) => {
        if (gen === generation) $chatRooms.set({ ...$chatRooms.get(), loading: false, error: serverMessageOf(err) ?? LOAD_ROOMS_FAILED });
      },
    )
    .finally(() => {
      if (inFlight !== request) return; // a user change (reset) replaced it
      inFlight = null;
      if (loadAgain) {
        loadAgain = false;
        void loadRooms();
      }
    });
  inFlight = request;
  return request;
}

/**
 * Applies a list change. A room the list does not know (null) means the list is stale, so it reloads; so does
 * a change during a load, whose answer may predate it.
 */
function update(next: ChatRoomSummary[] | null): void {
  if (next === null || $chatRooms.get().loading) void loadRooms();
  if (next !== null) $chatRooms.setKey('rooms', next);
}

function receiveMessage(message: ChatMessage): void {
  if (!$session.get().isAuthenticated) return;
  if (message.id <= (newestSeen.get(message.room_id) ?? 0)) return;
  newestSeen.set(message.room_id, message.id);
  update(applyMessage($chatRooms.get().rooms, message, { myId: $session.get().user?.id ?? null, openRoomId }));
}

export function setOpenRoom(roomId: number | null): void {
  openRoomId = roomId;
  if (roomId !== null) $chatRooms.setKey('rooms', patchRoom($chatRooms.get().rooms, roomId, { unread_count: 0 }) ?? $chatRooms.get().rooms);
}

const isMe = (userId: number) => userId === $session.get().user?.id;

/** Records a room's mute state as the server answered it (the room screen's own toggle calls this too). */
export const setRoomMuted = (roomId: number, muted: boolean): void => update(patchRoom($chatRooms.get().rooms, roomId, { muted }));

export async function toggleMute(roomId: number): Promise<string | null> {
  try {
    const { muted } = await api.post<ToggleMuteResponse>(`/chat/toggle-mute/${roomId}`);
    setRoomMuted(roomId, muted);
    return null;
  } catch (err) {
    return serverMessageOf(err) ?? 'Failed to change mute';
  }
}

function reset(): void {
  generation++;
  inFlight = null;
  loadAgain = false;
  newestSeen.clear();
  $chatRooms.set({ ...initial });
}

export function startChatRooms(): void {
  if (typeof window === 'undefined' || started) return;
  started = true;
  onSignedInUserChange((userId) => {
    reset();
    if (userId !== null) void loadRooms();
  });
  let connectedBefore = false;
  $socketConnected.subscribe((connected) => {
    if (!connected) return;
    // A reconnect, not the first connect: events may have been missed while the socket was down.
    if (connectedBefore && $session.get().isAuthenticated) void loadRooms();
    connectedBefore = true;
  });
  const rooms = () => $chatRooms.get().rooms;
  onServerEvent('chat_message', receiveMessage);
  onServerEvent('mark_all_read', ({ room_id }) => update(patchRoom(rooms(), room_id, { unread_count: 0 })));
  onServerEvent('chat_renamed', ({ room_id, new_name }) => update(patchRoom(rooms(), room_id, { name: new_name })));
  onServerEvent('user_added_to_chat', ({ new_user }) => {
    if (isMe(new_user.id)) void loadRooms();
  });
  onServerEvent('user_removed_from_chat', ({ room_id, removed_user }) => {
    if (isMe(removed_user.id)) update(dropRoom(rooms(), room_id));
  });
  onServerEvent('left_chat', ({ room_id }) => update(dropRoom(rooms(), room_id)));
  // Joining a community brings its channels with their history (load them); anything else is applied as it is.
  onServerEvent('channels_changed', (change) => {
    if (change.joined) void loadRooms();
    else update(applyChannels(rooms(), change, new Date().toISOString()));
  });
}
