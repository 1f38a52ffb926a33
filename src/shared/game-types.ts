/**
 * NOTE: game response shapes, shared by the API and its client. A game is always named by `slug`.
 * Blocked people (either way) and suspended accounts never appear in any list here, and are not counted.
 */
import type { GameGenre, GamePlatform } from './game-values.ts';

/** Enough to show and link a game (post cards, profile lists). */
export type GameRef = { slug: string; name: string };

/** A catalogue entry (GET /games?query=, POST /games). */
export type GameSummary = GameRef & { genres: GameGenre[]; platforms: GamePlatform[] };

/** GET /games?query= : at most GAME_SEARCH_LIMIT, prefix and whole-word matches first. */
export type GameSearchResponse = { games: GameSummary[] };

/**
 * GET /games/most-played?cursor= : games someone plays, most players first (then by name), `next_cursor` null on
 * the last page. `players` is the count the game page shows the caller.
 */
export type MostPlayedResponse = { games: Array<GameSummary & { players: number }>; next_cursor: string | null };

/** POST /games: 201 with a new game, 200 with the existing one when the name matches (`created` says which). */
export type NewGameResponse = { game: GameSummary; created: boolean };

/** GET /games/{slug}. `players`: members who play it (visible to the caller). `my_platform`: null when you do not. */
export type GameDetailResponse = { game: GameSummary & { players: number; my_platform: GamePlatform | null } };

/** How the caller knows a player: friends first, then people you follow, then others. */
export type PlayerRelation = 'friend' | 'following' | 'other';

export type GamePlayer = { user_id: number; username: string; has_picture: boolean; platform: GamePlatform; relation: PlayerRelation };

/** GET /games/{slug}/players?cursor= : `next_cursor` null on the last page. */
export type GamePlayersResponse = { players: GamePlayer[]; next_cursor: string | null };

/** One game on a profile: `shared` is true on another person's profile when the caller plays it too. */
export type ProfileGame = GameRef & { platform: GamePlatform; genres: GameGenre[]; shared?: boolean };

/**
 * The profile's `games` object (GET /profile/ and /profile/@{username}), keyed by slug. Show it sorted by name;
 * the object form keeps the spec's field type.
 */
export type ProfileGames = Record<string, ProfileGame>;

/** PUT /profile/games answers the saved list. PUT/DELETE /games/{slug}/play answer the game's new detail. */
export type ProfileGamesResponse = { games: ProfileGames };

/** GET /people/suggested ('Players like you'): not yet friends, ranked by games shared, genres shared, mutual friends. */
export type SuggestedPerson = {
  user_id: number;
  username: string;
  has_picture: boolean;
  shared_games: GameRef[];
  shared_genres: GameGenre[];
  mutual_friends: number;
};
/** `has_games`: whether the caller has added any game (an empty list then means nobody shares them yet). */
export type SuggestedPeopleResponse = { people: SuggestedPerson[]; has_games: boolean };

/**
 * PATCH /moderation/games/{slug} (rename) and POST /moderation/games/{slug}/merge: the game as it now is (after a
 * merge, the target). The old slug keeps answering it.
 */
export type GameModerationResponse = { message: string; game: GameSummary };
