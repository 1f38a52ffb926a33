/**
 * The games screens' plain rules: the feed filter read from and written to the address, a profile's games in
 * name order (tolerating the empty object older answers carry), what 'Players like you' says is shared, how a
 * player count reads, and 'Most played' pages joined without repeats.
 */
import { describe, expect, it } from 'vitest';
import { feedFilterOf, feedFilterQuery } from '../../../src/stores/media/feed.ts';
import { sortedGames } from '../../../src/stores/games/games-api.ts';
import { withPage } from '../../../src/stores/games/most-played.ts';
import { playersText, sharedText } from '../../../src/stores/games/shared-text.ts';

describe('feed filter', () => {
  it('reads a game, the My games view, or the whole feed from the address', () => {
    expect(feedFilterOf(new URLSearchParams('game=apex-legends'))).toEqual({ kind: 'game', slug: 'apex-legends' });
    expect(feedFilterOf(new URLSearchParams('view=my-games'))).toEqual({ kind: 'my-games' });
    expect(feedFilterOf(new URLSearchParams('view=other'))).toEqual({ kind: 'all' });
    expect(feedFilterOf(new URLSearchParams('game=Not%20a%20slug'))).toEqual({ kind: 'all' });
  });
  it('writes the same query back', () => {
    expect(feedFilterQuery({ kind: 'game', slug: 'minecraft' })).toEqual({ game: 'minecraft' });
    expect(feedFilterQuery({ kind: 'my-games' })).toEqual({ view: 'my-games' });
    expect(feedFilterQuery({ kind: 'all' })).toEqual({});
  });
});

describe('sortedGames', () => {
  it('lists by name, ignoring case, and tolerates an empty or odd object', () => {
    const games = {
      minecraft: { slug: 'minecraft', name: 'Minecraft', platform: 'steam' as const, genres: [] },
      apex: { slug: 'apex', name: 'apex Legends', platform: 'xbox' as const, genres: [] },
    };
    expect(sortedGames(games).map((g) => g.slug)).toEqual(['apex', 'minecraft']);
    expect(sortedGames({})).toEqual([]);
    expect(sortedGames({ junk: 3 })).toEqual([]);
  });
});

describe('sharedText', () => {
  it('names the shared games, then counts genres and mutual friends', () => {
    const games = [
      { slug: 'apex', name: 'Apex Legends' },
      { slug: 'minecraft', name: 'Minecraft' },
    ];
    expect(sharedText({ shared_games: games, shared_genres: ['shooter', 'sandbox'], mutual_friends: 1 })).toBe(
      'Plays Apex Legends, Minecraft · 2 genres · 1 mutual friend',
    );
    expect(sharedText({ shared_games: [], shared_genres: ['rpg'], mutual_friends: 2 })).toBe('1 genre · 2 mutual friends');
  });
});

describe('playersText', () => {
  it('says one player, or the count with thousands separated', () => {
    expect([0, 1, 2, 12_345].map(playersText)).toEqual(['0 players', '1 player', '2 players', '12,345 players']);
  });
});

describe('Most played pages', () => {
  it('adds a page after the list, leaving out a game already shown (its count moved it between pages)', () => {
    const game = (slug: string, players: number) => ({ slug, name: slug, genres: [], platforms: [], players });
    const first = [game('a', 9), game('b', 8)];
    expect(withPage(first, [game('b', 7), game('c', 7)]).map((g) => g.slug)).toEqual(['a', 'b', 'c']);
    expect(withPage([], first)).toEqual(first);
  });
});
