/**
 * NOTE: whether the thing a page is about exists for this viewer (`Astro.locals.lookup`), so the page can answer
 * 404 with the not-found state instead of a 200 whose island later finds nothing. Rules:
 * - Each check asks the service the island's own API call goes through, for the same viewer: 'missing' exactly
 *   when the API would refuse it (404, or a 400 for a name that cannot exist), so a page never tells more than
 *   the API does (a blocked person, a room one is not in and an unknown one look the same).
 * - A failure, or a check still running at the deadline, is 'unknown', never an error page: the page then renders
 *   its island, which asks the API itself and shows what it says. Signed out is 'unknown' too (pages guard that).
 */
import * as v from 'valibot';
import type { PageLookup, Presence } from '../../shared/page-locals.ts';
import { communitySlugField, inviteCodeField } from '../../shared/schemas/communities.ts';
import { gameSlugField } from '../../shared/schemas/games.ts';
import { MAX_INT_ID, isPlainText } from '../../shared/schemas/fields.ts';
import type { Logger } from '../logger.ts';
import type { Services } from '../services/index.ts';
import { PAGE_DATA_DEADLINE_MS, settle } from './page-deadline.ts';

type Deps = {
  profile: Pick<Services['profile'], 'requireVisible'>;
  games: Pick<Services['games'], 'resolve'>;
  chatRooms: Pick<Services['chatRooms'], 'participants'>;
  media: Pick<Services['media'], 'get'>;
  communities: Pick<Services['communities'], 'about'>;
  membership: Pick<Services['membership'], 'previewInvite'>;
  /** Absent on a server without the job queue (looking for group needs it). */
  lfg?: Pick<NonNullable<Services['lfg']>, 'detail'> | null;
};

export type LookupFor = (viewerId: number | null) => PageLookup;

const isId = (id: number) => Number.isSafeInteger(id) && id > 0 && id <= MAX_INT_ID;

export function createPageLookup(deps: Deps, log: Logger, deadlineMs = PAGE_DATA_DEADLINE_MS): LookupFor {
  async function presence(what: string, check: () => Promise<unknown>): Promise<Presence> {
    const settled = await settle(`${what} lookup`, check, log, deadlineMs);
    if (settled === null) return 'unknown';
    if ('answer' in settled) return 'found';
    return settled.refused.status === 404 || settled.refused.status === 400 ? 'missing' : 'unknown';
  }

  return (viewerId) => {
    if (viewerId === null) {
      const unknown = async (): Promise<Presence> => 'unknown';
      return { user: unknown, game: unknown, chat: unknown, post: unknown, community: unknown, invite: unknown, group: unknown };
    }
    return {
      user: async (username) =>
        isPlainText(username) ? presence('user', () => deps.profile.requireVisible(viewerId, username)) : 'missing',
      game: async (slug) => (v.is(gameSlugField(), slug) ? presence('game', () => deps.games.resolve(slug)) : 'missing'),
      chat: async (roomId) => (isId(roomId) ? presence('chat', () => deps.chatRooms.participants(viewerId, roomId)) : 'missing'),
      post: async (postId) => (isId(postId) ? presence('post', () => deps.media.get(viewerId, postId)) : 'missing'),
      community: async (slug) =>
        v.is(communitySlugField, slug) ? presence('community', () => deps.communities.about(slug, viewerId)) : 'missing',
      invite: async (code) =>
        v.is(inviteCodeField, code) ? presence('invite', () => deps.membership.previewInvite(code, viewerId)) : 'missing',
      group: async (postId) => {
        const { lfg } = deps;
        if (!isId(postId)) return 'missing';
        return lfg ? presence('group', () => lfg.detail(viewerId, postId)) : 'unknown';
      },
    };
  };
}
