/**
 * Text nobody types (NUL, other control characters, lone surrogates) is a 400 naming the field on every text
 * input, never a 500 from PostgreSQL and never stored; multipart text fields arrive whole up to their schema's
 * limit, multibyte included, and beyond it are refused rather than cut.
 */
import { describe, expect, it } from 'vitest';
import type { SendMessageResponse } from '../../src/shared/chat-types.ts';
import { CAPTION_MAX, CHAT_MESSAGE_MAX } from '../../src/shared/constants.ts';
import { buildRegistration } from '../../src/server/db/factories/users.ts';
import { signUp } from './support/accounts.ts';
import { befriend, createDirect, createGroup, imageMessageForm, sendImage, sendText } from './support/chat.ts';
import { expectError } from './support/expectations.ts';
import { fixture, mediaForm, post, uploadMedia } from './support/media.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const NOT_ALLOWED = /contains characters that are not allowed$/;
const HOSTILE = ['a\u0000b', 'a\ud800b', 'x\udfff', 'a\u0007b', 'a\u009bb'];

describe('NUL, control characters and lone surrogates', () => {
  it('refuses them in register and login fields with 400', async () => {
    for (const bad of HOSTILE) {
      const client = await app.visitor();
      for (const overrides of [{ username: `user${bad}` }, { email: `a${bad}@example.com` }, { password: `password${bad}1` }]) {
        const res = await client.post('/api/auth/register', buildRegistration(overrides));
        expect(res.status, `${JSON.stringify(overrides)} ${res.text}`).toBe(400);
      }
      expectError(await client.post('/api/auth/login', { email: 'nobody@example.com', password: `secret${bad}x` }), 400);
    }
  });

  it('refuses them in bio, handles, search, friend requests and usernames in paths with 400, and stores nothing', async () => {
    const ann = await signUp(app.origin);
    for (const bad of HOSTILE) {
      expectError(await ann.client.put('/api/profile/bio', { bio: `hello ${bad}` }), 400, 'Bio contains characters that are not allowed');
      expectError(await ann.client.put('/api/profile/consoles/steam', { steam_username: bad }), 400, NOT_ALLOWED);
      expectError(await ann.client.post('/api/friends/request', { username: bad }), 400, NOT_ALLOWED);
    }
    for (const query of ['a%00b', 'a%07b', 'a%C2%9Bb']) {
      expectError(await ann.client.get(`/api/profile/search?query=${query}`), 400, 'Search query contains characters that are not allowed');
    }
    // Percent-encoded UTF-8 cannot spell a lone surrogate: the bytes of one are not UTF-8 at all.
    expect((await ann.client.get('/api/profile/search?query=%ED%A0%80')).status).toBeLessThan(500);
    for (const path of ['/api/profile/@a%00b', '/api/profile/@a%00b/picture', '/api/media/user/@a%00b', '/api/profile/@%07x']) {
      expectError(await ann.client.get(path), 400, 'Username contains characters that are not allowed');
    }
    expectError(await ann.client.post('/api/profile/@a%00b/follow'), 400, 'Username contains characters that are not allowed');
    const own = await ann.client.get<{ bio: string | null }>('/api/profile/');
    expect(own.body.bio ?? '').toBe('');
  });

  it('refuses them in captions, comments, chat text and room names with 400, but keeps line breaks', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(ann, ben);
    const room = await createDirect(ann, ben);
    const item = await post(ann);
    for (const bad of HOSTILE) {
      // FormData sends text as UTF-8, where a lone surrogate becomes U+FFFD (a real character): JSON carries it as is.
      if (bad.isWellFormed()) {
        const upload = await uploadMedia(ann, mediaForm(await fixture('avatar-400.png'), 'a.png', bad));
        expectError(upload, 400, 'Caption contains characters that are not allowed');
      }
      expectError(await ann.client.post(`/api/media/${item.id}/comments`, { content: bad }), 400, NOT_ALLOWED);
      expectError(await sendText(ann, room, bad), 400, 'Message contains characters that are not allowed');
      const group = { name: `Squad ${bad}`, user_ids: [ben.auth.user.user_id], is_group: true };
      expectError(await ann.client.post('/api/chat/create-room', group), 400, 'Chat name contains characters that are not allowed');
      // Keys no schema reads may not smuggle NUL or a lone surrogate in either.
      const stray = { room_id: room, content: 'ok', extra: { [`k${bad}`]: [bad] } };
      if (bad.includes('\u0000') || !bad.isWellFormed())
        expectError(await ann.client.post('/api/chat/send-message', stray), 400, NOT_ALLOWED);
    }
    const fine = await sendText(ann, room, 'line one\nline two');
    expect(fine.status, fine.text).toBe(201);
    expect((await ann.client.post(`/api/media/${item.id}/comments`, { content: 'gg\nwp' })).status).toBe(201);
  });
});

