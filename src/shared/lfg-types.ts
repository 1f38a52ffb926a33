/**
 * NOTE: looking-for-group shapes as the API returns them (ADR 052). Times are ISO strings. A handle is the
 * person's name on the post's platform, present only when they share it with the viewer (null otherwise, and
 * always on 'mobile').
 */
import type { GameRef } from './game-types.ts';
import type { LfgPlatform, LfgStanding, LfgStatus, LfgTag, LfgVisibility } from './lfg-values.ts';

export type LfgPerson = { user_id: number; username: string; has_picture: boolean; handle: string | null };

export type LfgPost = {
  id: number;
  title: string;
  description: string;
  game: GameRef;
  platform: LfgPlatform;
  host: LfgPerson;
  starts_at: string;
  ends_at: string;
  duration_minutes: number;
  /** Players wanted besides the host; `taken` of them accepted, `left` still free. */
  slots: number;
  taken: number;
  left: number;
  tags: LfgTag[];
  visibility: LfgVisibility;
  community: { slug: string; name: string } | null;
  status: LfgStatus;
  my_status: LfgStanding;
  /** The party's group chat: for the host and accepted players only (null for everyone else). */
  room_id: number | null;
  created_at: string;
};

export type LfgRequest = { user_id: number; username: string; has_picture: boolean; message: string; created_at: string };

/** GET /lfg/{id}: the post, its members (host first) for everyone who sees it, and the waiting requests for the host. */
export type LfgDetail = LfgPost & { members: LfgPerson[]; requests: LfgRequest[] | null };

export type LfgListResponse = { posts: LfgPost[]; next_cursor: string | null };
export type LfgPostResponse = { lfg: LfgPost };
export type LfgDetailResponse = { lfg: LfgDetail };
export type LfgJoinResponse = { status: 'requested' };
