/**
 * NOTE: joining and leaving communities, join requests and invites (ADR 049). Rules:
 * - A public community is joined at once; a request community leaves a pending request for its moderators; an
 *   invite-only one is joined only through an invite (joining it otherwise is 404, like seeing it).
 * - The banned cannot join, request or accept an invite until the ban ends (403 BANNED).
 * - The owner cannot leave before handing the community over (transfer). Leaving also withdraws a request.
 * - Invites are made by moderators: a random code, used at most `max_uses` times before it expires. An invite
 *   lets its holder in whatever the visibility, without a request. An invite for one person (`user_id`) tells them
 *   (a notification with the code), is used once, and goes only to a friend who is not suspended, a member or banned.
 * - Every change runs under the community's row lock, so two joins, a join and a ban, or the last uses of an
 *   invite never race.
 */
import { randomInt } from 'node:crypto';
import type {
  AcceptInviteResponse,
  CommunityMembersResponse,
  InvitePreviewResponse,
  InviteResponse,
  JoinRequestsResponse,
  JoinResponse,
} from '../../../shared/community-types.ts';
import { COMMUNITY_MEMBERS_PAGE_SIZE, INVITE_CODE_LENGTH } from '../../../shared/community-values.ts';
import type { Db } from '../../db/client.ts';
import { cursorFrom, pageOf } from '../../db/keyset-cursor.ts';
import { transaction, type Tx } from '../../db/transaction.ts';
import { friendsAmong } from '../chat/chat-access.service.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import { BANNED, asModerator, notFound, visible, withContent } from './access.ts';
import { communityById, lockedStanding, standingBySlug } from './communities.queries.ts';
import {
  activeUsername,
  addMember,
  addRequest,
  insertInvite,
  membersPage,
  removeMember,
  removeRequest,
  requestsPage,
  lockUsableInvite,
  usableInvite,
  useInvite,
} from './members.queries.ts';
import type { ChannelReaders } from './channel-readers.ts';
import type { CommunityNotices } from './community-notices.ts';
import { cardRow, cardsFor } from './discovery.queries.ts';
import { logAction } from './modlog.queries.ts';

export const OWNER_CANNOT_LEAVE = 'Hand the community to another member before leaving';
export const REQUEST_NOT_FOUND = 'Join request not found';
export const INVITE_NOT_FOUND = 'Invite not found, expired or used up';
export const ALREADY_MEMBER = 'They are already a member';
export const INVITEE_BANNED = 'They are banned from this community';
export const FRIENDS_ONLY_INVITE = 'You can only invite your friends by name';

type InviteInput = { max_uses: number; expires_in_hours: number; user_id?: number | undefined };

/**
 * Someone a moderator invites by name: a friend (so strangers get no notifications they did not ask for, and a block,
 * which ends a friendship, is not told apart), not suspended, not a member, not banned.
 */
