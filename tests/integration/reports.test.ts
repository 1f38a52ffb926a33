import { afterEach, describe, expect, it } from 'vitest';
import type { CommentResponse, NotificationItem } from '../../src/shared/api-types.ts';
import type { ReportCreatedResponse } from '../../src/shared/moderation-types.ts';
import { MAX_INT_ID } from '../../src/shared/schemas/fields.ts';
import { WRITE_BUCKETS } from '../../src/server/auth/write-buckets.ts';
import { setRole } from '../../src/server/services/accounts/roles.service.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, say } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { post } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { block, hearsNothing, idOf, nameOf, notificationsOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

// The default limit: every test but the one that floods stays well under it per reporter.
const REPORT_LIMIT = WRITE_BUCKETS.reports.limit;
const app = useTestServer();
afterEach(closeAllSockets);

type Target = 'user' | 'media' | 'comment' | 'message';
type Body = { target_type: Target; target_id: number; reason: string; details?: string };

const report = (who: SignedUp, target_type: Target, target_id: number, extra: Partial<Body> = {}) =>
  who.client.post<ReportCreatedResponse>('/api/reports', { target_type, target_id, reason: 'spam', ...extra });

async function reported(who: SignedUp, target_type: Target, target_id: number, extra: Partial<Body> = {}): Promise<number> {
  const res = await report(who, target_type, target_id, extra);
  expect(res.status, res.text).toBe(201);
  expect(res.body).toEqual({ message: 'Thanks — the moderators will look at it', report_id: expect.any(Number) });
  return res.body.report_id;
}

/** `n` new accounts (typed as four; take as many as you asked for). */
const people = async (n: number) =>
  (await Promise.all(Array.from({ length: n }, () => signUp(app.origin)))) as [SignedUp, SignedUp, SignedUp, SignedUp];

async function comment(who: SignedUp, mediaId: number, content = 'a comment'): Promise<number> {
  const res = await who.client.post<CommentResponse>(`/api/media/${mediaId}/comments`, { content });
  expect(res.status, res.text).toBe(201);
  return res.body.comment.id;
}

const makeStaff = (who: SignedUp, role: 'moderator' | 'admin' = 'moderator') => setRole(app.server.database.db, nameOf(who), role);

type ReportRow = { reporter_id: number; target_type: string; target_id: string; target_user_id: number; reason: string; details: string };
const reportRow = async (id: number) =>
  (
    await sql<ReportRow>(
      app.database,
      'select reporter_id, target_type, target_id, target_user_id, reason, details from reports where id = $1',
      [id],
    )
  )[0];

describe('POST /api/reports: what can be reported', () => {
  it('stores a report of a person, a post, a comment and a chat message, each with whose it is', async () => {
    const [ann, bob, cat] = await people(3);
    await befriend(bob, ann);
    const photo = await post(bob, 'avatar-400.png', 'look');
    const byBob = await comment(bob, photo.id);
    const byCat = await comment(cat, photo.id);
    const message = await say(bob, await createDirect(bob, ann), 'hello');

    const ids = [
      await reported(ann, 'user', idOf(bob), { reason: 'impersonation', details: '  Pretends to be\na streamer  ' }),
      await reported(ann, 'media', photo.id, { reason: 'sexual' }),
      await reported(ann, 'comment', byBob, { reason: 'harassment' }),
      await reported(ann, 'comment', byCat, { reason: 'hate' }),
      await reported(ann, 'message', message.id, { reason: 'violence' }),
    ];
    const rows = await Promise.all(ids.map(reportRow));
    expect(rows).toEqual([
      {
        reporter_id: idOf(ann),
        target_type: 'user',
        target_id: String(idOf(bob)),
        target_user_id: idOf(bob),
        reason: 'impersonation',
        details: 'Pretends to be\na streamer',
      },
      {
        reporter_id: idOf(ann),
        target_type: 'media',
        target_id: String(photo.id),
        target_user_id: idOf(bob),
        reason: 'sexual',
        details: '',
      },
      {
        reporter_id: idOf(ann),
        target_type: 'comment',
        target_id: String(byBob),
        target_user_id: idOf(bob),
        reason: 'harassment',
        details: '',
      },
      { reporter_id: idOf(ann), target_type: 'comment', target_id: String(byCat), target_user_id: idOf(cat), reason: 'hate', details: '' },
      {
        reporter_id: idOf(ann),
        target_type: 'message',
        target_id: String(message.id),
        target_user_id: idOf(bob),
        reason: 'violence',
        details: '',
      },
    ]);
  });

  it('answers 404 for anything the reporter cannot see, as for an unknown id', async () => {
    const [ann, bob, cat, dan] = await people(4);
    const catPost = await post(cat);
    const danPost = await post(dan);
    const danOnCat = await comment(dan, catPost.id);
    const catOnDan = await comment(cat, danPost.id);
    await block(cat, ann); // blocked by them
    await block(ann, bob); // blocked by me
    const bobPost = await post(bob);

    expectError(await report(ann, 'user', idOf(cat)), 404, 'User not found');
    expectError(await report(ann, 'user', idOf(bob)), 404, 'User not found');
    expectError(await report(ann, 'media', catPost.id), 404, 'Post not found');
    expectError(await report(ann, 'media', bobPost.id), 404, 'Post not found');
    // A visible person's comment under a hidden post, and a hidden person's comment under a visible post.
    expectError(await report(ann, 'comment', danOnCat), 404, 'Comment not found');
    expectError(await report(ann, 'comment', catOnDan), 404, 'Comment not found');

    expectError(await report(ann, 'user', 999_999), 404, 'User not found');
    expectError(await report(ann, 'media', 999_999), 404, 'Post not found');
    expectError(await report(ann, 'comment', 999_999), 404, 'Comment not found');
    expectError(await report(ann, 'message', 2 ** 40), 404, 'Message not found');
    expect(await sql(app.database, 'select id from reports where reporter_id = $1', [idOf(ann)])).toEqual([]);
  });

  it('reports chat messages only in rooms the reporter is in, and not once the sender deleted their account', async () => {
    const [ann, bob, cat] = await people(3);
    await befriend(bob, cat, ann);
    const theirs = await say(bob, await createDirect(bob, cat), 'between us');
    expectError(await report(ann, 'message', theirs.id), 404, 'Message not found');

    const group = await createGroup(bob, 'Raid night', [ann, cat]);
    const gone = await say(cat, group, 'bye');
    await sql(app.database, 'update chat_messages set sender_id = null where id = $1', [gone.id]);
    expectError(await report(ann, 'message', gone.id), 404, 'The sender of this message deleted their account');
    // Blocks do not hide a group's messages, so a blocked member's message in a shared group stays reportable.
    const rude = await say(bob, group, 'rude');
    await block(ann, bob);
    await reported(ann, 'message', rude.id);
  });

  it('refuses reports of yourself or your own things with 400', async () => {
    const [ann, bob] = await people(2);
    await befriend(ann, bob);
    const mine = await post(ann);
    const myComment = await comment(ann, mine.id);
    const myMessage = await say(ann, await createDirect(ann, bob), 'mine');
    expectError(await report(ann, 'user', idOf(ann)), 400, 'You cannot report yourself');
    expectError(await report(ann, 'media', mine.id), 400, 'You cannot report your own post');
    expectError(await report(ann, 'comment', myComment), 400, 'You cannot report your own comment');
    expectError(await report(ann, 'message', myMessage.id), 400, 'You cannot report your own message');
  });
});

