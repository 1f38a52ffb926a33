/**
 * NOTE: 'Players like you' (ADR 039): people who share at least one game or genre with the caller, ranked by games
 * shared, then genres shared, then mutual friends, then id. Never the caller, friends already, anyone blocked
 * either way, or suspended accounts. Candidates come from the caller's own games' players and genres.
 */
import { sql } from 'drizzle-orm';
import type { GameRef, SuggestedPeopleResponse } from '../../shared/game-types.ts';
import { SUGGESTED_PEOPLE_LIMIT, type GameGenre } from '../../shared/schemas/games.ts';
import type { Db } from '../db/client.ts';
import { games, profilePictures, userGames, users } from '../db/schema/index.ts';
import { eitherBlocked } from './blocks.queries.ts';
import { friendIdsOf } from './game-players.queries.ts';

type Row = {
  user_id: number;
  username: string;
  has_picture: boolean;
  shared_games: GameRef[];
  shared_genres: GameGenre[];
  mutual_friends: number;
};

export function createSuggestionsService(deps: { db: Db }) {
  return {
    async suggested(me: number): Promise<SuggestedPeopleResponse> {
      const result = await deps.db.execute<Row>(sql`
        with mine as (select ${userGames.gameId} as game_id from ${userGames} where ${userGames.userId} = ${me}),
        my_genres as (select distinct unnest(${games.genres}) as genre from ${games} where ${games.id} in (select game_id from mine)),
        candidates as (
          select distinct ug.user_id from ${userGames} ug join ${games} g on g.id = ug.game_id
          where ug.game_id in (select game_id from mine) or g.genres && (select coalesce(array_agg(genre), '{}') from my_genres)),
        scored as (
          select u.id as user_id, u.username,
            exists (select 1 from ${profilePictures} p where p.user_id = u.id) as has_picture,
            (select coalesce(json_agg(json_build_object('slug', g.slug, 'name', g.name) order by g.name), '[]'::json)
              from ${userGames} t join ${games} g on g.id = t.game_id where t.user_id = u.id and t.game_id in (select game_id from mine)) as shared_games,
            (select coalesce(array_agg(distinct x order by x), '{}') from ${userGames} t join ${games} g on g.id = t.game_id
              cross join unnest(g.genres) as x where t.user_id = u.id and x in (select genre from my_genres)) as shared_genres,
            (select count(*)::int from ${friendIdsOf(sql`u.id`)} as theirs(id) where theirs.id in ${friendIdsOf(me)}) as mutual_friends
          from ${users} u
          where u.id in (select user_id from candidates) and u.id <> ${me} and u.suspended_at is null
            and not ${eitherBlocked(sql`u.id`, me)} and u.id not in ${friendIdsOf(me)})
        select * from scored
        order by json_array_length(shared_games) desc, cardinality(shared_genres) desc, mutual_friends desc, user_id
        limit ${SUGGESTED_PEOPLE_LIMIT}`);
      return { people: result.rows.map((r) => ({ ...r, shared_genres: r.shared_genres ?? [] })) };
    },
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
