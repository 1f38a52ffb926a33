/**
 * NOTE: what a chats-list row says (spec §2 "Chats list") besides its time (a <Time format="chat">): its unread
 * badge, and its last message (shared/chat-preview.ts, which pushes use too). Pure functions, unit-tested.
 */
import type { ChatRoomSummary } from '../../shared/chat-types.ts';
import { badgeText } from '../notification-bell/badge.ts';

/** A row's unread badge text: hidden (null) when muted or read, capped like the bell's ('99+'). */
export const unreadText = (room: Pick<ChatRoomSummary, 'muted' | 'unread_count'>): string | null =>
  room.muted ? null : badgeText(room.unread_count);
