/**
 * Finding communities (ADR 049): public and request ones, most members first, by name and by game; invite-only
 * ones only in 'Your communities'; each card with the viewer's standing.
 */
import { describe, expect, it } from 'vitest';
import type { CommunitiesResponse, CommunityResponse } from '../../src/shared/community-types.ts';
import { COMMUNITIES_PAGE_SIZE } from '../../src/shared/community-values.ts';
import { signUp } from './support/accounts.ts';
import { joined } from './support/communities.ts';
import { expectError } from './support/expectations.ts';
import { newGame } from './support/games.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';

const app = useTestServer();
const tag = () => Math.random().toString(36).slice(2, 8);

describe('discovery', () => {
  it('lists public and request communities by members, finds them by name and game, never invite-only ones', async () => {
    const [owner, ann, bob] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
    const t = tag();
    const game = await newGame(app, { name: `Game ${t}` });
    const make = async (name: string, visibility: string, games: string[] = []) =>
      (await owner.client.post<CommunityResponse>('/api/communities', { name, visibility, games })).body.community.slug;
    const small = await make(`${t} small`, 'public', [game.slug]);
    const big = await make(`${t} big`, 'request', [game.slug]);
    const hidden = await make(`${t} hidden`, 'invite', [game.slug]);
    await make(`Other ${t}x`, 'public');
    await joined(ann, big);
    await owner.client.post(`/api/communities/${big}/requests/${ann.auth.user.user_id}/approve`);
    await joined(bob, big);
    const found = await bob.client.get<CommunitiesResponse>(`/api/communities?query=${t.toUpperCase()}`);
    expect(found.status, found.text).toBe(200);
    expect(found.body.communities.map((c) => [c.slug, c.member_count, c.my_status])).toEqual([
      [big, 2, 'pending'],
      // As many members: the newer first.
      [expect.stringContaining('other'), 1, 'none'],
      [small, 1, 'none'],
    ]);
    const byGame = await bob.client.get<CommunitiesResponse>(`/api/communities?game=${game.slug}`);
    expect(byGame.body.communities.map((c) => c.slug)).toEqual([big, small]);
    expect(byGame.body.communities[0]!.games).toEqual([{ slug: game.slug, name: game.name }]);
    expectError(await bob.client.get('/api/communities?game=no-such-game-zz'), 404);
    expectError(await bob.client.get('/api/communities?query=a%00b'), 400);
    expectError(await bob.client.get(`/api/communities?query=${'x'.repeat(51)}`), 400);
    expectError(await bob.client.get('/api/communities?cursor=%%%'), 400);
    const mine = await owner.client.get<CommunitiesResponse>('/api/communities/mine');
    expect(mine.body.communities.map((c) => c.slug)).toEqual(expect.arrayContaining([small, big, hidden]));
    expect(mine.body.communities.every((c) => c.my_status === 'member')).toBe(true);
    expect((await bob.client.get<CommunitiesResponse>(`/api/communities?query=${t}%20hidden`)).body.communities).toEqual([]);
  });

  it('pages by keyset without repeating or skipping a community', async () => {
    const owner = await signUp(app.origin);
    const t = tag();
    const count = COMMUNITIES_PAGE_SIZE + 4;
    // Inserted directly: the per-person limit on new communities is a few an hour.
    await sql(
      app.database,
      `insert into communities (slug, name, visibility, owner_id, member_count)
       select $1 || '-' || n, $1 || ' ' || n, 'public', $2, n % 3 from generate_series(1, $3) n`,
      [`page${t}`, owner.auth.user.user_id, count],
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: { body: CommunitiesResponse } = await owner.client.get<CommunitiesResponse>(
        `/api/communities?query=page${t}${cursor ? `&cursor=${cursor}` : ''}`,
      );
      seen.push(...res.body.communities.map((c) => c.slug));
      cursor = res.body.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(count);
    expect(new Set(seen).size).toBe(count);
  });
});
