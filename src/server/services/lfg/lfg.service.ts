/**
 * NOTE: looking-for-group posts (ADR 052): making one, finding them, reading one. Rules for callers:
 * - A post anyone may not see is 404 LFG_NOT_FOUND, whatever the reason (unknown, friends-only, another
 *   community's, a blocked or suspended host, ended for outsiders).
 * - A post is made with its party's group chat (named after it, the host its owner) and its two timed jobs (the
 *   reminder and the end, lfg-schedule.service.ts) in one transaction: all exist, or none.
 * - A host has at most LFG_OPEN_MAX posts running; the host's user row is locked while counting, so two posts sent
 *   at once cannot both be the fourth.
 */
import { eq } from 'drizzle-orm';
import type { LfgDetail, LfgListResponse, LfgPost } from '../../../shared/lfg-types.ts';
import { LFG_NOW_MINUTES, LFG_OPEN_MAX, LFG_PAGE_SIZE } from '../../../shared/lfg-values.ts';
import type { LfgListQuery, NewLfg } from '../../../shared/schemas/lfg.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import type { Db } from '../../db/client.ts';
import { cursorFrom, pageOf } from '../../db/keyset-cursor.ts';
import { chatParticipants, chatRooms, lfgPosts, users } from '../../db/schema/index.ts';
import { transaction } from '../../db/transaction.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import { COMMUNITY_NOT_FOUND } from '../communities/access.ts';
import { standingBySlug } from '../communities/communities.queries.ts';
import { gameBySlug } from '../games/games.queries.ts';
import { blockedAmong } from '../social/blocks.queries.ts';
import { handlesFor, inParty, toPost, toPosts } from './lfg-view.ts';
import { listLive, listMine, peopleOf, postFor, runningCount, type PostRow } from './lfg.queries.ts';
import type { LfgSchedule } from './lfg-schedule.service.ts';

export const LFG_NOT_FOUND = 'Group not found';
export const lfgNotFound = () => new ServiceError(404, LFG_NOT_FOUND);
const BAD_CURSOR = 'cursor is not one this list gave out';

function afterOf(cursor: string | undefined) {
  if (cursor === undefined) return undefined;
  const values = cursorFrom(cursor, ['time', 'int'] as const);
  // The shape is checked by cursorFrom; a time that is no date or an id past the column's range is refused here.
  if (!values || !Number.isFinite(Date.parse(values[0])) || values[1] > MAX_INT_ID) throw badRequest(BAD_CURSOR);
  return { startsAt: values[0], id: values[1] };
}

const keyOf = (row: PostRow) => [row.startsAt.toISOString(), row.id];

