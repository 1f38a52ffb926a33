/**
 * NOTE: user search (ADR 013). Queries with three letters or digits in a row match substrings through the trigram
 * GIN index; shorter ones (`k`, `ab`, `ab_`) match username prefixes through the text_pattern_ops btree, because
 * pg_trgm only indexes runs of letters and digits and could not narrow them. Both compare lower(username), the
 * expression the indexes are built on. LIKE wildcards typed by people are escaped: `_` finds underscores only.
 * People blocked either way with the caller are left out in the same query, before the limit (ADR 021).
 */
import { and, desc, isNull, ne, not, sql } from 'drizzle-orm';
import type { SearchResponse } from '../../../shared/api-types.ts';
import { SEARCH_RESULT_LIMIT } from '../../../shared/constants.ts';
import type { Db } from '../../db/client.ts';
import { profilePictures, userGames, users } from '../../db/schema/index.ts';
import type { PeopleSearch } from '../../../shared/schemas/games.ts';
import type { GamePlatform } from '../../../shared/game-values.ts';
import { requireGame } from '../games/games.service.ts';
import { escapeLike } from '../../db/escape-like.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';

/** A trigram of word characters: what pg_trgm needs to use its index. */
const TRIGRAM = /[\p{L}\p{N}]{3}/u;

/** Players of one game (and platform), or of any game on a platform; suspended accounts never match. */
export type PlayerFilter = { gameId?: number; platform?: GamePlatform };

const playsFilter = (f: PlayerFilter) =>
  and(
    isNull(users.suspendedAt),
    sql`exists (select 1 from ${userGames} where ${userGames.userId} = ${users.id}
      ${f.gameId === undefined ? sql`` : sql`and ${userGames.gameId} = ${f.gameId}`}
      ${f.platform === undefined ? sql`` : sql`and ${userGames.platform} = ${f.platform}`})`,
  );

/** The search query itself, exported so a test can EXPLAIN exactly what the service runs. Empty text needs a filter. */
export function searchStatement(db: Db, callerId: number, query: string, filter?: PlayerFilter) {
  const name = sql`lower(${users.username})`;
  const literal = escapeLike(query.toLowerCase());
  const prefix = `${literal}%`;
  const pattern = TRIGRAM.test(query) ? `%${literal}%` : prefix;
  const text = query === '' ? undefined : sql`${name} like ${pattern}`;
  return (
    db
      .select({
        user_id: users.id,
        username: users.username,
        has_picture: sql<boolean>`exists (select 1 from ${profilePictures} where ${profilePictures.userId} = ${users.id})`,
      })
      .from(users)
      .where(and(text, filter && playsFilter(filter), ne(users.id, callerId), not(eitherBlocked(users.id, callerId))))
      // With no text, a filter may match most of the site: newest members first keeps that an index walk that stops
      // at the limit (ranking by name length would sort every match).
      .orderBy(...(text ? [sql`${name} like ${prefix} desc`, sql`length(${users.username})`, name] : [desc(users.id)]))
      .limit(SEARCH_RESULT_LIMIT)
  );
}

export function createSearchService(deps: { db: Db }) {
  return {
    /** Prefix matches first, then shorter names, then alphabetical; never the caller nor anyone blocked either way. `query` is trimmed, non-empty. */
    async users(callerId: number, query: string): Promise<SearchResponse> {
      return { users: await searchStatement(deps.db, callerId, query) };
    },

    /** The same search narrowed to players of a game (slug; 404 when unknown) and/or a platform; text may be empty. */
    async players(callerId: number, q: PeopleSearch): Promise<SearchResponse> {
      const gameId = q.game === undefined ? undefined : (await requireGame(deps.db, q.game)).id;
      return { users: await searchStatement(deps.db, callerId, q.query, { gameId, platform: q.platform }) };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
