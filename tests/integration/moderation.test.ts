import type { OwnProfileResponse } from '../../src/shared/api-types.ts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuditLogResponse, ModerationReportsResponse } from '../../src/shared/moderation-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, imageMessageForm, roomOf, say, sendImage } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { fixture, post, storedFiles } from './support/media.ts';
import { makeRole, reportOn, resolve } from './support/moderation.ts';
import { fetchPicture, imageForm } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';
import { closeAllSockets, connectAs, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

let moderator: SignedUp;
let admin: SignedUp;
let member: SignedUp;
beforeAll(async () => {
  [moderator, admin, member] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
  await makeRole(app, moderator, 'moderator');
  await makeRole(app, admin, 'admin');
});

const queue = async (who: SignedUp, query = '') => {
  const res = await who.client.get<ModerationReportsResponse>(`/api/moderation/reports${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body;
};
const openIds = async () => (await queue(admin, '?limit=50')).reports.map((r) => r.id);
const reportRow = async (id: number) =>
  (
    await sql<{ resolution: string | null; resolved_by: number | null; note: string }>(
      app.database,
      'select resolution, resolved_by, note from reports where id = $1',
      [id],
    )
  )[0];

describe('who may call the moderation API', () => {
  it('answers 401 to the signed-out and 404 "Not found" to members, whatever they send', async () => {
    const author = await signUp(app.origin);
    const item = await post(author);
    const id = await reportOn(app, member, { type: 'media', id: item.id, owner: author });
    const visitor = await app.visitor();
    expectError(await visitor.get('/api/moderation/reports'), 401);
    expectError(await visitor.post(`/api/moderation/reports/${id}/resolve`, { action: 'dismiss' }), 401);
    expectError(await visitor.post(`/api/moderation/users/${idOf(author)}/unsuspend`), 401);
    expectError(await visitor.get('/api/moderation/audit'), 401);

    expectError(await member.client.get('/api/moderation/reports'), 404, 'Not found');
    expectError(await member.client.get('/api/moderation/reports?limit=nope'), 404, 'Not found');
    expectError(await resolve(member, id, { action: 'remove_content' }), 404, 'Not found');
    expectError(await resolve(member, id, { action: 'ban' }), 404, 'Not found');
    expectError(await member.client.post(`/api/moderation/users/${idOf(author)}/unsuspend`), 404, 'Not found');
    expectError(await member.client.get('/api/moderation/audit'), 404, 'Not found');
    expectError(await member.client.get(`/api/moderation/reports/${id}/image`), 404, 'Not found');
    expect((await reportRow(id))!.resolution).toBeNull();
    expect((await member.client.get(`/api/media/${item.id}`)).status).toBe(200);
  });

  it('lets moderators work the queue but keeps the audit log for admins', async () => {
    await queue(moderator);
    expectError(await moderator.client.get('/api/moderation/audit'), 404, 'Not found');
    expect((await admin.client.get<AuditLogResponse>('/api/moderation/audit')).status).toBe(200);
  });

  it('refuses a write without the CSRF token and leaves the report open', async () => {
    const author = await signUp(app.origin);
    const id = await reportOn(app, member, { type: 'user', id: idOf(author), owner: author });
    expectError(await resolve(moderator, id, { action: 'dismiss' }, { csrf: false }), 403);
    expect((await reportRow(id))!.resolution).toBeNull();
  });

  it('follows a role change at once: a revoked moderator gets 404 on the next call', async () => {
    const former = await makeRole(app, await signUp(app.origin), 'moderator');
    await queue(former);
    await makeRole(app, former, 'member');
    expectError(await former.client.get('/api/moderation/reports'), 404, 'Not found');
  });
});

describe('GET /api/moderation/reports', () => {
  it('shows each kind of content with its context, newest first, and marks removed content', async () => {
    const author = await signUp(app.origin);
    const friend = await signUp(app.origin);
    await befriend(author, friend);
    const item = await post(author, 'avatar-400.png', 'gg ez');
    const gone = await post(author);
    const comment = await author.client.post<{ comment: { id: number } }>(`/api/media/${item.id}/comments`, { content: 'rude words' });
    const group = await createGroup(author, 'Raid night', [friend]);
    const groupMessage = await say(author, group, 'spam spam');
    const direct = await createDirect(author, friend);
    const image = await sendImage(
      author,
      imageMessageForm(direct, await fixture('avatar-400.png'), 'a.png', 'image/png', { content: 'look' }),
    );
    await author.client.put('/api/profile/bio', { bio: 'my bad bio' });

    const ids = [
      await reportOn(app, member, { type: 'media', id: item.id, owner: author }, 'spam', 'Selling accounts'),
      await reportOn(app, member, { type: 'comment', id: comment.body.comment.id, owner: author }, 'harassment'),
      await reportOn(app, friend, { type: 'message', id: groupMessage.id, owner: author }),
      await reportOn(app, friend, { type: 'message', id: image.body.message.id, owner: author }),
      await reportOn(app, member, { type: 'user', id: idOf(author), owner: author }, 'impersonation'),
      await reportOn(app, member, { type: 'media', id: gone.id, owner: author }),
    ];
    expect((await author.client.delete(`/api/media/${gone.id}`)).status).toBe(200);

    const shown = (await queue(moderator, '?limit=50')).reports.filter((r) => ids.includes(r.id));
    expect(shown.map((r) => r.id)).toEqual([...ids].reverse());
    const [removed, profile, imageReport, groupReport, commentReport, postReport] = shown;
    const owner = { user_id: idOf(author), username: nameOf(author) };
    expect(postReport).toMatchObject({
      reason: 'spam',
      details: 'Selling accounts',
      reporter: { user_id: idOf(member), username: nameOf(member) },
      content: {
        target_type: 'media',
        target_id: item.id,
        author: owner,
        text: 'gg ez',
        media_type: 'image',
        context: 'Post',
        removed: false,
      },
      target_user: { ...owner, role: 'member', suspended: false },
    });
    expect((await fetchPicture(app.client(), postReport!.content.media_url!)).status).toBe(200);
    expect(commentReport!.content).toMatchObject({ text: 'rude words', context: `Comment on a post by ${nameOf(author)}`, removed: false });
    expect(groupReport!.content).toMatchObject({ text: 'spam spam', context: 'Group chat “Raid night”', media_url: null });
    expect(imageReport!.content).toMatchObject({ text: 'look', context: `1-on-1 with ${nameOf(friend)}`, media_type: 'image' });
    expect((await fetchPicture(moderator.client, imageReport!.content.media_url!)).status).toBe(200);
    expect((await fetchPicture(member.client, imageReport!.content.media_url!)).status).toBe(404);
    expect(profile!.content).toMatchObject({ target_type: 'user', text: 'my bad bio', context: 'Profile', removed: false });
    expect(removed!.content).toMatchObject({ target_type: 'media', removed: true, text: '', media_url: null });
  });

  it('leaves out reports about the caller: they would learn who reported them', async () => {
    const reporter = await signUp(app.origin);
    const id = await reportOn(app, reporter, { type: 'user', id: idOf(moderator), owner: moderator });
    const seen = async (who: SignedUp) => (await queue(who, '?limit=50')).reports.map((r) => r.id);
    expect(await seen(moderator)).not.toContain(id);
    expect(await seen(admin)).toContain(id);
  });

  it('pages by cursor without repeats and refuses bad paging values', async () => {
    const author = await signUp(app.origin);
    for (let i = 0; i < 3; i += 1) await reportOn(app, member, { type: 'media', id: (await post(author)).id, owner: author });
    const first = await queue(moderator, '?limit=2');
    expect(first.reports).toHaveLength(2);
    const second = await queue(moderator, `?limit=2&cursor=${first.next_cursor}`);
    expect(second.reports[0]!.id).toBeLessThan(first.reports[1]!.id);
    expectError(await moderator.client.get('/api/moderation/reports?limit=0'), 400, /limit/);
    expectError(await moderator.client.get('/api/moderation/reports?cursor=abc'), 400, /cursor/);
  });
});

describe('POST /api/moderation/reports/{id}/resolve', () => {
  it('dismisses: the content stays, every open report on it closes, the audit log says who and why', async () => {
    const author = await signUp(app.origin);
    const item = await post(author);
    const first = await reportOn(app, member, { type: 'media', id: item.id, owner: author });
    const second = await reportOn(app, moderator, { type: 'media', id: item.id, owner: author });
    const res = await resolve(admin, first, { action: 'dismiss', note: '  just a meme ' });
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({ message: 'Report dismissed', report_id: first, action: 'dismiss' });
    expect(await reportRow(second)).toEqual({ resolution: 'dismiss', resolved_by: idOf(admin), note: 'just a meme' });
    expect((await member.client.get(`/api/media/${item.id}`)).status).toBe(200);
    expect(await openIds()).not.toContain(first);
    const audit = (await admin.client.get<AuditLogResponse>('/api/moderation/audit')).body.entries[0];
    expect(audit).toMatchObject({
      action: 'dismiss',
      actor: { user_id: idOf(admin), username: nameOf(admin) },
      target_user: { user_id: idOf(author), username: nameOf(author) },
      report_id: first,
      detail: `media ${item.id}`,
      note: 'just a meme',
    });
    expectError(await resolve(moderator, first, { action: 'remove_content' }), 409, 'This report is already resolved');
  });

  it('removes a post and its files from storage', async () => {
    const author = await signUp(app.origin);
    const before = await storedFiles(app.dataDir);
    const item = await post(author, 'photo-1200x800.jpg');
    const added = (await storedFiles(app.dataDir)).filter((f) => !before.includes(f));
    expect(added.length).toBeGreaterThan(0);
    const id = await reportOn(app, member, { type: 'media', id: item.id, owner: author });
    expect((await resolve(moderator, id, { action: 'remove_content' })).status).toBe(200);
    expect((await author.client.get(`/api/media/${item.id}`)).status).toBe(404);
    for (const file of added) expect(await storedFiles(app.dataDir)).not.toContain(file);
  });

  it('removes a comment and lowers the post count', async () => {
    const author = await signUp(app.origin);
    const item = await post(author);
    const comment = await member.client.post<{ comment: { id: number } }>(`/api/media/${item.id}/comments`, { content: 'mean' });
    const id = await reportOn(app, author, { type: 'comment', id: comment.body.comment.id, owner: member });
    expect((await resolve(moderator, id, { action: 'remove_content' })).status).toBe(200);
    const comments = await author.client.get<{ comments: unknown[]; comment_count: number }>(`/api/media/${item.id}/comments`);
    expect(comments.body).toMatchObject({ comments: [], comment_count: 0 });
  });

  it('removes a chat image message with its files and tells the room live', async () => {
    const author = await signUp(app.origin);
    const friend = await signUp(app.origin);
    await befriend(author, friend);
    const room = await createDirect(author, friend);
    const before = await storedFiles(app.dataDir);
    const sent = await sendImage(author, imageMessageForm(room, await fixture('avatar-400.png'), 'a.png', 'image/png'));
    const added = (await storedFiles(app.dataDir)).filter((f) => !before.includes(f));
    expect(added).toHaveLength(2);
    const id = await reportOn(app, friend, { type: 'message', id: sent.body.message.id, owner: author });
    const socket = await connectAs(friend.client);
    const heard = nextEvent(socket, 'chat_message_removed', 3000);
    expect((await resolve(moderator, id, { action: 'remove_content' })).status).toBe(200);
    expect(await heard).toEqual({ room_id: room, message_id: sent.body.message.id });
    expect((await roomOf(friend, room)).messages).toEqual([]);
    for (const file of added) expect(await storedFiles(app.dataDir)).not.toContain(file);
  });

  it('shows a reported chat image to staff only while its report is open, and never to the one it is about', async () => {
    const author = await signUp(app.origin);
    const friend = await signUp(app.origin);
    await befriend(author, friend);
    const room = await createDirect(author, friend);
    const sent = await sendImage(author, imageMessageForm(room, await fixture('avatar-400.png'), 'a.png', 'image/png'));
    const id = await reportOn(app, friend, { type: 'message', id: sent.body.message.id, owner: author });
    const image = `/api/moderation/reports/${id}/image`;
    expect((await fetchPicture(moderator.client, image)).status).toBe(200);
    expect((await resolve(moderator, id, { action: 'dismiss' })).status).toBe(200);
    // Dismissed: the image is the room's again, for its participants only.
    expectError(await moderator.client.get(image), 404);
    expect((await fetchPicture(friend.client, sent.body.message.image_url!)).status).toBe(200);
  });

  it("clears a reported profile's bio, handles and picture", async () => {
    const author = await signUp(app.origin);
    await author.client.put('/api/profile/bio', { bio: 'offensive' });
    expect((await author.client.put('/api/profile/discord', { discord_username: 'slur#0001' })).status).toBe(200);
    expect((await author.client.put('/api/profile/consoles/steam', { steam_username: 'slur_steam' })).status).toBe(200);
    const picture = await author.client.upload('/api/profile/picture', imageForm(await fixture('avatar-400.png'), 'a.png', 'image/png'));
    expect(picture.status, picture.text).toBe(200);
    const id = await reportOn(app, member, { type: 'user', id: idOf(author), owner: author });
    expect((await resolve(moderator, id, { action: 'remove_content' })).status).toBe(200);
    const profile = (await author.client.get<OwnProfileResponse>('/api/profile/')).body;
    expect(profile).toMatchObject({ bio: '', discord: null, consoles: { steam: null } });
    expect((await fetchPicture(member.client, `/api/profile/@${nameOf(author)}/picture`)).status).toBe(404);
  });

  it('refuses what staff may not decide', async () => {
    const id = await reportOn(app, member, { type: 'user', id: idOf(moderator), owner: moderator });
    expectError(await resolve(moderator, id, { action: 'dismiss' }), 403, /about yourself/);
    const aboutAdmin = await reportOn(app, member, { type: 'user', id: idOf(admin), owner: admin });
    expectError(await resolve(moderator, aboutAdmin, { action: 'suspend_user' }), 403, /Admins can't be suspended/);
    const otherModerator = await makeRole(app, await signUp(app.origin), 'moderator');
    const aboutModerator = await reportOn(app, member, { type: 'user', id: idOf(otherModerator), owner: otherModerator });
    expectError(await resolve(moderator, aboutModerator, { action: 'suspend_user' }), 403, 'Only an admin can suspend a moderator');
    expectError(
      await resolve(moderator, aboutAdmin, { action: 'remove_content' }),
      403,
      "Only an admin can remove a moderator's or an admin's content",
    );
    expectError(await resolve(moderator, aboutModerator, { action: 'remove_content' }), 403, /Only an admin can remove/);
    for (const open of [id, aboutAdmin, aboutModerator]) expect((await reportRow(open))!.resolution).toBeNull();
  });

  it('answers 404 for unknown reports and 400 for bad input', async () => {
    expectError(await resolve(moderator, 2_000_000_000, { action: 'dismiss' }), 404, 'Report not found');
    expectError(await moderator.client.post('/api/moderation/reports/abc/resolve', { action: 'dismiss' }), 404, 'Report not found');
    const author = await signUp(app.origin);
    const id = await reportOn(app, member, { type: 'user', id: idOf(author), owner: author });
    expectError(await resolve(moderator, id, { action: 'ban' }), 400, /action must be one of/);
    expectError(await resolve(moderator, id, { action: 'dismiss', note: 'x'.repeat(501) }), 400, /Note must be at most 500/);
    expectError(await resolve(moderator, id, { action: 'dismiss', note: 'a\u0000b' }), 400);
    expectError(await resolve(moderator, id, []), 400);
    expect((await reportRow(id))!.resolution).toBeNull();
  });
});