export function createLfgService(deps: { db: Db; schedule: LfgSchedule }) {
  const { db, schedule } = deps;

  async function page(viewerId: number, rows: PostRow[]): Promise<LfgListResponse> {
    const { items, next } = pageOf(rows, LFG_PAGE_SIZE, keyOf);
    return { posts: await toPosts(db, viewerId, items), next_cursor: next };
  }

  /** The post as the viewer sees it, or 404. */
  async function visiblePost(viewerId: number, postId: number): Promise<PostRow> {
    const row = await postFor(db, viewerId, postId);
    if (!row) throw lfgNotFound();
    return row;
  }

  return {
    async create(hostId: number, input: NewLfg): Promise<LfgPost> {
      const game = await gameBySlug(db, input.game);
      if (!game) throw badRequest(`Unknown game: ${input.game}`).of('game');
      let communityId: number | null = null;
      if (input.visibility === 'community') {
        const standing = await standingBySlug(db, input.community!, hostId);
        if (!standing || (standing.community.visibility === 'invite' && !standing.role)) {
          throw new ServiceError(404, COMMUNITY_NOT_FOUND).of('community');
        }
        if (!standing.role || standing.banned) throw new ServiceError(403, 'Only members can post for this community').of('community');
        communityId = standing.community.id;
      }
      const now = Date.now();
      // A time a little in the past (the schema allows LFG_START_GRACE_MS) starts now.
      const startsAt = new Date(input.starts_at === null ? now : Math.max(Date.parse(input.starts_at), now));
      const endsAt = new Date(startsAt.getTime() + input.duration_minutes * 60_000);
      const id = await transaction(db, async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, hostId)).for('update');
        if ((await runningCount(tx, hostId)) >= LFG_OPEN_MAX) {
          throw conflict(`You can have at most ${LFG_OPEN_MAX} open posts: close one first`);
        }
        const [room] = await tx
          .insert(chatRooms)
          .values({ name: input.title, isGroup: true, ownerId: hostId, directKey: null })
          .returning({ id: chatRooms.id });
        await tx.insert(chatParticipants).values({ roomId: room!.id, userId: hostId });
        const [post] = await tx
          .insert(lfgPosts)
          .values({
            hostId,
            gameId: game.id,
            platform: input.platform,
            title: input.title,
            description: input.description,
            startsAt,
            endsAt,
            slots: input.slots,
            tags: input.tags,
            visibility: input.visibility,
            communityId,
            roomId: room!.id,
          })
          .returning({ id: lfgPosts.id });
        await schedule.plan(tx, { id: post!.id, startsAt, endsAt }, now);
        return post!.id;
      });
      return (await this.detail(hostId, id)) as LfgPost;
    },

    async list(viewerId: number, query: LfgListQuery): Promise<LfgListResponse> {
      let gameId: number | undefined;
      if (query.game !== undefined) {
        const game = await gameBySlug(db, query.game);
        if (!game) return { posts: [], next_cursor: null };
        gameId = game.id;
      }
      let communityId: number | undefined;
      if (query.community !== undefined) {
        const standing = await standingBySlug(db, query.community, viewerId);
        // Only members see a community's posts; nobody learns more about a community they cannot see.
        if (!standing || !standing.role || standing.banned) return { posts: [], next_cursor: null };
        communityId = standing.community.id;
      }
      const rows = await listLive(db, viewerId, {
        gameId,
        platform: query.platform,
        communityId,
        when: query.when,
        nowMinutes: LFG_NOW_MINUTES,
        after: afterOf(query.cursor),
        limit: LFG_PAGE_SIZE + 1,
      });
      return page(viewerId, rows);
    },

    async mine(viewerId: number, cursor: string | undefined): Promise<LfgListResponse> {
      return page(viewerId, await listMine(db, viewerId, { after: afterOf(cursor), limit: LFG_PAGE_SIZE + 1 }));
    },

    /** The post with its party (host first) and, for the host, the waiting requests. */
    async detail(viewerId: number, postId: number): Promise<LfgDetail> {
      const row = await visiblePost(viewerId, postId);
      const accepted = await peopleOf(db, postId, 'accepted');
      const party = inParty(row);
      // Outsiders see neither suspended players nor those blocked either way with them; the party sees itself whole.
      const shown = party
        ? accepted
        : await withoutBlocked(
            viewerId,
            accepted.filter((p) => !p.suspended),
          );
      const ids = [row.hostId, ...shown.map((p) => p.user_id)];
      const handles = await handlesFor(db, viewerId, row.platform, ids, party);
      const post = toPost(row, handles);
      const members = [
        post.host,
        ...shown.map((p) => ({
          user_id: p.user_id,
          username: p.username,
          has_picture: p.has_picture,
          handle: handles.get(p.user_id) ?? null,
        })),
      ];
      let requests: LfgDetail['requests'] = null;
      if (row.standing === 'host') {
        const waiting = await withoutBlocked(
          viewerId,
          (await peopleOf(db, postId, 'requested')).filter((p) => !p.suspended),
        );
        requests = waiting.map((p) => ({
          user_id: p.user_id,
          username: p.username,
          has_picture: p.has_picture,
          message: p.message,
          created_at: p.created_at.toISOString(),
        }));
      }
      return { ...post, members, requests };
    },
  };

  async function withoutBlocked<P extends { user_id: number }>(viewerId: number, people: P[]): Promise<P[]> {
    const blocked = new Set(
      await blockedAmong(
        db,
        viewerId,
        people.map((p) => p.user_id).filter((id) => id !== viewerId),
      ),
    );
    return people.filter((p) => !blocked.has(p.user_id));
  }
}

export type LfgService = ReturnType<typeof createLfgService>;
