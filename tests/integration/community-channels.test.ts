/**
 * A community's channels (ADR 049): 'general' from the start; moderators add, rename and remove them (limits,
 * names, logged); members read and write them through the ordinary chat calls, everyone else gets 404 there; the
 * chats list carries them with their community and counts as unread only what came after joining; live delivery
 * reaches members' sockets (joining and leaving follow at once); files go with a channel or its community.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/chat-types.ts';
import type { ChannelsResponse, CommunityReportsResponse, ModlogResponse } from '../../src/shared/community-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { imageMessageForm, roomOf, roomsOf, say, sendImage, sendText } from './support/chat.ts';
import { communityCrew, joined, newCommunity } from './support/communities.ts';
import { expectError } from './support/expectations.ts';
import { fixture, isStored } from './support/media.ts';
import { fetchPicture } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { block, idOf, notificationsOf, sql } from './support/social.ts';
import { watch } from './support/live.ts';
import { closeAllSockets, connectAs, emitRaw, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

const channelsOf = async (who: SignedUp, slug: string) =>
  (await who.client.get<ChannelsResponse>(`/api/communities/${slug}/channels`)).body;
const general = async (who: SignedUp, slug: string) => (await channelsOf(who, slug)).channels[0]!.room_id;
const addChannel = (who: SignedUp, slug: string, name: unknown) => who.client.post(`/api/communities/${slug}/channels`, { name });
const exists = (key: string) => isStored(app.dataDir, key);

async function crew(visibility: 'public' | 'request' | 'invite' = 'request') {
  const cast = await communityCrew(app.origin, visibility);
  return { ...cast, room: await general(cast.owner, cast.slug) };
}

describe('the channel list', () => {
  it("starts with 'general', for those who see the community's content only", async () => {
    const { ann, outsider, slug } = await crew('request');
    expect((await channelsOf(ann, slug)).channels).toEqual([{ room_id: expect.any(Number), name: 'general' }]);
    expectError(await outsider.client.get(`/api/communities/${slug}/channels`), 404, 'Community not found');
    const open = await newCommunity(ann, 'public');
    expect((await channelsOf(outsider, open)).channels.map((c) => c.name)).toEqual(['general']);
  });

  it('moderators add, rename and remove channels, logged; members cannot', async () => {
    const { owner, mod, ann, slug } = await crew();
    const res = await addChannel(mod, slug, '  Looking   For Group ');
    expect(res.status, res.text).toBe(201);
    const made = (res.body as { channel: { room_id: number; name: string } }).channel;
    expect(made.name).toBe('looking-for-group');
    expectError(await addChannel(ann, slug, 'mine'), 403, 'Only moderators can do that');
    expectError(await ann.client.patch(`/api/communities/${slug}/channels/${made.room_id}`, { name: 'x' }), 403);
    expectError(await ann.client.delete(`/api/communities/${slug}/channels/${made.room_id}`), 403);

    const renamed = await mod.client.patch(`/api/communities/${slug}/channels/${made.room_id}`, { name: 'lfg' });
    expect(renamed.status, renamed.text).toBe(200);
    expect((await channelsOf(ann, slug)).channels.map((c) => c.name)).toEqual(['general', 'lfg']);
    expect((await roomOf(ann, made.room_id)).room_name).toBe('lfg');
    expect((await mod.client.delete(`/api/communities/${slug}/channels/${made.room_id}`)).status).toBe(200);
    expect((await channelsOf(ann, slug)).channels.map((c) => c.name)).toEqual(['general']);
    expectError(await mod.client.get(`/api/chat/messages/${made.room_id}`), 404, 'Chat not found');

    const log = (await owner.client.get<ModlogResponse>(`/api/communities/${slug}/modlog`)).body.entries;
    expect(log.slice(0, 3).map((e) => [e.action, e.detail])).toEqual([
      ['channel_remove', 'lfg'],
      ['channel_rename', 'looking-for-group → lfg'],
      ['channel_add', 'looking-for-group'],
    ]);
  });

  it('refuses bad names, a taken name, a 21st channel, the last channel and other communities’ channels', async () => {
    const { owner, slug, room } = await crew();
    for (const [name, message] of [
      ['', 'Channel name is required'],
      ['a'.repeat(33), 'Channel name must be at most 32 characters'],
      ['raid\u0000night', 'Channel names use letters, digits, - and _'],
      ['raid\u202enight', 'Channel names use letters, digits, - and _'],
      ['#raids!', 'Channel names use letters, digits, - and _'],
      ['\u0301\u0301', 'Channel name needs at least one letter or digit'],
      ['--', 'Channel name needs at least one letter or digit'],
      [42, 'Channel name must be text'],
    ] as const) {
      expectError(await addChannel(owner, slug, name), 400, message);
    }
    expectError(await owner.client.post(`/api/communities/${slug}/channels`, 'not json'), 400);
    expectError(await addChannel(owner, slug, 'General'), 409, 'This community already has a channel with that name');
    // Scripts that write vowels as marks name channels too.
    const hindi = await addChannel(owner, slug, 'हिंदी');
    expect(hindi.status, hindi.text).toBe(201);
    await owner.client.delete(`/api/communities/${slug}/channels/${(hindi.body as { channel: { room_id: number } }).channel.room_id}`);
    expect((await addChannel(owner, slug, 'clips')).status).toBe(201);
    const clips = (await channelsOf(owner, slug)).channels[1]!.room_id;
    expectError(await owner.client.patch(`/api/communities/${slug}/channels/${clips}`, { name: 'general' }), 409);
    expect((await owner.client.post(`/api/communities/${slug}/channels`, { name: 'csrf' }, { csrf: false })).status).toBe(403);

    const other = await newCommunity(owner);
    const theirs = await general(owner, other);
    expectError(await owner.client.delete(`/api/communities/${slug}/channels/${theirs}`), 404, 'Channel not found');
    expectError(await owner.client.patch(`/api/communities/${slug}/channels/${theirs}`, { name: 'mine' }), 404, 'Channel not found');
    expectError(await owner.client.delete(`/api/communities/${slug}/channels/99999999999`), 404, 'Channel not found');

    for (let i = 3; i <= 20; i++) expect((await addChannel(owner, slug, `room-${i}`)).status).toBe(201);
    expectError(await addChannel(owner, slug, 'one-too-many'), 409, 'A community can have at most 20 channels');

    const single = await newCommunity(owner);
    expectError(
      await owner.client.delete(`/api/communities/${single}/channels/${await general(owner, single)}`),
      409,
      'A community keeps at least one channel',
    );
    expect(room).toBeGreaterThan(0);
  });
});

describe('chatting in a channel', () => {
  it('members read and write it with the chat calls; everyone else gets 404 everywhere', async () => {
    const { owner, ann, outsider, slug, room } = await crew('request');
    const hello = await say(ann, room, 'hello raiders');
    const detail = await roomOf(owner, room);
    expect(detail).toMatchObject({ room_name: 'general', is_group: true, participants: [], owner_id: null, can_send: true });
    expect(detail.community).toEqual({ slug, name: expect.any(String) });
    expect(detail.messages.map((m) => m.content)).toEqual(['hello raiders']);

    // A pending person and a stranger are not in it.
    expect((await outsider.client.post(`/api/communities/${slug}/join`)).status).toBe(200);
    for (const res of [
      await outsider.client.get(`/api/chat/messages/${room}`),
      await sendText(outsider, room, 'let me in'),
      await outsider.client.post(`/api/chat/mark-all-read/${room}`),
      await outsider.client.post(`/api/chat/toggle-mute/${room}`),
      await outsider.client.get(`/api/chat/participants/${room}`),
      await outsider.client.post('/api/reports', { target_type: 'message', target_id: hello.id, reason: 'spam' }),
    ]) {
      expect(res.status, res.text).toBe(404);
    }
    expect((await roomsOf(outsider)).map((r) => r.id)).not.toContain(room);
    const rows = await sql(app.database, 'select count(*)::int as n from chat_messages where room_id = $1', [room]);
    expect(rows[0]).toEqual({ n: 1 });
    // Their chat_participants row would be only a read mark: writing one by hand still lets nobody in.
    await sql(app.database, 'insert into chat_participants (room_id, user_id) values ($1, $2)', [room, idOf(outsider)]);
    expectError(await outsider.client.get(`/api/chat/messages/${room}`), 404, 'Chat not found');
    expectError(await sendText(outsider, room, 'sneaky'), 404, 'Chat not found');
  });

  it('group calls do not apply to channels', async () => {
    const { owner, ann, room } = await crew();
    const managed = "A community's channels are changed in its settings";
    expectError(await owner.client.post(`/api/chat/group/${room}/add`, { user_id: idOf(ann) }), 400, managed);
    expectError(await owner.client.post(`/api/chat/group/${room}/remove`, { user_id: idOf(ann) }), 400, managed);
    expectError(await ann.client.post(`/api/chat/group/${room}/leave`), 400, managed);
    expectError(await owner.client.put(`/api/chat/rename-group/${room}`, { name: 'mine now' }), 400, managed);
  });

  it('lists channels under their community; unread counts only what came after joining; read and mute work', async () => {
    const { owner, slug, room } = await crew('public');
    await say(owner, room, 'before you came');
    const late = await signUp(app.origin);
    await joined(late, slug);
    const listed = (await roomsOf(late)).find((r) => r.id === room)!;
    expect(listed).toMatchObject({ name: 'general', is_group: true, unread_count: 0, muted: false });
    expect(listed.community).toEqual({ slug, name: expect.any(String) });
    expect(listed.lastMessage?.content).toBe('before you came');

    await say(owner, room, 'welcome');
    await say(owner, room, 'glhf');
    expect((await roomsOf(late)).find((r) => r.id === room)!.unread_count).toBe(2);
    // Their own message reads everything before it.
    await say(late, room, 'thanks');
    expect((await roomsOf(late)).find((r) => r.id === room)!.unread_count).toBe(0);
    await say(owner, room, 'one more');
    expect((await roomsOf(late)).find((r) => r.id === room)!.unread_count).toBe(1);
    expect((await late.client.post(`/api/chat/mark-all-read/${room}`)).status).toBe(200);
    expect((await roomsOf(late)).find((r) => r.id === room)!.unread_count).toBe(0);

    expect((await late.client.post(`/api/chat/toggle-mute/${room}`)).body).toEqual({ muted: true });
    expect((await roomsOf(late)).find((r) => r.id === room)!.muted).toBe(true);
    expect((await roomOf(owner, room)).muted).toBe(false);

    // Leaving drops the channel from their list, with their marks.
    expect((await late.client.post(`/api/communities/${slug}/leave`)).status).toBe(200);
    expect((await roomsOf(late)).map((r) => r.id)).not.toContain(room);
    expect(await sql(app.database, 'select 1 from chat_participants where user_id = $1', [idOf(late)])).toEqual([]);
  });

  it('the banned and the kicked lose the channel; people blocked either way keep talking there (as in a group)', async () => {
    const { mod, ann, owner, slug, room } = await crew();
    await block(ann, owner);
    expect((await sendText(ann, room, 'still here')).status).toBe(201);
    expect((await sendText(owner, room, 'me too')).status).toBe(201);

    expect((await mod.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(ann), reason: 'spam' })).status).toBe(200);
    expectError(await sendText(ann, room, 'let me back'), 404, 'Chat not found');
    expectError(await ann.client.get(`/api/chat/messages/${room}`), 404);
    expect((await roomsOf(ann)).map((r) => r.id)).not.toContain(room);
  });
});

describe('live delivery in a channel', () => {
  it("reaches members' sockets once, follows joining and leaving at once, and relays typing to the others", async () => {
    const { owner, ann, outsider, slug, room } = await crew('public');
    const [ownerSocket, annSocket, outsiderSocket] = [
      await connectAs(owner.client),
      await connectAs(ann.client),
      await connectAs(outsider.client),
    ];
    const heard: ChatMessage[] = [];
    ownerSocket.on('chat_message', (m) => heard.push(m));
    const annHears = nextEvent(annSocket, 'chat_message');
    const outsiderHears = nextEvent(outsiderSocket, 'chat_message', 600);
    const first = await say(ann, room, 'live one');
    expect(await annHears).toEqual(first);
    expect(await outsiderHears).toBe('timeout');
    await expect.poll(() => heard.map((m) => m.id)).toEqual([first.id]);

    // Joining while connected: told, and hearing the channel from then on.
    const told = nextEvent(outsiderSocket, 'channels_changed');
    await joined(outsider, slug);
    expect(await told).toEqual({ community: { slug, name: expect.any(String) }, added: [], removed_room_ids: [], joined: true });
    const nowHears = nextEvent(outsiderSocket, 'chat_message');
    const second = await say(owner, room, 'welcome aboard');
    expect(await nowHears).toEqual(second);

    // Typing reaches the members with the channel open, not the typist nor members elsewhere; only members may open it.
    expect((await watch(ownerSocket, { channels: [room] })).channels).toEqual([room]);
    expect((await watch(outsiderSocket, { channels: [room] })).channels).toEqual([room]);
    const stranger = await signUp(app.origin);
    expect((await watch(await connectAs(stranger.client), { channels: [room] })).channels).toEqual([]);
    const typingSeen = nextEvent(ownerSocket, 'typing');
    const typistSeen = nextEvent(outsiderSocket, 'typing', 600);
    const elsewhereSeen = nextEvent(annSocket, 'typing', 600);
    emitRaw(outsiderSocket, 'typing', { room_id: room, username: 'spoofed', participants: [], isTyping: true });
    expect(await typingSeen).toEqual({ room_id: room, user_id: idOf(outsider), username: outsider.registration.username, isTyping: true });
    expect(await typistSeen).toBe('timeout');
    expect(await elsewhereSeen).toBe('timeout');

    // Kicked: told which channels went, and hears nothing more.
    const gone = nextEvent(outsiderSocket, 'channels_changed');
    expect((await owner.client.delete(`/api/communities/${slug}/members/${idOf(outsider)}`)).status).toBe(200);
    expect(await gone).toEqual({ community: { slug, name: expect.any(String) }, added: [], removed_room_ids: [room], joined: false });
    const afterKick = nextEvent(outsiderSocket, 'chat_message', 600);
    const typingAfterKick = nextEvent(outsiderSocket, 'typing', 600);
    await say(owner, room, 'after the kick');
    emitRaw(ownerSocket, 'typing', { room_id: room, username: 'x', participants: [], isTyping: true });
    expect(await afterKick).toBe('timeout');
    expect(await typingAfterKick).toBe('timeout');
  });

  it('a socket that connects later hears the channels of communities its person is in; channel changes reach members', async () => {
    const { owner, mod, slug, room } = await crew();
    const socket = await connectAs(mod.client);
    const hears = nextEvent(socket, 'chat_message');
    const sent = await say(owner, room, 'for later sockets');
    expect(await hears).toEqual(sent);
    const added = nextEvent(socket, 'channels_changed');
    expect((await addChannel(owner, slug, 'clips')).status).toBe(201);
    const clips = (await channelsOf(owner, slug)).channels[1]!.room_id;
    expect(await added).toEqual({
      community: { slug, name: expect.any(String) },
      added: [{ room_id: clips, name: 'clips' }],
      removed_room_ids: [],
      joined: false,
    });
    const renamed = nextEvent(socket, 'chat_renamed');
    await owner.client.patch(`/api/communities/${slug}/channels/${clips}`, { name: 'highlights' });
    expect(await renamed).toEqual({ room_id: clips, new_name: 'highlights' });
    const removed = nextEvent(socket, 'channels_changed');
    await owner.client.delete(`/api/communities/${slug}/channels/${clips}`);
    expect(await removed).toEqual({ community: { slug, name: expect.any(String) }, added: [], removed_room_ids: [clips], joined: false });
  });
});

describe('moderating a channel', () => {
  it("reports on channel messages reach the community's moderators, who remove them (lower roles only), logged", async () => {
    const { owner, mod, ann, outsider, slug, room } = await crew('public');
    await joined(outsider, slug);
    const bad = await say(ann, room, 'spam spam spam');
    const modsOwn = await say(mod, room, 'a moderator speaks');
    const reported = await outsider.client.post('/api/reports', { target_type: 'message', target_id: bad.id, reason: 'spam' });
    expect(reported.status, reported.text).toBe(201);
    const told = (await notificationsOf(mod)).notifications.find((n) => n.type === 'community_report');
    expect(told?.data).toMatchObject({ community_slug: slug, message: expect.stringContaining('was reported: Spam or scam') });
    expect(JSON.stringify(told)).not.toContain(outsider.registration.username);
    expect(told?.data.media_id).toBeUndefined();
    const tab = await mod.client.get<CommunityReportsResponse>(`/api/communities/${slug}/reports`);
    expect(tab.body.reports).toEqual([
      expect.objectContaining({
        target_type: 'message',
        target_id: bad.id,
        post_id: null,
        channel: { room_id: room, name: 'general' },
        excerpt: 'spam spam spam',
      }),
    ]);

    // Only moderators, only above the sender, only this community's messages.
    expectError(await ann.client.delete(`/api/communities/${slug}/messages/${bad.id}`), 403, 'Only moderators can do that');
    expectError(await mod.client.delete(`/api/communities/${slug}/messages/${(await say(owner, room, 'the owner')).id}`), 403);
    const elsewhere = await newCommunity(ann);
    const theirs = await say(ann, (await channelsOf(ann, elsewhere)).channels[0]!.room_id, 'mine');
    expectError(await mod.client.delete(`/api/communities/${slug}/messages/${theirs.id}`), 404, 'Message not found');
    expectError(await mod.client.delete(`/api/communities/${slug}/messages/99999999999999`), 404, 'Message not found');
    expectError(await mod.client.delete(`/api/communities/${slug}/messages/abc`), 404);
    expect((await mod.client.delete(`/api/communities/${slug}/messages/${modsOwn.id}`, undefined, { csrf: false })).status).toBe(403);

    const socket = await connectAs(ann.client);
    const removedLive = nextEvent(socket, 'chat_message_removed');
    expect((await mod.client.delete(`/api/communities/${slug}/messages/${bad.id}`)).status).toBe(200);
    expect(await removedLive).toEqual({ room_id: room, message_id: bad.id });
    expect((await roomOf(owner, room)).messages.map((m) => m.id)).not.toContain(bad.id);
    expect((await mod.client.get<CommunityReportsResponse>(`/api/communities/${slug}/reports`)).body.reports).toEqual([]);
    expect((await mod.client.delete(`/api/communities/${slug}/messages/${modsOwn.id}`)).status).toBe(200);
    const log = (await owner.client.get<ModlogResponse>(`/api/communities/${slug}/modlog`)).body.entries;
    expect(log.slice(0, 2).map((e) => [e.action, e.target, e.detail])).toEqual([
      ['remove_message', mod.registration.username, 'general'],
      ['remove_message', ann.registration.username, 'general'],
    ]);
    expect((await roomOf(mod, room)).can_moderate).toBe(true);
    expect((await roomOf(ann, room)).can_moderate).toBe(false);
  });
});

describe('a socket that comes back', () => {
  it('does not hear a channel of a community its person was removed from while it was away, missed messages included', async () => {
    const { owner, ann, slug, room } = await crew();
    const socket = await connectAs(ann.client);
    const heard: string[] = [];
    socket.on('chat_message', (m) => heard.push(m.content));
    // Recovery needs a packet heard before the drop (its offset is where the replay starts).
    await say(owner, room, 'before the drop');
    await expect.poll(() => heard).toEqual(['before the drop']);
    const drop = async () => {
      const gone = new Promise<string>((resolve) => socket.once('disconnect', resolve));
      socket.io.engine.close();
      await gone;
    };
    const reconnect = () =>
      new Promise<void>((resolve, reject) => {
        socket.once('connect', resolve);
        socket.once('connect_error', reject);
        socket.connect();
      });

    // Still a member: the socket recovers and gets what it missed.
    await drop();
    await say(owner, room, 'while away, still in');
    await reconnect();
    expect(socket.recovered).toBe(true);
    await expect.poll(() => heard).toEqual(['before the drop', 'while away, still in']);

    // Kicked while away: no recovery (nothing missed is replayed), and nothing after either.
    await drop();
    expect((await owner.client.delete(`/api/communities/${slug}/members/${idOf(ann)}`)).status).toBe(200);
    await say(owner, room, 'while away, kicked');
    await reconnect();
    expect(socket.recovered).toBe(false);
    await say(owner, room, 'after the kick');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(heard).toEqual(['before the drop', 'while away, still in']);
  });
});

describe('files and deletion', () => {
  it('an image in a channel is for members only, and goes with the channel and with the community', async () => {
    const { owner, ann, outsider, slug, room } = await crew();
    const send = async (roomId: number) => {
      const res = await sendImage(ann, imageMessageForm(roomId, await fixture('avatar-400.png'), 'a.png', 'image/png'));
      expect(res.status, res.text).toBe(201);
      return res.body.message;
    };
    const image = await send(room);
    expect((await fetchPicture(owner.client, image.image_url!)).status).toBe(200);
    expectError(await fetchPicture(outsider.client, image.image_url!), 404);
    const keysOf = async (id: number) =>
      (
        await sql<{ image_key: string; thumb_key: string }>(app.database, 'select image_key, thumb_key from chat_messages where id = $1', [
          id,
        ])
      ).flatMap((r) => [r.image_key, r.thumb_key]);

    expect((await addChannel(owner, slug, 'screens')).status).toBe(201);
    const screens = (await channelsOf(owner, slug)).channels[1]!.room_id;
    const inScreens = await keysOf((await send(screens)).id);
    expect((await owner.client.delete(`/api/communities/${slug}/channels/${screens}`)).status).toBe(200);
    for (const key of inScreens) expect(await exists(key)).toBe(false);

    const inGeneral = await keysOf(image.id);
    expect((await owner.client.delete(`/api/communities/${slug}`, { password: owner.registration.password })).status).toBe(200);
    for (const key of inGeneral) expect(await exists(key)).toBe(false);
    expect(await sql(app.database, 'select 1 from chat_rooms where id = $1', [room])).toEqual([]);
    expect(await sql(app.database, 'select 1 from chat_messages where room_id = $1', [room])).toEqual([]);
  });

  it("a member's account deletion leaves the channel and its other messages in place", async () => {
    const { owner, ann, room } = await crew();
    await say(ann, room, 'mine');
    const kept = await say(owner, room, 'theirs');
    expect((await ann.client.delete('/api/account', { password: ann.registration.password })).status).toBe(200);
    expect((await roomOf(owner, room)).messages.map((m) => m.id)).toContain(kept.id);
  });
});
