/**
 * NOTE: 'Players like you' (ADR 039): people who share at least one game or genre with the caller, ranked by games
 * shared, then genres shared, then mutual friends, then newest account. Never the caller, friends already, anyone
 * blocked either way, or suspended accounts.
 * It is on every signed-in home page, so its cost must not grow with the site: candidates are drawn from a bounded
 * pool — the newest POOL_PER_GAME players of each of the caller's games, and POOL_PER_GENRE_GAME players of each of
 * the GENRE_GAMES most played other games sharing a genre — and ranked exactly within it.
 */
import { sql } from 'drizzle-orm';
import type { SuggestedPeopleResponse, SuggestedPerson } from '../../../shared/game-types.ts';
import { SUGGESTED_PEOPLE_LIMIT } from '../../../shared/game-values.ts';
import type { Db } from '../../db/client.ts';
import { games, profilePictures, userGames, users } from '../../db/schema/index.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { friendIdsOf, isFriend } from './game-players.queries.ts';

const POOL_PER_GAME = 100;
const GENRE_GAMES = 5;
const POOL_PER_GENRE_GAME = 20;
// Mutual friends (the third key) are counted only for the best this many by games and genres shared.
const SHORTLIST = 50;

type Row = SuggestedPerson;

export function createSuggestionsService(deps: { db: Db }) {
  return {
    async suggested(me: number): Promise<SuggestedPeopleResponse> {
      const players = (gameId: ReturnType<typeof sql>, limit: number) => sql`(
        select p.user_id from ${userGames} p where p.game_id = ${gameId} and not p.suspended
        order by p.user_id desc limit ${limit})`;
      const hasGames = deps.db.execute<{ has: boolean }>(
        sql`select exists (select 1 from ${userGames} where ${userGames.userId} = ${me}) as has`,
      );
      const result = await deps.db.execute<Row>(sql`
        with mine as (select ${userGames.gameId} as game_id from ${userGames} where ${userGames.userId} = ${me}),
        my_genres as (
          select coalesce(array_agg(distinct x), '{}') as genres
          from ${games} g cross join unnest(g.genres) x where g.id in (select game_id from mine)),
        genre_games as (
          select g.id from ${games} g
          where g.genres && (select genres from my_genres) and g.id not in (select game_id from mine)
          order by g.players_count desc nulls last limit ${GENRE_GAMES}),
        pool as (
          select c.user_id from mine m cross join lateral ${players(sql`m.game_id`, POOL_PER_GAME)} c
          union
          select c.user_id from genre_games gg cross join lateral ${players(sql`gg.id`, POOL_PER_GENRE_GAME)} c),
        eligible as (
          select u.id, u.username from pool join ${users} u on u.id = pool.user_id
          where u.id <> ${me} and u.suspended_at is null and not ${eitherBlocked(sql`u.id`, me)}
            and not ${isFriend(sql`u.id`, me)}),
        scored as (
          select e.id as user_id, e.username,
            coalesce(json_agg(json_build_object('slug', g.slug, 'name', g.name) order by g.name)
              filter (where t.game_id in (select game_id from mine)), '[]'::json) as shared_games,
            count(*) filter (where t.game_id in (select game_id from mine)) as games_n,
            (select coalesce(array_agg(distinct x order by x), '{}') from ${userGames} t2 join ${games} g2 on g2.id = t2.game_id
              cross join unnest(g2.genres) x where t2.user_id = e.id and x = any((select genres from my_genres)::text[])) as shared_genres
          from eligible e join ${userGames} t on t.user_id = e.id join ${games} g on g.id = t.game_id
          group by e.id, e.username),
        shortlist as (
          select * from scored order by games_n desc, cardinality(shared_genres) desc, user_id desc limit ${SHORTLIST})
        select s.user_id, s.username, s.shared_games, s.shared_genres,
          exists (select 1 from ${profilePictures} p where p.user_id = s.user_id) as has_picture,
          (select count(*)::int from ${friendIdsOf(sql`s.user_id`)} as theirs(id) where theirs.id in ${friendIdsOf(me)}) as mutual_friends
        from shortlist s
        order by s.games_n desc, cardinality(s.shared_genres) desc, mutual_friends desc, s.user_id desc
        limit ${SUGGESTED_PEOPLE_LIMIT}`);
      return {
        people: result.rows.map((r) => ({ ...r, shared_genres: r.shared_genres ?? [] })),
        has_games: (await hasGames).rows[0]?.has ?? false,
      };
    },
  };
}

export type SuggestionsService = ReturnType<typeof createSuggestionsService>;
