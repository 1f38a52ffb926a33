/**
 * NOTE: the browser's calls about games (catalogue, most played, 'I play this', the profile's list, players, suggestions).
 * Rules for callers:
 * - Every call throws ApiError on a refused answer; show `serverMessageOf(err)` or your own fallback.
 * - Slugs go into paths encoded; a 404 from `fetchGame` means the game does not exist (or the slug is wrong).
 * - `sortedGames` is the one order a profile's games are shown in: by name, case-insensitively.
 */
import { api } from '../../client/api.ts';
import type {
  GameDetailResponse,
  GamePlayersResponse,
  GameSearchResponse,
  MostPlayedResponse,
  NewGameResponse,
  ProfileGame,
  ProfileGames,
  ProfileGamesResponse,
  SuggestedPeopleResponse,
} from '../../shared/game-types.ts';
import type { GamePlatform } from '../../shared/game-values.ts';

const gamePath = (slug: string) => `/games/${encodeURIComponent(slug)}`;

export const searchGames = (query: string) => api.get<GameSearchResponse>(`/games?query=${encodeURIComponent(query.trim())}`);

/** The games index's ranking; `cursor` is the previous page's `next_cursor`. */
export function fetchMostPlayed(cursor: string | null) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<MostPlayedResponse>(`/games/most-played${query}`);
}

export const addGame = (name: string) => api.post<NewGameResponse>('/games', { name });

export const fetchGame = (slug: string) => api.get<GameDetailResponse>(gamePath(slug));

export function fetchPlayers(slug: string, cursor: string | null) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return api.get<GamePlayersResponse>(`${gamePath(slug)}/players${query}`);
}

export const playGame = (slug: string, platform: GamePlatform) => api.put<GameDetailResponse>(`${gamePath(slug)}/play`, { platform });

export const stopPlaying = (slug: string) => api.delete<GameDetailResponse>(`${gamePath(slug)}/play`);

export const saveProfileGames = (games: Array<{ slug: string; platform: GamePlatform }>) =>
  api.put<ProfileGamesResponse>('/profile/games', { games });

export const fetchSuggestedPeople = () => api.get<SuggestedPeopleResponse>('/people/suggested');

export const gamesMediaPath = (slug: string) => `${gamePath(slug)}/media`;

/** A profile's games as a list, by name. Tolerates the empty object older servers send. */
export function sortedGames(games: ProfileGames | Record<string, unknown> | null | undefined): ProfileGame[] {
  const list = Object.values(games ?? {}).filter(
    (g): g is ProfileGame => typeof g === 'object' && g !== null && typeof (g as ProfileGame).slug === 'string',
  );
  return list.sort((a, b) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }));
}