describe('multipart text fields', () => {
  it('keeps a multibyte caption whole up to its limit and refuses one character more', async () => {
    const ann = await signUp(app.origin);
    const caption = '€'.repeat(CAPTION_MAX - 2) + '🎮'; // 6,600 bytes: past busboy's 4,096-byte default
    const res = await uploadMedia(ann, mediaForm(await fixture('avatar-400.png'), 'a.png', caption));
    expect(res.status, res.text).toBe(201);
    expect(res.body.media.caption).toBe(caption);
    const over = await uploadMedia(ann, mediaForm(await fixture('avatar-400.png'), 'a.png', '€'.repeat(CAPTION_MAX + 1)));
    expectError(over, 400, `Caption must be at most ${CAPTION_MAX} characters`);
    const huge = await uploadMedia(ann, mediaForm(await fixture('avatar-400.png'), 'a.png', '€'.repeat(20_000)));
    expectError(huge, 400);
  });

  it('keeps multibyte chat text sent with an image whole up to its limit and refuses longer', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(ann, ben);
    const room = await createGroup(ann, 'Crew', [ben]);
    const photo = await fixture('photo-1200x800.jpg');
    const text = '€'.repeat(CHAT_MESSAGE_MAX); // 6,000 bytes
    const res = await sendImage(ann, imageMessageForm(room, photo, 'p.jpg', 'image/jpeg', { content: text }));
    expect(res.status, res.text).toBe(201);
    expect((res.body as SendMessageResponse).message.content).toBe(text);
    const over = await sendImage(ann, imageMessageForm(room, photo, 'p.jpg', 'image/jpeg', { content: '€'.repeat(CHAT_MESSAGE_MAX + 1) }));
    expectError(over, 400, `Message must be at most ${CHAT_MESSAGE_MAX} characters`);
  });
});

describe('bodies nested beyond any of ours', () => {
  it('are refused with 400 on every JSON route, signed in or not, instead of exhausting the stack', async () => {
    const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);
    const visitor = await app.visitor();
    const json = { 'content-type': 'application/json' };
    const login = await visitor.post('/api/auth/login', undefined, {
      rawBody: `{"email":"a@b.co","password":"x","z":${deep(20_000)}}`,
      headers: json,
    });
    expectError(login, 400, 'Request body is nested too deeply');
    const ann = await signUp(app.origin);
    const nested = `{"bio":"hi","a":${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}}`;
    const bio = await ann.client.put('/api/profile/bio', undefined, { rawBody: nested, headers: json });
    expectError(bio, 400, 'Request body is nested too deeply');
    const own = await ann.client.get<{ bio: string | null }>('/api/profile/');
    expect(own.body.bio ?? '').toBe('');
  });
});

describe('direction controls (U+202A–U+202E, U+2066–U+2069)', () => {
  const DIRECTION = ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2068', '\u2069'];

  it('refuses them in names with 400: usernames at registration, group names on create and rename; nothing stored', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(ann, ben);
    const room = await createGroup(ann, 'Crew', [ben]);
    for (const mark of DIRECTION) {
      const group = { name: `Squad ${mark}dliug`, user_ids: [ben.auth.user.user_id], is_group: true };
      expectError(await ann.client.post('/api/chat/create-room', group), 400, 'Chat name contains characters that are not allowed');
      const rename = await ann.client.put(`/api/chat/rename-group/${room}`, { name: `Crew${mark}` });
      expectError(rename, 400, 'Chat name contains characters that are not allowed');
      // Gaming handles are names others read and copy: refused too, on every platform, as are invisible characters.
      for (const [platform, field] of [
        ['discord', 'discord_username'],
        ['consoles/steam', 'steam_username'],
        ['consoles/nintendo', 'friend_code'],
      ] as const) {
        expectError(await ann.client.put(`/api/profile/${platform}`, { [field]: `ab${mark}cd` }), 400, NOT_ALLOWED);
      }
      // Usernames were ASCII-only before; the shared name rule now answers for these with the same message.
      const client = await app.visitor();
      const register = await client.post('/api/auth/register', buildRegistration({ username: `ann${mark}gnp` }));
      expectError(register, 400, 'Username contains characters that are not allowed');
    }
    expectError(await ann.client.put('/api/profile/consoles/xbox', { xbox_gamertag: 'ab\u200bcd' }), 400, NOT_ALLOWED);
    const rooms = await ann.client.get<{ rooms: Array<{ name: string | null }> }>('/api/chat/my-rooms');
    expect(rooms.body.rooms.map((r) => r.name)).toEqual(['Crew']);
    const own = await ann.client.get<{ discord: string | null; consoles: Record<string, unknown> }>('/api/profile/');
    expect([own.body.discord, ...Object.values(own.body.consoles)]).toEqual([null, null, null, null, null]);
  });

  it('keeps them in free text: chat messages, comments and bios', async () => {
    const [ann, ben] = [await signUp(app.origin), await signUp(app.origin)];
    await befriend(ann, ben);
    const room = await createDirect(ann, ben);
    const item = await post(ann);
    const text = 'quote: \u2067שלום\u2069 and \u202eright to left\u202c';
    const sent = await sendText(ann, room, text);
    expect(sent.status, sent.text).toBe(201);
    expect((sent.body as SendMessageResponse).message.content).toBe(text);
    expect((await ann.client.post(`/api/media/${item.id}/comments`, { content: text })).status).toBe(201);
    expect((await ann.client.put('/api/profile/bio', { bio: text })).status).toBe(200);
  });
});
