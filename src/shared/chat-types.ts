/**
 * NOTE: chat response shapes (spec §3 "Chat room (list)", "Room detail", "Message"; §7 "Chat"; ADR 018), shared
 * by the API, the realtime contract and the client. Timestamps are ISO strings. `image_url`/`thumbnail_url` are
 * paths on the API host served only to the room's participants (with the session cookie).
 */
export type ChatPerson = { id: number; username: string };

export type ChatMessage = {
  id: number;
  room_id: number;
  /** 0 when the sender has deleted their account (then `sender_name` is DELETED_USER_NAME). */
  sender_id: number;
  sender_name: string;
  message_type: 'text' | 'image';
  content: string;
  image_url: string | null;
  thumbnail_url: string | null;
  timestamp: string;
  /** The sender's client-generated id (idempotency key), echoed so the sender's tabs match their pending sends. */
  client_id: string | null;
};

/** GET /chat/my-rooms: `data.rooms[]`, newest activity first. A 1-on-1's name is the other person's username. */
export type ChatRoomSummary = {
  id: number;
  name: string;
  is_group: boolean;
  muted: boolean;
  unread_count: number;
  /** The last message's time, else the room's creation time. */
  timestamp: string;
  lastMessage: { content: string; message_type: 'text' | 'image'; sender_name: string } | null;
  /** Set for a community's channel (then `name` is the channel's): the list groups channels under it. */
  community: ChannelCommunity | null;
};
/** The community a channel belongs to (ADR 049). */
export type ChannelCommunity = { slug: string; name: string };
/** `next_cursor`: pass it back as `?cursor=` for the next page; null on the last page. */
export type MyRoomsResponse = { rooms: ChatRoomSummary[]; next_cursor: string | null };

/**
 * GET /chat/messages/{roomId}: the newest page oldest-first by default; `?before={id}` pages back (has_more says
 * whether older messages exist); `?after={id}` returns everything newer (catch-up after a reconnect, oldest first).
 */
export type RoomDetailResponse = {
  room_id: number;
  room_name: string;
  is_group: boolean;
  muted: boolean;
  owner_id: number | null;
  /** Empty for a channel: its readers are the community's members (its member list shows them). */
  participants: ChatPerson[];
  /** Set for a community's channel: group calls (add, remove, leave, rename) do not apply to it. */
  community: ChannelCommunity | null;
  /** A moderator of the channel's community: removes messages there (DELETE /api/communities/{slug}/messages/{id}). */
  can_moderate: boolean;
  /**
   * False in a 1-on-1 between people blocked either way: nobody can send there. `you_blocked` says the viewer's
   * own block is one reason (theirs is never named: a block is not announced to the person blocked).
   */
  can_send: boolean;
  you_blocked: boolean;
  messages: ChatMessage[];
  has_more: boolean;
};

export type CreateRoomResponse = { room_id: number; created: boolean };
export type ParticipantsResponse = { participants: ChatPerson[]; owner_id: number | null };
export type SendMessageResponse = { message: ChatMessage };
export type ToggleMuteResponse = { muted: boolean };
export type RenameResponse = { room_id: number; name: string };
export type MarkReadResponse = { room_id: number; unread_count: 0 };

/** How messages from a deleted account are signed. */
export const DELETED_USER_NAME = 'Deleted user';