async function checkInvitee(tx: Tx, slug: string, actorId: number, userId: number): Promise<void> {
  if (userId === actorId) throw conflict(ALREADY_MEMBER);
  if ((await friendsAmong(tx, actorId, [userId])).length === 0) throw new ServiceError(403, FRIENDS_ONLY_INVITE);
  if (!(await activeUsername(tx, userId))) throw badRequest('user_id is not a user').of('user_id');
  const standing = (await standingBySlug(tx, slug, userId))!;
  if (standing.role) throw conflict(ALREADY_MEMBER);
  if (standing.banned) throw conflict(INVITEE_BANNED);
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const newCode = () => Array.from({ length: INVITE_CODE_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
const badCursor = () => badRequest('cursor is not valid');

export function createMembershipService(deps: { db: Db; notices: CommunityNotices; readers: ChannelReaders }) {
  const { db, notices, readers } = deps;

  return {
    async join(slug: string, userId: number): Promise<JoinResponse> {
      return transaction(db, async (tx, afterCommit) => {
        const standing = visible(await lockedStanding(tx, slug, userId));
        if (standing.role) return { status: 'member' };
        if (standing.banned) throw new ServiceError(403, BANNED);
        if (standing.community.visibility === 'public') {
          await addMember(tx, standing.community.id, userId);
          readers.joined(afterCommit, standing.community, userId);
          return { status: 'member' };
        }
        if (!standing.pending) {
          await addRequest(tx, standing.community.id, userId);
          await notices.requested(tx, afterCommit, standing.community, userId);
        }
        return { status: 'pending' };
      });
    },

    async leave(slug: string, userId: number): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const standing = await lockedStanding(tx, slug, userId);
        if (!standing || (standing.role === null && !standing.pending)) throw notFound();
        if (standing.role === 'owner') throw conflict(OWNER_CANNOT_LEAVE);
        if (await removeMember(tx, standing.community.id, userId)) await readers.left(tx, afterCommit, standing.community, userId);
        await removeRequest(tx, standing.community.id, userId);
      });
    },

    async members(slug: string, viewerId: number, cursor: string | undefined): Promise<CommunityMembersResponse> {
      const { community } = withContent(await standingBySlug(db, slug, viewerId));
      const after = cursor === undefined ? null : cursorFrom(cursor, ['int', 'time', 'int'] as const);
      if (after === null && cursor !== undefined) throw badCursor();
      const rows = await membersPage(db, community.id, viewerId, after, COMMUNITY_MEMBERS_PAGE_SIZE + 1);
      const page = pageOf(rows, COMMUNITY_MEMBERS_PAGE_SIZE, (row) => row.key);
      return { members: page.items.map(({ key: _key, ...member }) => member), next_cursor: page.next };
    },

    async requests(slug: string, viewerId: number, cursor: string | undefined): Promise<JoinRequestsResponse> {
      const { community } = asModerator(await standingBySlug(db, slug, viewerId));
      const after = cursor === undefined ? null : cursorFrom(cursor, ['time', 'int'] as const);
      if (after === null && cursor !== undefined) throw badCursor();
      const rows = await requestsPage(db, community.id, viewerId, after, COMMUNITY_MEMBERS_PAGE_SIZE + 1);
      const page = pageOf(rows, COMMUNITY_MEMBERS_PAGE_SIZE, (row) => row.key);
      return { requests: page.items.map(({ key: _key, ...request }) => request), next_cursor: page.next };
    },

    /** A moderator approves (the person becomes a member) or rejects a waiting request. */
    async answerRequest(slug: string, actorId: number, userId: number, approve: boolean): Promise<void> {
      await transaction(db, async (tx, afterCommit) => {
        const { community } = asModerator(await lockedStanding(tx, slug, actorId));
        if (!(await removeRequest(tx, community.id, userId))) throw new ServiceError(404, REQUEST_NOT_FOUND);
        if (approve) {
          await addMember(tx, community.id, userId);
          readers.joined(afterCommit, community, userId);
          await notices.approved(tx, afterCommit, community, userId, actorId);
        }
        await logAction(tx, { communityId: community.id, actorId, action: approve ? 'approve' : 'reject', targetId: userId });
      });
    },

    async invite(slug: string, actorId: number, input: InviteInput): Promise<InviteResponse> {
      return transaction(db, async (tx, afterCommit) => {
        const { community } = asModerator(await lockedStanding(tx, slug, actorId));
        const invitee = input.user_id;
        if (invitee !== undefined) await checkInvitee(tx, slug, actorId, invitee);
        const expiresAt = new Date(Date.now() + input.expires_in_hours * 3_600_000);
        const row = await insertInvite(tx, {
          communityId: community.id,
          code: newCode(),
          createdBy: actorId,
          // An invite for one person is used once, whatever was asked.
          maxUses: invitee === undefined ? input.max_uses : 1,
          expiresAt,
        });
        await logAction(tx, {
          communityId: community.id,
          actorId,
          action: 'invite',
          targetId: invitee ?? null,
          detail: `${row.maxUses} uses, ${input.expires_in_hours} h`,
        });
        if (invitee !== undefined) await notices.invited(tx, afterCommit, community, invitee, actorId, row.code);
        return { invite: { code: row.code, max_uses: row.maxUses, uses: row.uses, expires_at: row.expiresAt.toISOString() } };
      });
    },

    /** What an invite leads to, for its holder to decide (nothing is used): the community's card and the expiry. */
    async previewInvite(code: string, viewerId: number): Promise<InvitePreviewResponse> {
      const invite = await usableInvite(db, code);
      const community = invite && (await communityById(db, invite.communityId));
      if (!invite || !community) throw new ServiceError(404, INVITE_NOT_FOUND);
      const [card] = await cardsFor(db, [cardRow(community)], viewerId);
      const { id: _id, ...shown } = card!;
      return { community: shown, invite: { expires_at: invite.expiresAt.toISOString() } };
    },

    /** Joins through an invite: answers the community's slug with the new standing. */
    async acceptInvite(code: string, userId: number): Promise<AcceptInviteResponse> {
      return transaction(db, async (tx, afterCommit) => {
        const invite = await lockUsableInvite(tx, code);
        const community = invite && (await communityById(tx, invite.communityId));
        if (!invite || !community) throw new ServiceError(404, INVITE_NOT_FOUND);
        const standing = (await lockedStanding(tx, community.slug, userId))!;
        if (standing.role) return { status: 'member', community: { slug: community.slug } };
        if (standing.banned) throw new ServiceError(403, BANNED);
        await addMember(tx, community.id, userId);
        readers.joined(afterCommit, community, userId);
        await useInvite(tx, invite.id);
        return { status: 'member', community: { slug: community.slug } };
      });
    },
  };
}

export type MembershipService = ReturnType<typeof createMembershipService>;
