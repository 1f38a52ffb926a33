/**
 * NOTE: the socket contract. Server → client event names and payloads are spec §7 "Realtime socket";
 * feature issues add their payload types here, and the server bus delivers only these names.
 */
import type { NotificationItem } from './api-types.ts';
import type { ChatMessage, ChatPerson } from './chat-types.ts';

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
  /** To the reader's own sockets: the room is read (the nav badge and list refresh). */
  mark_all_read: (payload: { room_id: number }) => void;
  /** Relayed from a participant's `typing` to the room's other participants only. */
  typing: (payload: { room_id: number; user_id: number; username: string; isTyping: boolean }) => void;
  /** Spec §4 "Upload": true when the server starts receiving, false once the post exists (`media_id`) or the upload failed (`error`). */
  upload_progress: (payload: { uploading: boolean; media_id?: number; error?: string }) => void;
};

export type ClientToServerEvents = {
  /** Spec §7. The server ignores `participants` and `username`: it relays to the room's real participants. */
  typing: (payload: { room_id: number; username: string; participants: number[]; isTyping: boolean }) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
