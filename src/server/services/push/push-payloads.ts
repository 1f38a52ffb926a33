/**
 * NOTE: what a push says (ADR 053): the same words as the bell (shared/notification-text.ts) and the chats list
 * (shared/chat-preview.ts), so a push and the page never disagree. The service worker (public/sw.js) shows `title`
 * and `body`, replaces an earlier notification with the same `tag` (one per chat, per post's likes, per group) and
 * opens `url` on a click. Bodies are cut short: a push payload holds at most about 4 kB.
 */
import { lastMessagePreview } from '../../../shared/chat-preview.ts';
import { chatPath } from '../../../shared/paths.ts';
import type { NotificationItem } from '../../../shared/api-types.ts';
import { notificationHref, notificationText } from '../../../shared/notification-text.ts';
import type { PushPreference } from '../../../shared/push-values.ts';

export type PushMessage = { title: string; body: string; url: string; tag: string; icon: string };

/** The app's icon (public/icons): a person's picture needs their session, which a notification has not. */
export const PUSH_ICON = '/icons/icon-192.png';
const BODY_MAX = 180;
const TITLE_MAX = 80;

/** Hours, not weeks (a stale push is noise): how long a push service keeps trying an offline browser, by kind. */
export const PUSH_TTL_SECONDS = { chat: 4 * 3600, notification: 12 * 3600, reminder: 15 * 60, test: 3600 } as const;

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1).trimEnd()}…` : s);

/** Which switch a notification type answers to; null for the types never pushed (reports, roles, bans). */
export function preferenceOf(type: string): PushPreference | null {
  if (type === 'friend_request' || type === 'friend_request_accepted') return 'friend_requests';
  if (type === 'comment') return 'comments';
  if (type === 'like') return 'likes';
  if (type.startsWith('lfg_')) return 'lfg';
  if (type === 'community_request' || type === 'community_approved' || type === 'community_invited') return 'communities';
  return null;
}

/** Repeats about one thing share a tag: a post's likes, a group's news, one person's requests. */
function tagOf(n: Pick<NotificationItem, 'id' | 'type' | 'data'>): string {
  const d = n.data;
  if (n.type === 'like' && d.media_id) return `likes-${d.media_id}`;
  if (n.type.startsWith('lfg_') && d.lfg_id) return `lfg-${d.lfg_id}`;
  return `notification-${n.id}`;
}

export function notificationPush(n: Pick<NotificationItem, 'id' | 'type' | 'data'>): PushMessage {
  const { title, body } = notificationText(n);
  return { title: cut(title, TITLE_MAX), body: cut(body, BODY_MAX), url: notificationHref(n) ?? '/', tag: tagOf(n), icon: PUSH_ICON };
}

export type ChatPushSource = {
  roomId: number;
  /** The group's or channel's name; null for a 1-on-1. */
  roomName: string | null;
  communityName: string | null;
  senderName: string;
  messageType: 'text' | 'image';
  content: string;
};

/** A 1-on-1 is titled with the sender, a group with its name, a channel with its name and community's. */
export function chatPush(m: ChatPushSource): PushMessage {
  const isGroup = m.roomName !== null;
  const title = !isGroup ? m.senderName : m.communityName ? `#${m.roomName} · ${m.communityName}` : m.roomName!;
  const body = lastMessagePreview(
    { is_group: isGroup, lastMessage: { message_type: m.messageType, content: m.content, sender_name: m.senderName } },
    null,
  );
  return { title: cut(title, TITLE_MAX), body: cut(body, BODY_MAX), url: chatPath(m.roomId), tag: `chat-${m.roomId}`, icon: PUSH_ICON };
}
