/**
 * NOTE: game shapes, used by the games dialogs, the upload dialog, the search filters and the API alike.
 * - A game is named by its `slug` in every URL and body; ids never leave the server.
 * - Titles are compared by `gameNameKey` (case, surrounding and repeated spaces ignored), so 'Rocket league ' and
 *   'Rocket League' are one game; `slugify` derives the URL form from the display name.
 * - Platforms here are where someone plays a game (Steam/PC, not a Steam handle): a separate list from the profile's
 *   handle platforms, though the shared ids mean the same console family.
 */
import * as v from 'valibot';
import { plainName, plainText, requiredObject } from './fields.ts';

export const GAME_PLATFORMS = ['playstation', 'xbox', 'steam', 'nintendo', 'mobile'] as const;
export type GamePlatform = (typeof GAME_PLATFORMS)[number];
export const GAME_PLATFORM_LABELS: Record<GamePlatform, string> = {
  playstation: 'PlayStation',
  xbox: 'Xbox',
  steam: 'Steam/PC',
  nintendo: 'Nintendo',
  mobile: 'Mobile',
};

/** The fixed genre list of the catalogue; a game has one or more. */
export const GAME_GENRES = [
  'action',
  'adventure',
  'battle-royale',
  'card',
  'fighting',
  'horror',
  'mmo',
  'moba',
  'party',
  'platformer',
  'puzzle',
  'racing',
  'rhythm',
  'rpg',
  'sandbox',
  'shooter',
  'simulation',
  'sports',
  'strategy',
  'survival',
] as const;
export type GameGenre = (typeof GAME_GENRES)[number];
export const GAME_GENRE_LABELS: Record<GameGenre, string> = {
  action: 'Action',
  adventure: 'Adventure',
  'battle-royale': 'Battle royale',
  card: 'Card',
  fighting: 'Fighting',
  horror: 'Horror',
  mmo: 'MMO',
  moba: 'MOBA',
  party: 'Party',
  platformer: 'Platformer',
  puzzle: 'Puzzle',
  racing: 'Racing',
  rhythm: 'Rhythm',
  rpg: 'RPG',
  sandbox: 'Sandbox',
  shooter: 'Shooter',
  simulation: 'Simulation',
  sports: 'Sports',
  strategy: 'Strategy',
  survival: 'Survival',
};

/** How many games one profile may list. */
export const PROFILE_GAMES_MAX = 30;
export const GAME_NAME_MAX = 80;
/** Catalogue search answers at most this many games. */
export const GAME_SEARCH_LIMIT = 20;
export const GAME_QUERY_MAX = 80;
/** Players and 'Players like you' pages. */
export const PLAYERS_PAGE_SIZE = 24;
export const SUGGESTED_PEOPLE_LIMIT = 10;
export const GAME_SLUG_MAX = 90;

/** 'Rocket  League ' → 'rocket league': the key two titles must differ by to be two games. */
export const gameNameKey = (name: string) => name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLowerCase();

/** 'Baldur's Gate 3' → 'baldurs-gate-3'. Empty when the name has no letters or digits (the caller picks a fallback). */
export const slugify = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, GAME_SLUG_MAX - 6);

/**
 * The slug a new or renamed title starts from: `slugify`, else 'game' for a name in a script without Latin letters
 * or digits ('ポケモン', 'Ведьмак'), whose slug is then 'game', 'game-2'… (the name itself is kept as typed).
 */
export const gameSlugBase = (name: string) => slugify(name) || 'game';

const platformField = v.picklist(GAME_PLATFORMS, `Platform must be one of ${GAME_PLATFORMS.join(', ')}`);

/** A slug in a path or a query: refused early when it could not be one (the service answers 404 for unknown ones). */
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

/** The feed's game views: `?game={slug}` for one game, `?view=my-games` for every game you play. */
export const feedGameFilterSchema = v.pipe(
  v.object({
    game: v.optional(gameSlugField()),
    view: v.optional(v.picklist(['my-games'], "view must be 'my-games'")),
  }),
  v.check((q) => q.game === undefined || q.view === undefined, 'Choose either game or view, not both'),
);

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
