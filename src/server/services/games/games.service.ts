/**
 * NOTE: the game catalogue, game pages and what people play (ADR 039). Every game is named by slug; an old slug
 * (rename, merge) answers its game. Unknown slugs are 404 GAME_NOT_FOUND. Lists of players and counts leave out
 * suspended accounts and anyone blocked either way with the caller. Starting to play a game notifies nobody.
 */
import type {
  GameDetailResponse,
  GamePlayersResponse,
  GameSearchResponse,
  MostPlayedResponse,
  NewGameResponse,
  ProfileGamesResponse,
} from '../../../shared/game-types.ts';
import {
  MOST_PLAYED_PAGE_SIZE,
  PLAYERS_PAGE_SIZE,
  PROFILE_GAMES_MAX,
  gameNameKey,
  gameSlugBase,
  slugify,
  type GamePlatform,
} from '../../../shared/game-values.ts';
import type { GameGenre } from '../../../shared/game-values.ts';
import type { Db } from '../../db/client.ts';
import { games, type GameRow } from '../../db/schema/index.ts';
import { isForeignKeyViolation, transaction, type Executor } from '../../db/transaction.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import { parsePlayersCursor, playersPage } from './game-players.queries.ts';
import { freeSlug, gameByNameKey, gameBySlug, platformOf, searchGames, toSummary, visiblePlayerCount } from './games.queries.ts';
import { mostPlayedFrom, mostPlayedPage } from './most-played.queries.ts';
import { gameCount, lockPlayer, profileGamesOf, replaceGames, setPlaying, stopPlaying } from './profile-games.queries.ts';

export const GAME_NOT_FOUND = 'Game not found';
export const TOO_MANY_GAMES = `You can list at most ${PROFILE_GAMES_MAX} games`;

export async function requireGame(exec: Executor, slug: string): Promise<GameRow> {
  const game = await gameBySlug(exec, slug);
  if (!game) throw new ServiceError(404, GAME_NOT_FOUND);
  return game;
}

/**
 * Runs `work` once more when a game it wrote for was merged away meanwhile: the merge locks the game's row, the
 * write waits on it and then fails its foreign key. The slug now names the game it went into, so the second run
 * (which looks the slug up again) writes for that one.
 */
async function againIfMergedAway<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!isForeignKeyViolation(err)) throw err;
    return work();
  }
}

export function createGamesService(deps: { db: Db }) {
  const { db } = deps;

  async function detail(viewerId: number, game: GameRow): Promise<GameDetailResponse> {
    const [players, mine] = await Promise.all([visiblePlayerCount(db, game.id, viewerId), platformOf(db, viewerId, game.id)]);
    return { game: { ...toSummary(game), players, my_platform: mine } };
  }

  return {
    async search(query: string): Promise<GameSearchResponse> {
      return { games: await searchGames(db, query) };
    },

    /** The games index's ranking; `cursor` is a previous page's `next_cursor` (anything else is a 400). */
    async mostPlayed(viewerId: number, cursor: string | undefined): Promise<MostPlayedResponse> {
      const after = cursor === undefined ? undefined : mostPlayedFrom(cursor);
      if (after === null) throw badRequest('cursor is not valid');
      const page = await mostPlayedPage(db, viewerId, after, MOST_PLAYED_PAGE_SIZE);
      return { games: page.games, next_cursor: page.next };
    },

    /** Adds a title, or answers the game it already is (same name key, or a slug an old game left behind). */
    async create(userId: number, input: { name: string; genres: GameGenre[]; platforms: GamePlatform[] }): Promise<NewGameResponse> {
      const key = gameNameKey(input.name);
      const base = gameSlugBase(input.name);
      // A slug an old game left behind names it; the 'game' fallback of a non-Latin title names no other game.
      const ownSlug = slugify(input.name) !== '';
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const existing = (await gameByNameKey(db, key)) ?? (ownSlug ? await gameBySlug(db, base) : undefined);
        if (existing && (existing.nameKey === key || existing.slug !== base)) return { game: toSummary(existing), created: false };
        const slug = await freeSlug(db, base);
        const [row] = await db
          .insert(games)
          .values({
            slug,
            name: input.name,
            nameKey: key,
            genres: [...new Set(input.genres)],
            platforms: [...new Set(input.platforms)],
            addedBy: userId,
          })
          .onConflictDoNothing()
          .returning();
        if (row) return { game: toSummary(row), created: true };
        // Someone added the same title or took the slug a moment ago: look again.
      }
      throw conflict('That game was just added by someone else. Try again.');
    },

    detail: async (viewerId: number, slug: string) => detail(viewerId, await requireGame(db, slug)),

    async players(viewerId: number, slug: string, cursor: string | undefined): Promise<GamePlayersResponse> {
      const after = parsePlayersCursor(cursor);
      if (after === null) throw badRequest('cursor is not valid');
      const game = await requireGame(db, slug);
      const page = await playersPage(db, game.id, viewerId, after, PLAYERS_PAGE_SIZE);
      return { players: page.players, next_cursor: page.next ? `${page.next.group}.${page.next.userId}` : null };
    },

    /** 'I play this' on `platform`: refuses a game beyond the limit (changing the platform of a listed one is fine). */
    play: (userId: number, slug: string, platform: GamePlatform): Promise<GameDetailResponse> =>
      againIfMergedAway(async () => {
        const game = await requireGame(db, slug);
        await transaction(db, async (tx) => {
          await lockPlayer(tx, userId);
          const listed = (await platformOf(tx, userId, game.id)) !== null;
          if (!listed && (await gameCount(tx, userId)) >= PROFILE_GAMES_MAX) throw conflict(TOO_MANY_GAMES);
          await setPlaying(tx, userId, game.id, platform);
        });
        return detail(userId, game);
      }),

    async unplay(userId: number, slug: string): Promise<GameDetailResponse> {
      const game = await requireGame(db, slug);
      await stopPlaying(db, userId, game.id);
      return detail(userId, game);
    },

    /** Replaces the caller's list; an unknown slug is a 400 naming it (nothing is saved). */
    async setProfileGames(userId: number, list: Array<{ slug: string; platform: GamePlatform }>): Promise<ProfileGamesResponse> {
      await againIfMergedAway(() => saveList(userId, list));
      return { games: await profileGamesOf(db, userId) };
    },

    /** The game a slug names, for tagging and filtering posts (404 when unknown). */
    resolve: (slug: string) => requireGame(db, slug),
  };

  function saveList(userId: number, list: Array<{ slug: string; platform: GamePlatform }>): Promise<void> {
    return transaction(db, async (tx) => {
      const resolved = new Map<number, GamePlatform>();
      for (const item of list) {
        const game = await gameBySlug(tx, item.slug);
        if (!game) throw badRequest(`Game not found: ${item.slug}`);
        // Two slugs of one game (an old and a new one) list it once.
        if (!resolved.has(game.id)) resolved.set(game.id, item.platform);
      }
      await lockPlayer(tx, userId);
      await replaceGames(
        tx,
        userId,
        [...resolved].map(([gameId, platform]) => ({ gameId, platform })),
      );
    });
  }
}

export type GamesService = ReturnType<typeof createGamesService>;