describe('POST /api/reports: one open report per reporter and thing', () => {
  it('answers 409 to a second report while the first is open, allows others, and allows it again once resolved', async () => {
    const [ann, bob, cat] = await people(3);
    const photo = await post(bob);
    const first = await reported(ann, 'media', photo.id);
    expectError(await report(ann, 'media', photo.id, { reason: 'hate' }), 409, 'You have already reported this');
    await reported(cat, 'media', photo.id);
    await reported(ann, 'user', idOf(bob)); // the same person, another target

    await sql(app.database, 'update reports set resolved_at = now(), resolution = $2 where id = $1', [first, 'dismiss']);
    const second = await reported(ann, 'media', photo.id);
    expect(second).not.toBe(first);
    expectError(await report(ann, 'media', photo.id), 409, 'You have already reported this');
  });

  it('settles two reports of the same thing at once: one 201, one 409, one row', async () => {
    const [ann, bob] = await people(2);
    const photo = await post(bob);
    const answers = await Promise.all([report(ann, 'media', photo.id), report(ann, 'media', photo.id), report(ann, 'media', photo.id)]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409]);
    const rows = await sql(app.database, 'select id from reports where reporter_id = $1', [idOf(ann)]);
    expect(rows).toHaveLength(1);
  });
});

describe('POST /api/reports: refused input and callers', () => {
  it('answers 400 naming the problem for bad input', async () => {
    const [ann, bob] = await people(2);
    const id = idOf(bob);
    const send = (body: unknown) => ann.client.post('/api/reports', body);
    expectError(await send({ target_type: 'profile', target_id: id, reason: 'spam' }), 400, /^target_type must be one of/);
    expectError(await send({ target_type: 'user', target_id: id, reason: 'boring' }), 400, 'Please choose a reason');
    expectError(await send({ target_type: 'user', target_id: id }), 400, 'Please choose a reason');
    expectError(await send({ target_type: 'user', reason: 'spam' }), 400, 'target_id is required');
    expectError(await send({ target_type: 'user', target_id: '7', reason: 'spam' }), 400, 'target_id is required');
    expectError(await send({ target_type: 'user', target_id: 1.5, reason: 'spam' }), 400, 'target_id must be a whole number');
    expectError(await send({ target_type: 'user', target_id: 0, reason: 'spam' }), 400, 'target_id must be a positive number');
    expectError(await send({ target_type: 'user', target_id: MAX_INT_ID + 1, reason: 'spam' }), 400, 'target_id is out of range');
    expectError(await send({ target_type: 'message', target_id: 2 ** 60, reason: 'spam' }), 400, 'target_id is out of range');
    expectError(
      await send({ target_type: 'user', target_id: id, reason: 'other', details: 'x'.repeat(501) }),
      400,
      /at most 500 characters/,
    );
    expectError(await send({ target_type: 'user', target_id: id, reason: 'other', details: 'a\u0000b' }), 400);
    expectError(await send({ target_type: 'user', target_id: id, reason: 'other', details: 5 }), 400, 'details must be text');
    expectError(await send([]), 400);
    expectError(
      await ann.client.post('/api/reports', undefined, { rawBody: '{"target_type":', headers: { 'content-type': 'application/json' } }),
      400,
    );
    // A message id beyond the integer range is a fair question (they are bigints): 404, not 400.
    expectError(await send({ target_type: 'message', target_id: MAX_INT_ID + 1, reason: 'spam' }), 404, 'Message not found');
    expect(await sql(app.database, 'select id from reports where reporter_id = $1', [idOf(ann)])).toEqual([]);
  });

  it('answers 403 without the CSRF token and 401 signed out, storing nothing', async () => {
    const [ann, bob] = await people(2);
    const body = { target_type: 'user', target_id: idOf(bob), reason: 'spam' };
    expectError(await ann.client.post('/api/reports', body, { csrf: false }), 403);
    expectError(await (await app.visitor()).post('/api/reports', body), 401);
    expect(await sql(app.database, 'select id from reports where target_user_id = $1', [idOf(bob)])).toEqual([]);
  });

  it(`holds one person to ${REPORT_LIMIT} reports an hour: then 429 with Retry-After in minutes`, async () => {
    const [ann, bob] = await people(2);
    for (let i = 0; i < REPORT_LIMIT; i++) expectError(await report(ann, 'media', 900_000 + i), 404);
    const refused = await report(ann, 'user', idOf(bob));
    expectError(refused, 429, /^Too many reports: try again in \d+ minutes\.$/);
    const wait = Number(refused.headers.get('retry-after'));
    expect(wait > 60 && wait <= 3600, `Retry-After ${wait}`).toBe(true);
    await reported(bob, 'user', idOf(ann)); // someone else still may
  });

  it('is listed in /api/openapi.json', async () => {
    const doc = (await app.client().get<{ paths: Record<string, Record<string, unknown>> }>('/api/openapi.json')).body;
    expect(Object.keys(doc.paths['/reports'] ?? {})).toEqual(['post']);
  });
});

