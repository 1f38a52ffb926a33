/**
 * NOTE: what the account deletion and data export calls answer. `AccountExportDocument` is the
 * `savepoint-export.json` inside the export zip: times are ISO 8601, `file`/`image`/`picture` are paths inside
 * the zip (null when there is no file). Add fields freely; never rename one (people keep old exports).
 */
import type { GameRef } from './game-types.ts';
import type { GamePlatform } from './game-values.ts';
import type { HandleVisibility, PlatformId } from './profile-values.ts';

/** DELETE /api/account. */
export type DeleteAccountResponse = { message: string };
export const ACCOUNT_DELETED = 'Your account was deleted';
/** The landing page shows ACCOUNT_DELETED when opened at this fragment (`/#account-deleted`). */
export const ACCOUNT_DELETED_ANCHOR = 'account-deleted';

export const EXPORT_DOCUMENT_NAME = 'savepoint-export.json';

type Someone = { username: string; since: string };

export type AccountExportDocument = {
  format: 'savepoint-export';
  version: 1;
  exported_at: string;
  profile: {
    user_id: number;
    username: string;
    email: string;
    birthday: string;
    joined_at: string;
    bio: string;
    handles: Record<PlatformId, string | null>;
    /** Who sees each handle; absent platforms are shown to everyone. */
    handle_visibility: Partial<Record<PlatformId, HandleVisibility>>;
    links: Record<string, string>;
    /** What they play, keyed by slug like the profile's `games`. */
    games: Record<string, { name: string; platform: GamePlatform; added_at: string }>;
    picture: string | null;
  };
  friends: Someone[];
  friend_requests: { sent: Someone[]; received: Someone[] };
  followers: Someone[];
  following: Someone[];
  blocked: Someone[];
  posts: Array<{
    id: number;
    media_type: 'image' | 'video';
    caption: string;
    created_at: string;
    likes: number;
    comments: number;
    /** The game the post is tagged with (null when none). */
    game: GameRef | null;
    file: string | null;
  }>;
  comments: Array<{ id: number; post_id: number; post_author: string; content: string; created_at: string }>;
  likes: Array<{ post_id: number; post_author: string; created_at: string }>;
  chat_messages: Array<{
    id: number;
    room_id: number;
    room_name: string;
    message_type: 'text' | 'image';
    content: string;
    created_at: string;
    image: string | null;
  }>;
  /** Looking-for-group posts: hosted ('host'), or asked to join ('requested', 'member', 'declined') with the note sent. */
  groups: Array<{
    id: number;
    title: string;
    description: string;
    game: GameRef;
    platform: string;
    starts_at: string;
    ends_at: string;
    status: string;
    role: 'host' | 'requested' | 'member' | 'declined';
    message: string;
    created_at: string;
  }>;
};
