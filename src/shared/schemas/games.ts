/**
 * NOTE: game shapes, used by the games dialogs, the upload dialog, the search filters and the API alike.
 * - A game is named by its `slug` in every URL and body; ids never leave the server.
 * - The fixed values (platforms, genres, limits, title keys) are in ../game-values.ts.
 * - Platforms here are where someone plays a game (Steam/PC, not a Steam handle): a separate list from the profile's
 *   handle platforms, though the shared ids mean the same console family.
 */
import * as v from 'valibot';
import { GAME_GENRES, GAME_NAME_MAX, GAME_PLATFORMS, GAME_QUERY_MAX, GAME_SLUG_MAX, PROFILE_GAMES_MAX } from '../game-values.ts';
import { plainName, plainText, requiredObject } from './fields.ts';

const platformField = v.picklist(GAME_PLATFORMS, `Platform must be one of ${GAME_PLATFORMS.join(', ')}`);

/** A slug in a path or a query: refused early when it could not be one (the service answers 404 for unknown ones). */
// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
export const gameSlugField = (label = 'Game') =>
  v.pipe(
    v.string(`${label} must be text`),
    v.trim(),
    v.nonEmpty(`${label} is required`),
    v.maxLength(GAME_SLUG_MAX, `${label} must be at most ${GAME_SLUG_MAX} characters`),
    v.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, `${label} must be a game's slug`),
  );

export const gameNameField = v.pipe(
  v.string('Game name must be text'),
  v.transform((s) => s.normalize('NFKC').trim().replace(/\s+/g, ' ')),
  v.nonEmpty('Game name is required'),
  v.maxLength(GAME_NAME_MAX, `Game name must be at most ${GAME_NAME_MAX} characters`),
  // No invisible format character at all: a zero-width space would make a second game that looks like another.
  plainName('Game name', { noFormatCharacters: true }),
  v.check((s) => /[\p{L}\p{N}]/u.test(s), 'Game name needs at least one letter or digit'),
);

/** GET /games?query= : case-insensitive; an empty query lists the most played games. */
export const gameSearchSchema = v.object({
  query: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.maxLength(GAME_QUERY_MAX, `Search query must be at most ${GAME_QUERY_MAX} characters`),
      plainText('Search query'),
    ),
    '',
  ),
});

/** POST /games: a member adds a missing title; answers the existing game when the name matches one. */
export const newGameSchema = requiredObject({
  name: gameNameField,
  genres: v.optional(
    v.pipe(v.array(v.picklist(GAME_GENRES, `Genres must be among ${GAME_GENRES.join(', ')}`)), v.maxLength(5, 'At most 5 genres')),
    [],
  ),
  platforms: v.optional(v.pipe(v.array(platformField), v.maxLength(GAME_PLATFORMS.length)), []),
});
export type NewGameInput = v.InferInput<typeof newGameSchema>;

/** PUT /profile/games: the whole list, each game once, at most PROFILE_GAMES_MAX. */
export const profileGamesSchema = requiredObject({
  games: v.pipe(
    v.array(requiredObject({ slug: gameSlugField(), platform: platformField }), 'Games must be a list'),
    v.maxLength(PROFILE_GAMES_MAX, `You can list at most ${PROFILE_GAMES_MAX} games`),
    v.check((list) => new Set(list.map((g) => g.slug)).size === list.length, 'Each game can be listed once'),
  ),
});
export type ProfileGamesInput = v.InferInput<typeof profileGamesSchema>;

/** PUT /games/{slug}/play: 'I play this' with the platform; DELETE takes no body. */
export const playSchema = requiredObject({ platform: platformField });

/** GET /games/{slug}/players and /games/{slug}/media: `cursor` is the previous page's `next_cursor`. */
export const gamePageSchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200, 'cursor is not valid'))),
});

/**
 * The feed's narrower views: `?game={slug}` for one game, `?view=my-games` for every game you play,
 * `?view=communities` for the posts of your communities.
 */
export const feedGameFilterSchema = v.pipe(
  v.object({
    game: v.optional(gameSlugField()),
    view: v.optional(v.picklist(['my-games', 'communities'], "view must be 'my-games' or 'communities'")),
  }),
  v.check((q) => q.game === undefined || q.view === undefined, 'Choose either game or view, not both'),
);

/**
 * GET /games/most-played?cursor= : the cursor is the previous page's `next_cursor`, an opaque token holding where
 * that page ended in the ranking (the stored player count and name of its last game: public facts), so a count
 * that changes meanwhile never makes the next page skip or repeat games.
 */
export const mostPlayedSchema = v.object({
  cursor: v.optional(v.pipe(v.string(), v.maxLength(400, 'cursor is not valid'), v.regex(/^[A-Za-z0-9_-]+$/, 'cursor is not valid'))),
});

/** Moderators: PATCH /moderation/games/{slug} renames; POST /moderation/games/{slug}/merge folds it into `into`. */
export const renameGameSchema = requiredObject({ name: gameNameField });
export const mergeGameSchema = requiredObject({ into: gameSlugField('Target game') });

/**
 * GET /profile/search?query=&game=&platform= : the text may be empty when a game or platform filter is set;
 * without a filter it keeps the plain search's rules (and message) for the text.
 */
export const peopleSearchSchema = v.pipe(
  v.object({
    query: v.optional(
      v.pipe(v.string(), v.trim(), v.maxLength(30, 'Search query must be at most 30 characters'), plainText('Search query')),
      '',
    ),
    game: v.optional(gameSlugField()),
    platform: v.optional(platformField),
  }),
  v.check((q) => q.query !== '' || q.game !== undefined || q.platform !== undefined, 'Search query is required'),
);
export type PeopleSearch = v.InferOutput<typeof peopleSearchSchema>;
