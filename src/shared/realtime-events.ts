/**
 * NOTE: the socket contract. Server → client event names and payloads are spec §7 "Realtime socket";
 * feature issues add their payload types here, and the server bus delivers only these names.
 */
import type { NotificationItem } from './api-types.ts';
import type { ChannelCommunity, ChatMessage, ChatPerson } from './chat-types.ts';
import type { Channel } from './community-types.ts';
import type { WatchRequest } from './schemas/live.ts';

export type ServerToClientEvents = {
  notification: (notification: NotificationItem) => void;
  /** A notification of yours was withdrawn (its friend request was cancelled): the bell drops it. */
  notification_removed: (payload: { id: number }) => void;
  /** To every participant's sockets, the sender's own included (ADR 018). */
  chat_message: (message: ChatMessage) => void;
  /** To every participant: a moderator removed this message (and its image); it leaves the room's screen. */
  chat_message_removed: (payload: { room_id: number; message_id: number }) => void;
  chat_renamed: (payload: { room_id: number; new_name: string }) => void;
  /** To every participant, the added person included; `owner_id` is the group's owner afterwards. */
  user_added_to_chat: (payload: { room_id: number; new_user: ChatPerson; owner_id: number | null }) => void;
  /** To the remaining participants and the removed person (who must leave the room's screen). */
  user_removed_from_chat: (payload: { room_id: number; removed_user: ChatPerson; owner_id: number | null }) => void;
  /** To the leaver's own sockets (their other tabs leave the room's screen). */
  left_chat: (payload: { room_id: number; left_user: ChatPerson }) => void;
  /** To the remaining participants; `owner_id` is the new owner when the owner left. */
  user_left_chat: (payload: { room_id: number; left_user: ChatPerson; owner_id: number | null }) => void;
  /**
   * A community's channels changed for you (ADR 049): you joined it (`joined`: the chats list loads them) or left it,
   * or a moderator added or removed a channel (to every member: the list adds or drops it as it is, no reload, as
   * 100,000 members may hear it at once). A removed channel's screen closes.
   */
  channels_changed: (payload: { community: ChannelCommunity; added: Channel[]; removed_room_ids: number[]; joined: boolean }) => void;
  /** A looking-for-group post changed (a request, an answer, someone left, closed, ended): its screens read it again. */
  lfg_changed: (payload: { lfg_id: number }) => void;
  /** To the reader's own sockets: the room is read (the nav badge and list refresh). */
  mark_all_read: (payload: { room_id: number }) => void;
  /** Relayed from a participant's `typing` to the room's other participants only. */
  typing: (payload: { room_id: number; user_id: number; username: string; isTyping: boolean }) => void;
  /** Spec §4 "Upload": true when the server starts receiving, false once the post exists (`media_id`) or the upload failed (`error`). */
  /**
   * Spec §4: `uploading: true` from the start; `false` with `media_id` once the post can be watched, or with
   * `error`. A video then processing (ADR 051) is told with `uploading: true`, its `media_id` and `processing` (0-100);
   * its end with `uploading: false`, its `media_id` and `processed: true` (and `error` when it was refused).
   */
  upload_progress: (payload: { uploading: boolean; media_id?: number; error?: string; processing?: number; processed?: true }) => void;
  /** To sockets watching the post (ADR 045): its counts now, at most once per flush (likes and comments coalesce). */
  post_counts: (payload: { post_id: number; likes: number; comment_count: number }) => void;
  /** To sockets watching the post, except people blocked either way with its author or the commenter. */
  comment_added: (payload: { post_id: number; comment_id: number }) => void;
  comment_removed: (payload: { post_id: number; comment_id: number }) => void;
  /** A post was made: to sockets watching the feed, its author's profile or its game (by slug), except people blocked either way. */
  post_created: (payload: { post_id: number; user_id: number; game: string | null; community: string | null }) => void;
  /** To sockets watching the profile: its counts now. */
  profile_counts: (payload: { user_id: number; followers_count: number; following_count: number; friends_count: number }) => void;
  /** To both people: a follow or friendship between them changed (`user_id` is the other one); pages showing them reload it. */
  relationship_changed: (payload: { user_id: number }) => void;
};

export type ClientToServerEvents = {
  /** Spec §7. The server ignores `participants` and `username`: it relays to the room's real participants. */
  typing: (payload: { room_id: number; username: string; participants: number[]; isTyping: boolean }) => void;
  /**
   * What the page shows, to follow live (src/shared/schemas/live.ts); replaces the previous `watch`. The optional
   * acknowledgement answers what is followed now (what the person may see of the latest `watch`).
   */
  watch: (payload: WatchRequest, ack?: (following: WatchRequest) => void) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
