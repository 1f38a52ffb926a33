/**
 * NOTE: a community's own moderation (ADR 049): roles, handing over, kicks, bans and the mod log. Rules:
 * - Roles and handing over are the owner's. Kicks and bans are for moderators, only on people of a lower role;
 *   nobody acts on themselves. Every action is in the mod log with its reason.
 * - A ban removes the membership and any waiting request; the banned cannot rejoin, post or write in channels
 *   until it ends (`duration_hours`, else until lifted). A kicked member may rejoin.
 * - The people acted on are named by user id and must be members (kick, role, transfer) or anyone (ban, unban).
 */
import type { CommunityBansResponse, CommunityReportsResponse, ModlogResponse } from '../../../shared/community-types.ts';
import { COMMUNITY_MODLOG_PAGE_SIZE } from '../../../shared/community-values.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import type { Db } from '../../db/client.ts';
import { cursorFrom, pageOf } from '../../db/keyset-cursor.ts';
import { isForeignKeyViolation, transaction } from '../../db/transaction.ts';
import { ServiceError, badRequest } from '../../errors.ts';
import { asModerator, asOwner, outranks } from './access.ts';
import { lockedStanding, setOwner, standingBySlug } from './communities.queries.ts';
import { liftBan, putBan, removeMember, removeRequest, roleOf, runningBans, setRole } from './members.queries.ts';
import type { ChannelReaders } from './channel-readers.ts';
import type { CommunityNotices } from './community-notices.ts';
import { logAction, modlogPage } from './modlog.queries.ts';
import { openReportsIn } from './community-reports.queries.ts';

export const MEMBER_NOT_FOUND = 'Member not found';
export const NOT_ABOVE = 'You can only act on people with a lower role than yours';
export const NOT_YOURSELF = 'You cannot do that to yourself';
export const BAN_NOT_FOUND = 'Ban not found';

const memberNotFound = () => new ServiceError(404, MEMBER_NOT_FOUND);

/** The id a newest-first page continues below (null: the first page); a cursor that is not one is a 400. */
function idBefore(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const before = cursorFrom(cursor, ['int'] as const);
  if (before === null || before[0] < 1 || before[0] > MAX_INT_ID) throw badRequest('cursor is not valid');
  return before[0];
}

export function createCommunityModerationService(deps: { db: Db; notices: CommunityNotices; readers: ChannelReaders }) {
  const { db, notices, readers } = deps;

  return {
    async setRole(slug: string, actorId: number, userId: number, role: 'moderator' | 'member'): Promise<void> {
      if (userId === actorId) throw new ServiceError(403, NOT_YOURSELF);
      await transaction(db, async (tx, afterCommit) => {
        const { community } = asOwner(await lockedStanding(tx, slug, actorId));
        const current = await roleOf(tx, community.id, userId);
        if (current === null) throw memberNotFound();
        if (current === role) return;
        await setRole(tx, community.id, userId, role);
        await notices.roleChanged(tx, afterCommit, community, userId, actorId, role);
        await logAction(tx, { communityId: community.id, actorId, action: 'role', targetId: userId, detail: `${current} → ${role}` });
      });
    },

    /** The owner hands the community to a member, and stays on as a moderator. */
    async transfer(slug: string, actorId: number, userId: number): Promise<void> {
      if (userId === actorId) throw new ServiceError(403, NOT_YOURSELF);
      await transaction(db, async (tx) => {
        const { community } = asOwner(await lockedStanding(tx, slug, actorId));
        if ((await roleOf(tx, community.id, userId)) === null) throw memberNotFound();
        await setRole(tx, community.id, actorId, 'moderator');
        await setRole(tx, community.id, userId, 'owner');
        await setOwner(tx, community.id, userId);
        await logAction(tx, { communityId: community.id, actorId, action: 'transfer', targetId: userId });
      });
    },

    async kick(slug: string, actorId: number, userId: number): Promise<void> {
      if (userId === actorId) throw new ServiceError(403, NOT_YOURSELF);
      await transaction(db, async (tx, afterCommit) => {
        const { community, role } = asModerator(await lockedStanding(tx, slug, actorId));
        const target = await roleOf(tx, community.id, userId);
        if (target === null) throw memberNotFound();
        if (!outranks(role, target)) throw new ServiceError(403, NOT_ABOVE);
        await removeMember(tx, community.id, userId);
        await readers.left(tx, afterCommit, community, userId);
        await logAction(tx, { communityId: community.id, actorId, action: 'kick', targetId: userId });
      });
    },

    async ban(slug: string, actorId: number, input: { user_id: number; reason: string; duration_hours?: number }): Promise<void> {
      const userId = input.user_id;
      if (userId === actorId) throw new ServiceError(403, NOT_YOURSELF);
      await transaction(db, async (tx, afterCommit) => {
        const { community, role } = asModerator(await lockedStanding(tx, slug, actorId));
        if (!outranks(role, await roleOf(tx, community.id, userId))) throw new ServiceError(403, NOT_ABOVE);
        const endsAt = input.duration_hours === undefined ? null : new Date(Date.now() + input.duration_hours * 3_600_000);
        try {
          await putBan(tx, { communityId: community.id, userId, reason: input.reason, bannedBy: actorId, endsAt });
        } catch (err) {
          if (isForeignKeyViolation(err)) throw badRequest('user_id is not a user').of('user_id');
          throw err;
        }
        if (await removeMember(tx, community.id, userId)) await readers.left(tx, afterCommit, community, userId);
        await removeRequest(tx, community.id, userId);
        await notices.banned(tx, afterCommit, community, userId, actorId);
        const detail = input.duration_hours === undefined ? 'until lifted' : `${input.duration_hours} h`;
        await logAction(tx, { communityId: community.id, actorId, action: 'ban', targetId: userId, reason: input.reason, detail });
      });
    },

    async unban(slug: string, actorId: number, userId: number): Promise<void> {
      await transaction(db, async (tx) => {
        const { community } = asModerator(await lockedStanding(tx, slug, actorId));
        if (!(await liftBan(tx, community.id, userId))) throw new ServiceError(404, BAN_NOT_FOUND);
        await logAction(tx, { communityId: community.id, actorId, action: 'unban', targetId: userId });
      });
    },

    async bans(slug: string, actorId: number): Promise<CommunityBansResponse> {
      const { community } = asModerator(await standingBySlug(db, slug, actorId));
      return { bans: await runningBans(db, community.id) };
    },

    async modlog(slug: string, actorId: number, cursor: string | undefined): Promise<ModlogResponse> {
      const { community } = asModerator(await standingBySlug(db, slug, actorId));
      const rows = await modlogPage(db, community.id, idBefore(cursor), COMMUNITY_MODLOG_PAGE_SIZE + 1);
      const page = pageOf(rows, COMMUNITY_MODLOG_PAGE_SIZE, (entry) => [entry.id]);
      return { entries: page.items, next_cursor: page.next };
    },

    /** Open reports on the community's posts and comments, newest first (moderators; reporters unnamed). */
    async reports(slug: string, actorId: number, cursor: string | undefined): Promise<CommunityReportsResponse> {
      const { community } = asModerator(await standingBySlug(db, slug, actorId));
      const rows = await openReportsIn(db, community.id, actorId, idBefore(cursor), COMMUNITY_MODLOG_PAGE_SIZE + 1);
      const page = pageOf(rows, COMMUNITY_MODLOG_PAGE_SIZE, (report) => [report.id]);
      return { reports: page.items, next_cursor: page.next };
    },
  };
}

export type CommunityModerationService = ReturnType<typeof createCommunityModerationService>;
