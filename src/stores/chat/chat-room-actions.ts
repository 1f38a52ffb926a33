/**
 * NOTE: what the room's menu does (spec §2 "Group-only menu", §5, §7 "Chat"; ADR 018 rules). Rules for callers:
 * - Every action resolves with null on success or with the text to show (the server's error when it sent one);
 *   none throws. The open room's state follows the answer at once (the live events confirm it later; applying
 *   both is harmless).
 * - Only the owner may remove people: others get the server's 403 text. `leaveRoom` goes to /chats on success
 *   (a group is left; a 1-on-1 is only hidden until the other person writes again).
 */
import { allPages } from '../../client/all-pages.ts';
import { api, serverMessageOf } from '../../client/api.ts';
import type { Friend } from '../../shared/api-types.ts';
import type { ParticipantsResponse, RenameResponse, ToggleMuteResponse } from '../../shared/chat-types.ts';
import { $chatRoom, setPeople } from './chat-room.ts';
import { goToChatList } from './chat-room-events.ts';
import { setRoomMuted } from './chat-rooms.ts';

type Outcome = string | null;

async function run(fallback: string, work: (roomId: number) => Promise<void>): Promise<Outcome> {
  const roomId = $chatRoom.get().roomId;
  if (roomId === null) return fallback;
  try {
    await work(roomId);
    return null;
  } catch (err) {
    return serverMessageOf(err) ?? fallback;
  }
}

/** Add and remove answer the room's people afterwards (the live events bring the same; both are harmless). */
const showPeople = (roomId: number, answer: ParticipantsResponse) => setPeople(roomId, answer.participants, answer.owner_id);

export const renameGroup = (name: string) =>
  run('The group could not be renamed.', async (roomId) => {
    const answer = await api.put<RenameResponse>(`/chat/rename-group/${roomId}`, { name });
    if ($chatRoom.get().roomId === roomId) $chatRoom.setKey('name', answer.name);
  });

export const toggleMute = () =>
  run('Mute could not be changed.', async (roomId) => {
    const answer = await api.post<ToggleMuteResponse>(`/chat/toggle-mute/${roomId}`);
    if ($chatRoom.get().roomId === roomId) $chatRoom.setKey('muted', answer.muted);
    setRoomMuted(roomId, answer.muted);
  });

export const addPerson = (userId: number) =>
  run('This person could not be added.', async (roomId) => {
    showPeople(roomId, await api.post<ParticipantsResponse>(`/chat/group/${roomId}/add`, { user_id: userId }));
  });

export const removePerson = (userId: number) =>
  run('This person could not be removed.', async (roomId) => {
    showPeople(roomId, await api.post<ParticipantsResponse>(`/chat/group/${roomId}/remove`, { user_id: userId }));
  });

export const leaveRoom = () =>
  run($chatRoom.get().isGroup ? 'You could not leave the group.' : 'You could not leave the chat.', async (roomId) => {
    await api.post(`/chat/group/${roomId}/leave`);
    await goToChatList();
  });

/** The signed-in person's friends (GET /friends/, every page), for the Add User list. */
export function loadFriends(): Promise<Friend[]> {
  return allPages<'friends', Friend>('/friends/', 'friends');
}
