/**
 * NOTE: how a post is shown (ADR 052): its status as people read it ('full' and 'ended' are worked out here, never
 * stored), the chat for its party alone, and each person's handle for the post's platform. A handle follows the
 * profile's rule (everyone / friends / nobody) for outsiders; inside a party (host and accepted players see one
 * another) a friends-only handle is shown too, as adding each other on the platform is what the party is for;
 * 'nobody' stays hidden everywhere.
 */
import type { LfgPerson, LfgPost } from '../../../shared/lfg-types.ts';
import type { LfgPlatform, LfgStatus } from '../../../shared/lfg-values.ts';
import type { PlatformId } from '../../../shared/profile-values.ts';
import { inArray } from 'drizzle-orm';
import { profiles } from '../../db/schema/index.ts';
import type { Executor } from '../../db/transaction.ts';
import { friendsAmong } from '../chat/chat-access.service.ts';
import { settingsOf } from '../profiles/handle-visibility.service.ts';
import type { PostRow } from './lfg.queries.ts';

const HANDLE_COLUMNS = {
  playstation: 'psnUsername',
  xbox: 'xboxGamertag',
  steam: 'steamUsername',
  nintendo: 'nintendoFriendCode',
} as const satisfies Partial<Record<LfgPlatform, keyof typeof profiles.$inferSelect>>;

/** Each person's handle on `platform` as the viewer may see it (absent: none, or hidden). */
export async function handlesFor(
  exec: Executor,
  viewerId: number,
  platform: LfgPlatform,
  userIds: number[],
  party: boolean,
): Promise<Map<number, string>> {
  if (platform === 'mobile' || userIds.length === 0) return new Map();
  const column = HANDLE_COLUMNS[platform];
  const rows = await exec
    .select({ userId: profiles.userId, handle: profiles[column], handleVisibility: profiles.handleVisibility })
    .from(profiles)
    .where(inArray(profiles.userId, userIds));
  const friends = new Set((await friendsAmong(exec, viewerId, userIds)).map((f) => f.id));
  const shown = new Map<number, string>();
  for (const row of rows) {
    const { handle } = row;
    if (!handle) continue;
    const setting = settingsOf(row.handleVisibility)[platform as PlatformId];
    const sees = row.userId === viewerId || setting === 'everyone' || (setting === 'friends' && (party || friends.has(row.userId)));
    if (sees) shown.set(row.userId, handle);
  }
  return shown;
}

export function statusOf(row: Pick<PostRow, 'status' | 'endsAt' | 'taken' | 'slots'>, now = Date.now()): LfgStatus {
  if (row.status !== 'open') return row.status;
  if (row.endsAt.getTime() <= now) return 'ended';
  return row.taken >= row.slots ? 'full' : 'open';
}

export const inParty = (row: Pick<PostRow, 'standing'>) => row.standing === 'host' || row.standing === 'member';

export function toPost(row: PostRow, handles: Map<number, string>): LfgPost {
  const host: LfgPerson = {
    user_id: row.hostId,
    username: row.hostName,
    has_picture: row.hostHasPicture,
    handle: handles.get(row.hostId) ?? null,
  };
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    game: { slug: row.gameSlug, name: row.gameName },
    platform: row.platform,
    host,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    duration_minutes: Math.round((row.endsAt.getTime() - row.startsAt.getTime()) / 60_000),
    slots: row.slots,
    taken: row.taken,
    left: Math.max(0, row.slots - row.taken),
    tags: row.tags,
    visibility: row.visibility,
    community: row.communitySlug && row.communityName ? { slug: row.communitySlug, name: row.communityName } : null,
    status: statusOf(row),
    my_status: row.standing,
    room_id: inParty(row) ? row.roomId : null,
    created_at: row.createdAt.toISOString(),
  };
}

/** A page of posts with each host's handle as the viewer may see it (one query for the page's hosts). */
export async function toPosts(exec: Executor, viewerId: number, rows: PostRow[]): Promise<LfgPost[]> {
  const byPlatform = new Map<LfgPlatform, PostRow[]>();
  for (const row of rows) byPlatform.set(row.platform, [...(byPlatform.get(row.platform) ?? []), row]);
  const handles = new Map<string, string>();
  for (const [platform, group] of byPlatform) {
    const found = await handlesFor(exec, viewerId, platform, [...new Set(group.map((r) => r.hostId))], false);
    for (const [userId, handle] of found) handles.set(`${platform}:${userId}`, handle);
  }
  return rows.map((row) => {
    const handle = handles.get(`${row.platform}:${row.hostId}`);
    return toPost(row, new Map(handle === undefined ? [] : [[row.hostId, handle]]));
  });
}
