/**
 * NOTE: what a chats-list row says (spec §2 "Chats list"): the room's time and its last message. Pure
 * functions, unit-tested. Times are the viewer's local time.
 */
import type { ChatRoomSummary } from '../../shared/chat-types.ts';
import { badgeText } from '../notification-bell/badge.ts';

const clock = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const sameYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' });
const otherYear = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric', year: 'numeric' });
const longForm = new Intl.DateTimeFormat('en', { dateStyle: 'long', timeStyle: 'short' });

const dayKey = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;

/** '14:05' today, 'Yesterday', 'Mar 5' this year, 'Mar 5, 2024' before. */
export function roomTime(iso: string, now: Date = new Date()): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  if (dayKey(then) === dayKey(now)) return clock.format(then);
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  if (dayKey(then) === dayKey(yesterday)) return 'Yesterday';
  return (then.getFullYear() === now.getFullYear() ? sameYear : otherYear).format(then);
}

/** The full date and time, for the <time> element's tooltip. */
export function roomTimeTitle(iso: string): string {
  const then = new Date(iso);
  return Number.isNaN(then.getTime()) ? '' : longForm.format(then);
}

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
