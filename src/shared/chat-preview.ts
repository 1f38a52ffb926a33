/**
 * NOTE: how a chat message reads in one line: a chats-list row's last message and a pushed message's body alike.
 * Pure, unit-tested (tests/unit/client/chat-list.test.ts).
 */
import type { ChatRoomSummary } from './chat-types.ts';

export const NO_MESSAGES = 'No messages yet';
export const PHOTO = 'Photo';

/**
 * The last message: an image reads 'Photo' (or 'Photo: ' and its text; no emoji, which the system fonts may
 * lack); in a group it is prefixed with who sent it ('You' for the viewer's own).
 */
type Last = Pick<NonNullable<ChatRoomSummary['lastMessage']>, 'message_type' | 'content' | 'sender_name'>;

export function lastMessagePreview(room: { is_group: boolean; lastMessage: Last | null }, myName: string | null): string {
  const last = room.lastMessage;
  if (!last) return NO_MESSAGES;
  const text = last.message_type === 'image' ? (last.content.trim() ? `${PHOTO}: ${last.content}` : PHOTO) : last.content;
  if (!room.is_group) return text;
  return `${last.sender_name === myName ? 'You' : last.sender_name}: ${text}`;
}
