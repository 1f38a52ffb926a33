/**
 * NOTE: the fixed values of games, without the schemas (so a page that only shows a platform's label does not
 * load the validation library): platforms where someone plays, genres, limits, and how titles compare and slug.
 * - Titles are compared by `gameNameKey` (case, surrounding and repeated spaces ignored), so 'Rocket league ' and
 *   'Rocket League' are one game; `slugify` derives the URL form from the display name.
 */
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
/** The games index's 'Most played': games per page. */
export const MOST_PLAYED_PAGE_SIZE = 20;
/** Players and 'Players like you' pages. */
export const PLAYERS_PAGE_SIZE = 24;
export const SUGGESTED_PEOPLE_LIMIT = 10;
export const GAME_SLUG_MAX = 90;
/** Slugs no game may take: GET /api/games/{word} answers a list there, never a game's detail. */
export const RESERVED_GAME_SLUGS: readonly string[] = ['most-played'];

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
