/**
 * NOTE: what a chats-list row says (spec §2 "Chats list") besides its time (a <Time format="chat">): its last
 * message and unread badge. Pure functions, unit-tested.
 */
import type { ChatRoomSummary } from '../../shared/chat-types.ts';
import { badgeText } from '../notification-bell/badge.ts';

export const NO_MESSAGES = 'No messages yet';
export const PHOTO = 'Photo';

/**
 * The last message: an image reads 'Photo' (or 'Photo: ' and its text; no emoji, which the system fonts may
 * lack); in a group it is prefixed
 * with who sent it ('You' for the viewer's own).
 */
export function lastMessagePreview(room: Pick<ChatRoomSummary, 'is_group' | 'lastMessage'>, myName: string | null): string {
  const last = room.lastMessage;
  if (!last) return NO_MESSAGES;
  const text = last.message_type === 'image' ? (last.content.trim() ? `${PHOTO}: ${last.content}` : PHOTO) : last.content;
  if (!room.is_group) return text;
  return `${last.sender_name === myName ? 'You' : last.sender_name}: ${text}`;
}

/** A row's unread badge text: hidden (null) when muted or read, capped like the bell's ('99+'). */
export const unreadText = (room: Pick<ChatRoomSummary, 'muted' | 'unread_count'>): string | null =>
  room.muted ? null : badgeText(room.unread_count);
