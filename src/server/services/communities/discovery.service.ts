/**
 * NOTE: finding communities (ADR 049): GET /communities?query=&game=&cursor= lists public and request communities,
 * most members first; 'Your communities' lists the viewer's own by name. An unknown game is 404 like an unknown
 * game page; cursors are the previous page's `next_cursor` (anything else is a 400).
 */
import type { CommunitiesResponse, CommunityCard } from '../../../shared/community-types.ts';
import { COMMUNITIES_PAGE_SIZE } from '../../../shared/community-values.ts';
import type { CommunitySearch } from '../../../shared/schemas/communities.ts';
import type { Db } from '../../db/client.ts';
import { cursorFrom, pageOf } from '../../db/keyset-cursor.ts';
import { badRequest } from '../../errors.ts';
import { requireGame } from '../games/games.service.ts';
import { cardsFor, minePage, popularPage } from './discovery.queries.ts';

const badCursor = () => badRequest('cursor is not valid');
const card = ({ id: _id, ...rest }: CommunityCard & { id: number }): CommunityCard => rest;

export function createDiscoveryService(deps: { db: Db }) {
  const { db } = deps;

  return {
    async search(viewerId: number, search: CommunitySearch): Promise<CommunitiesResponse> {
      const after = search.cursor === undefined ? null : cursorFrom(search.cursor, ['int', 'int'] as const);
      if (after === null && search.cursor !== undefined) throw badCursor();
      const gameId = search.game === undefined ? null : (await requireGame(db, search.game)).id;
      const rows = await popularPage(db, { query: search.query, gameId }, after, COMMUNITIES_PAGE_SIZE + 1);
      const page = pageOf(rows, COMMUNITIES_PAGE_SIZE, (row) => [row.member_count, row.id]);
      return { communities: (await cardsFor(db, page.items, viewerId)).map(card), next_cursor: page.next };
    },

    async mine(viewerId: number, cursor: string | undefined): Promise<CommunitiesResponse> {
      const after = cursor === undefined ? null : cursorFrom(cursor, ['text', 'int'] as const);
      if (after === null && cursor !== undefined) throw badCursor();
      const rows = await minePage(db, viewerId, after, COMMUNITIES_PAGE_SIZE + 1);
      const page = pageOf(rows, COMMUNITIES_PAGE_SIZE, (row) => [row.name.toLowerCase(), row.id]);
      return { communities: (await cardsFor(db, page.items, viewerId)).map(card), next_cursor: page.next };
    },
  };
}

export type DiscoveryService = ReturnType<typeof createDiscoveryService>;
