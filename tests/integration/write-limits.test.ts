import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.ts';
import { createLogger } from '../../src/server/logger.ts';
import { startSavepoint } from '../../src/server/savepoint-server.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { ApiClient, type ApiResponse } from './support/http-client.ts';
import { fixture, post } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { befriend, createDirect, imageMessageForm, sendImage, sendText } from './support/chat.ts';
import { sql } from './support/social.ts';

// Low limits so a flood is refused within a handful of calls. One secret, so a second node accepts the same session.
const SECRET = 'write-limits-test-secret-0123456789abcdef';
const LIMITS = {
  RATE_LIMIT_LIKES: '5',
  RATE_LIMIT_OTHER_WRITES: '3',
  RATE_LIMIT_NEW_GAMES: '2',
  RATE_LIMIT_CHAT_MESSAGES: '3',
  SESSION_SECRET: SECRET,
};
const app = useTestServer(LIMITS);

/** A 429 in the error shape, with a Retry-After of whole seconds within the one-minute window, said in the text too. */
function expectTooMany(res: ApiResponse, what: string) {
  expectError(res, 429, new RegExp(`^Too many ${what}: try again in \\d+ seconds?\\.$`));
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60, `Retry-After ${retryAfter}`).toBe(true);
  expect((res.body as { error: string }).error).toContain(`in ${retryAfter} second`);
}

const deleteMissingPost = (who: SignedUp | ApiClient) => ('client' in who ? who.client : who).delete('/api/media/424242');

/** Two friends in a 1-on-1; `sender` sends. */
async function chatPair() {
  const [sender, friend] = [await signUp(app.origin), await signUp(app.origin)];
  await befriend(sender, friend);
  return { sender, room: await createDirect(sender, friend) };
}
const storedIn = async (room: number) => (await sql(app.database, 'select 1 from chat_messages where room_id = $1', [room])).length;

