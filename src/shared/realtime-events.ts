/**
 * NOTE: the socket contract. Server → client event names and payloads are spec §7 "Realtime socket";
 * feature issues add their payload types here, and the server bus delivers only these names.
 */
import type { NotificationItem } from './api-types.ts';

export type ServerToClientEvents = {
  notification: (notification: NotificationItem) => void;
  chat_message: (message: unknown) => void;
  chat_renamed: (payload: { room_id: number; new_name: string }) => void;
  user_added_to_chat: (payload: { room_id: number; new_user: unknown }) => void;
  user_removed_from_chat: (payload: { room_id: number; removed_user: unknown }) => void;
  left_chat: (payload: { room_id: number; left_user: unknown }) => void;
  user_left_chat: (payload: { room_id: number; left_user: unknown }) => void;
  mark_all_read: (payload: { room_id: number }) => void;
  /** Spec §4 "Upload": true when the server starts receiving, false once the post exists (`media_id`) or the upload failed (`error`). */
  upload_progress: (payload: { uploading: boolean; media_id?: number; error?: string }) => void;
};

export type ClientToServerEvents = {
  typing: (payload: { room_id: number; username: string; participants: number[]; isTyping: boolean }) => void;
};

export type ServerEventName = keyof ServerToClientEvents;
export type ServerEventPayload<E extends ServerEventName> = Parameters<ServerToClientEvents[E]>[0];