describe('POST /api/reports: moderators hear of it', () => {
  it('pushes a stored report notification to every moderator and admin, and to no member', async () => {
    const [ann, bob, mod, boss] = await people(4);
    const [member] = await people(1);
    await makeStaff(mod);
    await makeStaff(boss, 'admin');
    await block(mod, ann); // a moderator's own block never hides a report from them
    const photo = await post(bob);
    const [modSocket, bossSocket] = [await connectAs(mod.client), await connectAs(boss.client)];
    const heard = [nextEvent(modSocket, 'notification', 5000), nextEvent(bossSocket, 'notification', 5000)];
    const memberHearsNothing = hearsNothing(app, await connectAs(member.client), member);
    const bobHearsNothing = hearsNothing(app, await connectAs(bob.client), bob);

    const id = await reported(ann, 'media', photo.id);
    const expected = {
      type: 'report',
      viewed: false,
      data: { report_id: id, title: 'New report', message: `${nameOf(ann)} reported a post by ${nameOf(bob)}: Spam or scam` },
    };
    const [toMod, toBoss] = (await Promise.all(heard)) as NotificationItem[];
    expect(toMod).toMatchObject(expected);
    expect(toBoss).toMatchObject(expected);
    const bell = await notificationsOf(mod);
    expect(bell.notifications[0]).toEqual(toMod);
    expect(bell.unread_count).toBeGreaterThanOrEqual(1);
    await memberHearsNothing();
    await bobHearsNothing();
    expect((await notificationsOf(member)).notifications.filter((n) => n.type === 'report')).toEqual([]);
  });

  it('does not tell a suspended moderator, nor a moderator about their own report', async () => {
    const [ann, bob, mod, away] = await people(4);
    await makeStaff(mod);
    await makeStaff(away);
    await sql(app.database, 'update users set suspended_at = now() where id = $1', [idOf(away)]);
    const id = await reported(mod, 'user', idOf(bob));
    const told = async (who: SignedUp) =>
      sql(app.database, `select id from notifications where user_id = $1 and type = 'report' and (data->>'report_id')::int = $2`, [
        idOf(who),
        id,
      ]);
    expect(await told(mod)).toEqual([]);
    expect(await told(away)).toEqual([]);
    expect(await told(ann)).toEqual([]);
  });

  it('does not tell the moderator the report is about: they would learn who reported them', async () => {
    const [ann, mod, other] = await people(3);
    await makeStaff(mod);
    await makeStaff(other);
    const id = await reported(ann, 'user', idOf(mod));
    const told = async (who: SignedUp) =>
      sql(app.database, `select id from notifications where user_id = $1 and type = 'report' and (data->>'report_id')::int = $2`, [
        idOf(who),
        id,
      ]);
    expect(await told(mod)).toEqual([]);
    expect(await told(other)).toHaveLength(1);
  });
});
