/**
 * NOTE: the open room's history beyond its first page (ADR 018 "Nothing lost"). Rules for callers:
 * - `loadOlder()` pages back with `?before=<oldest id>` while `hasMore`; the list island calls it on scrolling up.
 * - `watchReconnects()` (enterRoom calls it) catches up after every socket (re)connect that socket.io did not
 *   recover: `?after=<newest id>` merges what this tab missed (and the room's current name and people), so a
 *   message sent while it was offline still shows exactly once. A connect during the first load waits for it.
 */
import { api, ApiError, serverMessageOf } from '../../client/api.ts';
import type { RoomDetailResponse } from '../../shared/chat-types.ts';
import { mergeMessages, newestId, oldestId } from './chat-messages.ts';
import { $chatRoom, chatMe, detailFields, markRoomRead, roomGeneration, roomPath } from './chat-room.ts';
import { $socketConnected, lastConnectRecovered } from '../socket.ts';

/** Everything after the newest message (and the room's current name and people). */
export async function catchUp(): Promise<void> {
  const gen = roomGeneration();
  const { roomId, status, messages } = $chatRoom.get();
  if (roomId === null) return;
  if (status !== 'ready') return;
  try {
    const detail = await api.get<RoomDetailResponse>(roomPath(roomId, `?after=${newestId(messages) ?? 0}`));
    if (gen !== roomGeneration()) return;
    const current = $chatRoom.get();
    const fromOthers = detail.messages.some((m) => m.sender_id !== chatMe()?.id && !current.messages.some((c) => c.id === m.id));
    $chatRoom.set({ ...current, ...detailFields(detail), messages: mergeMessages(current.messages, detail.messages) });
    if (fromOthers && document.visibilityState === 'visible') void markRoomRead();
  } catch (err) {
    // 404: removed while away; the events module takes the person back to the list.
    if (gen === roomGeneration() && err instanceof ApiError && err.status === 404) $chatRoom.setKey('status', 'not-found');
  }
}

export async function loadOlder(): Promise<void> {
  const gen = roomGeneration();
  const state = $chatRoom.get();
  const before = oldestId(state.messages);
  if (state.roomId === null || state.loadingOlder || !state.hasMore || before === null) return;
  $chatRoom.set({ ...state, loadingOlder: true, olderError: null });
  try {
    const page = await api.get<RoomDetailResponse>(roomPath(state.roomId, `?before=${before}`));
    if (gen !== roomGeneration()) return;
    const current = $chatRoom.get();
    $chatRoom.set({ ...current, messages: mergeMessages(current.messages, page.messages), hasMore: page.has_more, loadingOlder: false });
  } catch (err) {
    if (gen === roomGeneration())
      $chatRoom.set({ ...$chatRoom.get(), loadingOlder: false, olderError: serverMessageOf(err) ?? 'Older messages could not be loaded.' });
  }
}

/** Catch up after unrecovered reconnects until the returned function is called. */
export function watchReconnects(): () => void {
  let waitForLoad: (() => void) | null = null;
  const afterLoad = () => {
    waitForLoad ??= $chatRoom.listen((state) => {
      if (state.status === 'loading') return;
      waitForLoad?.();
      waitForLoad = null;
      if (state.status === 'ready') void catchUp();
    });
  };
  const stop = $socketConnected.listen((connected) => {
    if (!connected || lastConnectRecovered()) return;
    const { status } = $chatRoom.get();
    if (status === 'ready') void catchUp();
    else if (status === 'loading') afterLoad();
  });
  return () => {
    stop();
    waitForLoad?.();
  };
}
