import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/shared/chat-types.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, imageMessageForm, roomOf, say, sendImage, sendText } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { fixture, storedFiles } from './support/media.ts';
import { fetchPicture } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf } from './support/social.ts';
import { closeAllSockets, connectAs, emitRaw, nextEvent } from './support/sockets.ts';

const app = useTestServer();
afterEach(closeAllSockets);

async function pair() {
  const [me, ann] = [await signUp(app.origin), await signUp(app.origin)];
  await befriend(me, ann);
  return { me, ann, room: await createDirect(me, ann) };
}

describe('POST /api/chat/send-message (JSON)', () => {
  it('answers the stored message and pushes chat_message to every participant’s sockets, the sender’s other tabs too, nobody else', async () => {
    const { me, ann, room } = await pair();
    const outsider = await signUp(app.origin);
    const [mine, hers, theirs] = [await connectAs(me.client), await connectAs(ann.client), await connectAs(outsider.client)];
    const heard = [nextEvent(mine, 'chat_message'), nextEvent(hers, 'chat_message')];
    const outsiderHears = nextEvent(theirs, 'chat_message', 300);
    const res = await sendText(me, room, '  gg wp  ', 'client-0001');
    expect(res.status, res.text).toBe(201);
    const message = res.body.message;
    expect(message).toEqual({
      id: expect.any(Number),
      room_id: room,
      sender_id: idOf(me),
      sender_name: nameOf(me),
      message_type: 'text',
      content: 'gg wp',
      image_url: null,
      thumbnail_url: null,
      timestamp: expect.any(String),
      client_id: 'client-0001',
    });
    for (const event of await Promise.all(heard)) expect(event).toEqual(message);
    expect(await outsiderHears).toBe('timeout');
    expect((await roomOf(ann, room)).messages).toEqual([message]);
  });

  it('refuses empty, too long, control characters, bad client ids, unknown rooms and bodies that are not JSON', async () => {
    const { me, room } = await pair();
    expectError(await sendText(me, room, '   '), 400, 'Message cannot be empty');
    expectError(await me.client.post('/api/chat/send-message', { room_id: room }), 400, 'Message cannot be empty');
    expectError(await sendText(me, room, 'x'.repeat(2001)), 400, /at most 2000/);
    expectError(await sendText(me, room, 'bell\u0007'), 400, /not allowed/);
    expectError(await sendText(me, room, 'hi', 'bad id!'), 400, /client_id/);
    expectError(await me.client.post('/api/chat/send-message', { content: 'hi' }), 400, /room_id/);
    expectError(await sendText(me, 987654, 'hi'), 404, 'Chat not found');
    expectError(
      await me.client.post('/api/chat/send-message', undefined, { rawBody: 'room_id=1', headers: { 'content-type': 'text/plain' } }),
      415,
    );
    expectError(
      await me.client.post('/api/chat/send-message', undefined, {
        rawBody: JSON.stringify({ room_id: room, content: 'x'.repeat(100_000) }),
        headers: { 'content-type': 'application/json' },
      }),
      413,
    );
    expect((await roomOf(me, room)).messages).toEqual([]);
  });

  it('a retried client_id answers the first message (200) and stores nothing more, also when retries race each other', async () => {
    const { me, ann, room } = await pair();
    const first = await sendText(me, room, 'once', 'retry-key-1');
    const again = await sendText(me, room, 'once', 'retry-key-1');
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    const racing = await Promise.all(Array.from({ length: 6 }, () => sendText(me, room, 'raced', 'retry-key-2')));
    expect(racing.map((r) => r.status).sort()).toEqual([200, 200, 200, 200, 200, 201]);
    expect(new Set(racing.map((r) => r.body.message.id)).size).toBe(1);
    expect((await roomOf(ann, room)).messages.map((m) => m.content)).toEqual(['once', 'raced']);
    // The same key from someone else is their own key; in another room it is a conflict.
    expect((await sendText(ann, room, 'mine', 'retry-key-1')).status).toBe(201);
    const cat = await signUp(app.origin);
    await befriend(me, cat);
    expectError(await sendText(me, await createDirect(me, cat), 'elsewhere', 'retry-key-1'), 409, /client_id/);
  });
});

