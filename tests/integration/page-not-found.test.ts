/**
 * Pages about one thing (a user, a game, a chat room) answer 404 with the one not-found state when the API would
 * refuse that thing to the viewer: unknown, blocked either way, a room one is not in. The state names what was not
 * found and links back, and says nothing about why. A post asked for on one's profile (`?post=`) that is gone
 * shows the same state above the profile, which stays a 200. Unknown paths still go home. Served by a real server
 * with the built site.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './support/accounts.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createGroup } from './support/chat.ts';
import { newGame } from './support/games.ts';
import { post } from './support/media.ts';
import { block, nameOf } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
let app: TestServer;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: REPO, stdio: 'inherit' });
  expect(built.status).toBe(0);
  app = await startTestServer({}, path.join(REPO, 'dist'));
}, 600_000);
afterAll(async () => app?.stop());

const page = (who: SignedUp, url: string) => who.client.get<string>(url);
/** The text of the page's <main>, tags dropped: what a person reads. */
const mainText = (html: string) =>
  (html.match(/<main[\s\S]*?<\/main>/)?.[0] ?? '')
    .replace(/<astro-island[\s\S]*?<\/astro-island>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/ \./g, '.')
    .trim();

async function notFound(who: SignedUp, url: string, title: string) {
  const res = await page(who, url);
  expect(res.status, url).toBe(404);
  expect(res.text).toMatch(new RegExp(`<h1[^>]*>${title}</h1>`));
  return mainText(res.text);
}

describe('a page about something not there', () => {
  it('answers 404 with the not-found state for an unknown user, game or chat, linking back', async () => {
    const ann = await signUp(app.origin);
    const user = await notFound(ann, '/profile/nobody_by_this_name', 'User not found');
    expect(user).toContain('There is no user named nobody_by_this_name.');
    expect((await page(ann, '/profile/nobody_by_this_name')).text).toContain('href="/search?q=nobody_by_this_name"');
    const game = await notFound(ann, '/games/no-such-game-anywhere', 'Game not found');
    expect(game).toContain('Browse games');
    expect(await notFound(ann, '/games/Not%20A%20Slug', 'Game not found')).toBe(game);
    const chat = await notFound(ann, '/chats/987654321', 'Chat not found');
    expect(chat).toContain('Back to chats');
    expect(await notFound(ann, '/chats/99999999999', 'Chat not found')).toBe(chat); // past any id
    expect(await notFound(ann, '/chats/abc', 'Chat not found')).toBe(chat);
  });

  it('answers the same for someone blocked either way and a room one is not in, never saying why', async () => {
    const [bea, cal, dot, eli] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
    await block(bea, cal);
    for (const [viewer, other] of [
      [bea, cal],
      [cal, bea],
    ] as const) {
      const text = await notFound(viewer, `/profile/${nameOf(other)}`, 'User not found');
      expect(text).toBe(`User not found There is no user named ${nameOf(other)}. Search for users`);
    }
    await befriend(dot, eli);
    const room = await createGroup(dot, 'Members only', [eli]);
    expect((await page(dot, `/chats/${room}`)).status).toBe(200);
    const outsider = await notFound(bea, `/chats/${room}`, 'Chat not found');
    expect(outsider).toBe(await notFound(bea, '/chats/987654321', 'Chat not found'));
    expect(outsider).not.toContain('Members only');
  });

  it('answers 200 with the page itself for what is there', async () => {
    const [fay, gus] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const game = await newGame(app);
    for (const url of [`/profile/${nameOf(gus)}`, `/profile/${nameOf(gus).toUpperCase()}`, `/games/${game.slug}`]) {
      const res = await page(fay, url);
      expect(res.status, url).toBe(200);
      expect(res.text, url).not.toContain('not found</h1>');
    }
  });

  it('keeps one’s profile at 200 with the not-found state above it for a post that is gone or hidden', async () => {
    const [hal, ivy] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const mine = await post(hal, 'avatar-400.png', 'here today');
    const shown = await page(hal, `/profile?post=${mine.id}`);
    expect(shown.status).toBe(200);
    expect(shown.text).not.toContain('Post not found');
    expect(shown.text).toContain(`&quot;openPost&quot;:[0,${mine.id}]`); // the island opens it

    const removed = await hal.client.delete(`/api/media/${mine.id}`);
    expect(removed.status, removed.text).toBe(200);
    const hidden = await post(ivy, 'avatar-400.png', 'not for hal');
    await block(ivy, hal);
    for (const asked of [mine.id, hidden.id, 'abc', 0]) {
      const res = await page(hal, `/profile?post=${asked}`);
      expect(res.status, `post=${asked}`).toBe(200);
      expect(res.text).toMatch(/<h2[^>]*>Post not found<\/h2>/);
      expect(res.text).toContain(`${nameOf(hal)}&#39;s Profile`);
      expect(res.text).toContain('&quot;openPost&quot;:[0,null]'); // nothing left to open
    }
  });

  it('still sends unknown paths home', async () => {
    const jon = await signUp(app.origin);
    const res = await page(jon, '/no-such-page/at-all');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('a community page', () => {
  it('is a 404 with the not-found state when unknown or invite-only for a non-member, and the page for a member', async () => {
    const [owner, visitor] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const unknown = await notFound(visitor, '/communities/no-such-community-here', 'Community not found');
    expect(unknown).toContain('Browse communities');
    expect(await notFound(visitor, '/communities/Not%20A%20Slug', 'Community not found')).toBe(unknown);
    const made = await owner.client.post<{ community: { slug: string } }>('/api/communities', {
      name: `Hidden ${Date.now()}`,
      visibility: 'invite',
    });
    const slug = made.body.community.slug;
    expect(await notFound(visitor, `/communities/${slug}`, 'Community not found')).toBe(unknown);
    const own = await page(owner, `/communities/${slug}`);
    expect(own.status).toBe(200);
    expect(own.text).not.toContain('Community not found');
    // Its settings answer the same way: hidden from the visitor, there for the owner.
    expect(await notFound(visitor, `/communities/${slug}/settings`, 'Community not found')).toBe(unknown);
    expect((await page(owner, `/communities/${slug}/settings`)).status).toBe(200);
  });
});

describe('an invite link', () => {
  it('is a 404 with the not-found state when the code is wrong, malformed or used up, and the page while it can be used', async () => {
    const [owner, guest, third] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
    const made = await owner.client.post<{ community: { slug: string } }>('/api/communities', {
      name: `Invited ${Date.now()}`,
      visibility: 'invite',
    });
    const slug = made.body.community.slug;
    const invite = await owner.client.post<{ invite: { code: string } }>(`/api/communities/${slug}/invites`, {
      max_uses: 1,
      expires_in_hours: 1,
    });
    const code = invite.body.invite.code;
    const wrong = await notFound(guest, '/communities/invites/AAAAAAAAAAAA', 'Invite not found');
    expect(wrong).toContain('Browse communities');
    expect(await notFound(guest, '/communities/invites/not-a-code', 'Invite not found')).toBe(wrong);
    const shown = await page(guest, `/communities/invites/${code}`);
    expect(shown.status).toBe(200);
    expect(shown.text).not.toContain('Invite not found');
    expect((await guest.client.post(`/api/communities/invites/${code}/accept`)).status).toBe(200);
    expect(await notFound(third, `/communities/invites/${code}`, 'Invite not found')).toBe(wrong);
  });
});
