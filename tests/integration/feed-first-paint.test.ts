/**
 * The feed page renders its first page into the HTML (ADR 044), so the first posts paint before any script
 * runs, and it shows exactly what GET /media/feed would answer this viewer: posts hidden by a block stay out,
 * a game filter narrows it, and a preload the API would refuse (an unknown game) leaves the island to ask the
 * API itself (and show the refusal). Served by a real server with the built site.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SignedUp } from './support/accounts.ts';
import { signUp } from './support/accounts.ts';
import { newGame, uploadTagged } from './support/games.ts';
import { post } from './support/media.ts';
import { block } from './support/social.ts';
import { startTestServer, type TestServer } from './support/server.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
let app: TestServer;

beforeAll(async () => {
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: REPO, stdio: 'inherit' });
  expect(built.status).toBe(0);
  app = await startTestServer({}, path.join(REPO, 'dist'));
}, 600_000);
afterAll(async () => app?.stop());

async function feedHtml(who: SignedUp, query = ''): Promise<string> {
  const res = await who.client.get<string>(`/feed${query}`);
  expect(res.status).toBe(200);
  return res.text;
}
/** The posts rendered as cards, in order (the island's props also carry them, so read the markup's attribute). */
const cardIds = (html: string) => [...html.matchAll(/<article[^>]*data-post-id="(\d+)"/g)].map((m) => Number(m[1]));

describe('the feed page', () => {
  it('renders the first page as cards, the newest first, its first picture loading at once', async () => {
    const ana = await signUp(app.origin);
    const older = await post(ana, 'avatar-400.png', 'older one');
    const newer = await post(ana, 'avatar-400.png', 'newer one');
    const html = await feedHtml(ana);
    expect(cardIds(html).slice(0, 2)).toEqual([newer.id, older.id]);
    expect(html).not.toContain('Loading posts');
    const firstImage = (html.match(/<article[^>]*data-post-id="\d+"[\s\S]*?<img[^>]*>/)?.[0] ?? '').toLowerCase(); // attribute names are case-blind
    expect(firstImage).toContain('fetchpriority="high"');
    expect(firstImage).toContain('loading="eager"');
    const secondImage = html.match(new RegExp(`data-post-id="${older.id}"[\\s\\S]*?<img[^>]*>`))?.[0] ?? '';
    expect(secondImage).toContain('loading="lazy"');
  });

  it('renders ?per_page= posts and no end marker while more follow', async () => {
    const ben = await signUp(app.origin);
    await post(ben, 'avatar-400.png', 'one');
    await post(ben, 'avatar-400.png', 'two');
    const html = await feedHtml(ben, '?per_page=1');
    expect(cardIds(html)).toHaveLength(1);
    expect(html).not.toContain('all caught up');
  });

  it('leaves out what the API would not show this viewer', async () => {
    const [cleo, dan] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    const hidden = await post(dan, 'avatar-400.png', 'hidden by a block');
    await block(dan, cleo);
    const html = await feedHtml(cleo);
    expect(cardIds(html)).not.toContain(hidden.id);
    expect(html).not.toContain('hidden by a block');
    const api = await cleo.client.get<{ media: { id: number }[] }>('/api/media/feed?per_page=10');
    expect(cardIds(html)).toEqual(api.body.media.map((m) => m.id));
  });

  it('narrows to a game, and leaves an unknown game to the island, which asks the API', async () => {
    const eve = await signUp(app.origin);
    const game = await newGame(app);
    const tagged = await uploadTagged(eve, game.slug, 'tagged clip');
    expect(tagged.status).toBe(201);
    await post(eve, 'avatar-400.png', 'untagged');
    const html = await feedHtml(eve, `?game=${game.slug}`);
    expect(cardIds(html)).toEqual([(tagged.body as { media: { id: number } }).media.id]);

    const unknown = await feedHtml(eve, '?game=no-such-game');
    expect(cardIds(unknown)).toEqual([]);
    expect(unknown).toContain('Loading posts');
  });
});
