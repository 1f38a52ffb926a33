/**
 * NOTE: who may see and do what in a community (ADR 049), decided from a Standing (communities.queries.ts).
 * Rules, enforced by every community service call:
 * - Anything a person may not see is 404 COMMUNITY_NOT_FOUND: an invite-only community for everyone but its
 *   members; posts, members and channels of a request community for non-members; all of them for the banned.
 * - The about page (name, description, rules, games, count) of a public or request community is for everyone,
 *   the banned included (they learn why they cannot join).
 * - Moderator actions by someone who can see the community but is not a moderator are 403; a moderator acts only
 *   on people of a lower role (`outranks`), never on another moderator or the owner.
 */
import type { Community } from '../../../shared/community-types.ts';
import { roleRank, type CommunityRole } from '../../../shared/community-values.ts';
import type { GameRef } from '../../../shared/game-types.ts';
import { ServiceError } from '../../errors.ts';
import type { Standing } from './communities.queries.ts';

export const COMMUNITY_NOT_FOUND = 'Community not found';
export const MODERATORS_ONLY = 'Only moderators can do that';
export const OWNER_ONLY = 'Only the owner can do that';
export const BANNED = 'You are banned from this community';

export const notFound = () => new ServiceError(404, COMMUNITY_NOT_FOUND);

/** The standing of someone who may see the community's about page; else 404. */
export function visible(standing: Standing | undefined): Standing {
  if (!standing) throw notFound();
  if (standing.community.visibility === 'invite' && standing.role === null) throw notFound();
  return standing;
}

export const seesContent = (s: Standing): boolean => !s.banned && (s.role !== null || s.community.visibility === 'public');

/** The standing of someone who may see posts, members and channels; else 404. */
export function withContent(standing: Standing | undefined): Standing {
  const seen = visible(standing);
  if (!seesContent(seen)) throw notFound();
  return seen;
}

export const isModerator = (role: CommunityRole | null): boolean => role === 'owner' || role === 'moderator';

/** A moderator's (or the owner's) standing; 404 when the community is hidden from them, else 403. */
export function asModerator(standing: Standing | undefined): Standing & { role: CommunityRole } {
  const seen = visible(standing);
  if (!isModerator(seen.role)) throw new ServiceError(403, MODERATORS_ONLY);
  return seen as Standing & { role: CommunityRole };
}

export function asOwner(standing: Standing | undefined): Standing {
  const seen = visible(standing);
  if (seen.role !== 'owner') throw new ServiceError(403, OWNER_ONLY);
  return seen;
}

/** Whether `actor` may act on someone holding `target` (null: not a member). */
export const outranks = (actor: CommunityRole, target: CommunityRole | null): boolean => roleRank(actor) < roleRank(target ?? 'member');

export function toCommunity(s: Standing, games: GameRef[]): Community {
  const c = s.community;
  return {
    slug: c.slug,
    name: c.name,
    description: c.description,
    visibility: c.visibility,
    rules: c.rules,
    games,
    member_count: c.memberCount,
    has_icon: c.iconKey !== null,
    has_banner: c.bannerKey !== null,
    created_at: c.createdAt.toISOString(),
    my_status: s.banned ? 'banned' : s.role ? 'member' : s.pending ? 'pending' : 'none',
    my_role: s.role,
    can_see_content: seesContent(s),
  };
}