describe('image messages', () => {
  it('re-encodes the photo (GPS gone), keeps the caption text, and serves both sizes to participants only', async () => {
    const { me, ann, room } = await pair();
    const outsider = await signUp(app.origin);
    const hers = await connectAs(ann.client);
    // Re-encoding the photo takes a while on a loaded machine: the event follows it, whenever that is.
    const heard = nextEvent(hers, 'chat_message', 10_000);
    const res = await sendImage(
      me,
      imageMessageForm(room, await fixture('photo-with-gps-exif.jpg'), 'trip.jpg', 'image/jpeg', {
        content: 'look',
        client_id: 'img-key-01',
      }),
    );
    expect(res.status, res.text).toBe(201);
    const message = res.body.message;
    expect(message).toMatchObject({ message_type: 'image', content: 'look', client_id: 'img-key-01' });
    expect(message.image_url).toBe(`/api/chat/image/${message.id}/original`);
    expect(message.thumbnail_url).toBe(`/api/chat/image/${message.id}/thumb`);
    expect(await heard).toEqual(message);

    const original = await fetchPicture(ann.client, message.image_url!);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/webp');
    expect(original.headers.get('x-content-type-options')).toBe('nosniff');
    const meta = await sharp(original.bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    const thumb = await sharp((await fetchPicture(me.client, message.thumbnail_url!)).bytes).metadata();
    expect(Math.max(thumb.width!, thumb.height!)).toBeLessThanOrEqual(480);
    expect(thumb.width! / thumb.height!).toBeCloseTo(meta.width! / meta.height!, 1);

    expectError(await fetchPicture(outsider.client, message.image_url!), 404, 'Image not found');
    expectError(await fetchPicture({ ...ann.client, cookieHeader: () => '' } as typeof ann.client, message.image_url!), 401);
    expectError(await fetchPicture(ann.client, `/api/chat/image/${message.id}/other`), 404);
    const textOnly = await say(me, room, 'plain');
    expectError(await fetchPicture(me.client, `/api/chat/image/${textOnly.id}/original`), 404, 'Image not found');
  });

  it('an image alone is enough; non-images, spoofed names, SVG and oversize files are refused and nothing is kept', async () => {
    const { me, room } = await pair();
    const before = await storedFiles(app.dataDir);
    expect((await sendImage(me, imageMessageForm(room, await fixture('animated-320x240.gif'), 'a.gif', 'image/gif'))).status).toBe(201);
    const kept = await storedFiles(app.dataDir);
    expect(kept.length).toBe(before.length + 2);
    const refuse = async (bytes: Buffer | string, name: string, type: string, status: number, message?: string | RegExp) =>
      expectError(await sendImage(me, imageMessageForm(room, bytes, name, type)), status, message);
    await refuse(await fixture('script.svg'), 'x.svg', 'image/svg+xml', 415, 'Only images can be sent (JPEG, PNG, GIF or WebP)');
    await refuse(await fixture('shell-script-named.png'), 'x.png', 'image/png', 415, 'Only images can be sent (JPEG, PNG, GIF or WebP)');
    await refuse(await fixture('polyglot-not-an-image.gif'), 'x.gif', 'image/gif', 415);
    await refuse(await fixture('clip-6s-480x270.mp4'), 'x.mp4', 'video/mp4', 415);
    await refuse(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(11 * 2 ** 20)]),
      'big.jpg',
      'image/jpeg',
      413,
      'Images must be at most 10 MB',
    );
    const strangerRoom = imageMessageForm(999999, await fixture('avatar-400.png'), 'a.png', 'image/png');
    expectError(await sendImage(me, strangerRoom), 404, 'Chat not found');
    expect(await storedFiles(app.dataDir)).toEqual(kept);
    expect((await roomOf(me, room)).messages.map((m: ChatMessage) => m.message_type)).toEqual(['image']);
  });
});

describe('typing', () => {
  it('is relayed to the room’s other participants only, named from the account, whatever participants the client lists', async () => {
    const [me, ann, bob, outsider] = [
      await signUp(app.origin),
      await signUp(app.origin),
      await signUp(app.origin),
      await signUp(app.origin),
    ];
    await befriend(me, ann, bob);
    const room = await createGroup(me, 'Typists', [ann]);
    const [mine, hers, bobs, theirs] = [
      await connectAs(me.client),
      await connectAs(ann.client),
      await connectAs(bob.client),
      await connectAs(outsider.client),
    ];
    const annHears = nextEvent(hers, 'typing');
    const echo = nextEvent(mine, 'typing', 300);
    const forged = [nextEvent(bobs, 'typing', 300), nextEvent(theirs, 'typing', 300)];
    emitRaw(mine, 'typing', { room_id: room, username: 'admin', participants: [idOf(bob), idOf(outsider)], isTyping: true });
    expect(await annHears).toEqual({ room_id: room, user_id: idOf(me), username: nameOf(me), isTyping: true });
    expect(await echo).toBe('timeout');
    expect(await Promise.all(forged)).toEqual(['timeout', 'timeout']);

    // Someone outside the room cannot type into it; garbage is ignored without dropping the socket.
    const annHearsNothing = nextEvent(hers, 'typing', 300);
    emitRaw(theirs, 'typing', { room_id: room, username: nameOf(outsider), participants: [idOf(ann)], isTyping: true });
    emitRaw(theirs, 'typing', 'garbage');
    expect(await annHearsNothing).toBe('timeout');
    expect(theirs.connected).toBe(true);
  });
});