describe('chat message limits (a text message is counted by its own send statement)', () => {
  it('refuses the message over the limit with 429 + Retry-After and stores nothing for it', async () => {
    const { sender, room } = await chatPair();
    for (const n of [1, 2, 3]) expect((await sendText(sender, room, `m${n}`)).status).toBe(201);
    expectTooMany(await sendText(sender, room, 'one too many'), 'chat messages');
    // The refusal is remembered: the next one is refused without reaching the database, just the same.
    expectTooMany(await sendText(sender, room, 'and another'), 'chat messages');
    expect(await storedIn(room)).toBe(3);
  });

  it('counts sends refused before they reach the statement (invalid, empty), and answers 429 once over', async () => {
    const { sender, room } = await chatPair();
    expectError(
      await sender.client.post('/api/chat/send-message', undefined, {
        rawBody: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expectError(await sendText(sender, room, ''), 400);
    expect((await sendText(sender, room, 'fine')).status).toBe(201);
    expectTooMany(
      await sender.client.post('/api/chat/send-message', undefined, {
        rawBody: '{not json',
        headers: { 'content-type': 'application/json' },
      }),
      'chat messages',
    );
    expect(await storedIn(room)).toBe(1);
  });

  it('holds a burst of sends arriving together to the limit exactly', async () => {
    const { sender, room } = await chatPair();
    const answers = await Promise.all(Array.from({ length: 7 }, (_, i) => sendText(sender, room, `burst ${i}`)));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    for (const refused of answers.filter((r) => r.status !== 201)) expectTooMany(refused, 'chat messages');
    expect(await storedIn(room)).toBe(3);
  });

  it('counts image messages before their upload is read, in the same count', async () => {
    const { sender, room } = await chatPair();
    for (const n of [1, 2, 3]) expect((await sendText(sender, room, `m${n}`)).status).toBe(201);
    expectTooMany(await sendImage(sender, imageMessageForm(room, await fixture('avatar-400.png'), 'a.png', 'image/png')), 'chat messages');
    expect(await storedIn(room)).toBe(3);
  });
});

describe('per-person write limits', () => {
  it('refuses a flood of likes from one account with 429 + Retry-After; other people and other kinds of writes go on', async () => {
    const [ann, ben, cat] = [await signUp(app.origin), await signUp(app.origin), await signUp(app.origin)];
    const item = await post(ann);
    for (let i = 0; i < 5; i++) {
      const res = await (i % 2 ? ben.client.delete(`/api/media/${item.id}/dislike`) : ben.client.post(`/api/media/${item.id}/like`));
      expect(res.status, res.text).toBe(200);
    }
    expectTooMany(await ben.client.post(`/api/media/${item.id}/like`), 'likes');
    expectTooMany(await ben.client.delete(`/api/media/${item.id}/dislike`), 'likes');
    // The refused calls changed nothing: ben's fifth call (a like) is the last that counted.
    expect((await ben.client.get(`/api/media/${item.id}`)).body).toMatchObject({ liked: true, likes: 1 });

    expect((await cat.client.post(`/api/media/${item.id}/like`)).status).toBe(200);
    expect((await ben.client.post(`/api/media/${item.id}/comments`, { content: 'still here' })).status).toBe(201);
    expect((await ben.client.get('/api/notifications/')).status).toBe(200);
  });

  it('counts calls no rule names (and calls that fail) in the default bucket', async () => {
    const dan = await signUp(app.origin);
    for (let i = 0; i < 3; i++) expectError(await deleteMissingPost(dan), 404);
    expectTooMany(await deleteMissingPost(dan), 'changes');
    expectTooMany(await dan.client.post('/api/something-added-later'), 'changes');
    expect((await dan.client.post('/api/auth/logout')).status).toBe(200); // signing out always works
  });

  it('holds new game titles to their own hourly count: a flood of titles is refused while playing them goes on', async () => {
    const eve = await signUp(app.origin);
    const t = Date.now().toString(36);
    const added = [];
    for (const n of [1, 2]) {
      const res = await eve.client.post<{ game: { slug: string } }>('/api/games', { name: `Flood ${t} ${n}` });
      expect(res.status, res.text).toBe(201);
      added.push(res.body.game.slug);
    }
    const refused = await eve.client.post('/api/games', { name: `Flood ${t} 3` });
    expectError(refused, 429, /^Too many new game titles: try again in \d+ (seconds?|minutes?)\.$/);
    const retryAfter = Number(refused.headers.get('retry-after'));
    expect(retryAfter > 60 && retryAfter <= 3600, `Retry-After ${retryAfter}`).toBe(true);
    expect((await eve.client.get<{ games: unknown[] }>(`/api/games?query=Flood ${t}`)).body.games).toHaveLength(2);
    expect((await eve.client.put(`/api/games/${added[0]}/play`, { platform: 'xbox' })).status).toBe(200);
  });

  it('does not count writes refused for a missing CSRF token or a missing session', async () => {
    const eve = await signUp(app.origin);
    for (let i = 0; i < 5; i++) expectError(await eve.client.delete('/api/media/424242', undefined, { csrf: false }), 403);
    for (let i = 0; i < 5; i++) expectError(await app.client().delete('/api/media/424242'), 403);
    expectError(await deleteMissingPost(eve), 404);
  });

  it('shares the count between app nodes on one database', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-node2-'));
    const config = loadConfig({ DATABASE_URL: app.database.url, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...LIMITS });
    const second = await startSavepoint(config, createLogger('silent'));
    try {
      const fay = await signUp(app.origin);
      const onSecond = new ApiClient(second.origin);
      for (const [name, value] of fay.client.cookies) onSecond.cookies.set(name, value);
      expectError(await deleteMissingPost(fay), 404);
      expectError(await deleteMissingPost(onSecond), 404);
      expectError(await deleteMissingPost(fay), 404);
      expectTooMany(await deleteMissingPost(onSecond), 'changes');
      expectTooMany(await deleteMissingPost(fay), 'changes');
    } finally {
      await second.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
