import { describe, expect, it } from 'vitest';
import type { OwnProfileResponse } from '../../src/shared/api-types.ts';
import { PLATFORMS } from '../../src/shared/profile-values.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
const fieldName = (p: (typeof PLATFORMS)[number]) => `${p.label} ${p.id === 'nintendo' ? 'friend code' : 'username'}`;

describe('GET /api/profile/', () => {
  it('gives a new user an empty profile, consoles nested as the spec shows', async () => {
    const ann = await signUp(app.origin);
    const res = await ann.client.get<OwnProfileResponse>('/api/profile/');
    expect(res.status, res.text).toBe(200);
    expect(res.body).toEqual({
      user_id: ann.auth.user.user_id,
      username: ann.registration.username,
      bio: '',
      discord: null,
      links: {},
      games: {},
      consoles: { playstation: null, xbox: null, steam: null, nintendo: null },
      followers: [],
      following: [],
      followers_count: 0,
      following_count: 0,
      friends_count: 0,
      has_picture: false,
      handle_visibility: { discord: 'everyone', playstation: 'everyone', xbox: 'everyone', steam: 'everyone', nintendo: 'everyone' },
    });
    expect((await ann.client.get('/api/profile')).status).toBe(200);
  });

  it('is for signed-in people only', async () => {
    expectError(await app.client().get('/api/profile/'), 401, 'Not signed in');
  });
});

describe('PUT /api/profile/bio', () => {
  it('saves the trimmed bio, up to 500 characters, and an empty one clears it', async () => {
    const ben = await signUp(app.origin);
    expect((await ben.client.put('/api/profile/bio', { bio: '  Speedrunner  ' })).body).toEqual({
      message: 'Bio updated',
      bio: 'Speedrunner',
    });
    expect((await ben.client.get<OwnProfileResponse>('/api/profile/')).body.bio).toBe('Speedrunner');
    const longest = 'é'.repeat(500);
    expect((await ben.client.put('/api/profile/bio', { bio: longest })).status).toBe(200);
    expect((await ben.client.get<OwnProfileResponse>('/api/profile/')).body.bio).toBe(longest);
    await ben.client.put('/api/profile/bio', { bio: '' });
    expect((await ben.client.get<OwnProfileResponse>('/api/profile/')).body.bio).toBe('');
  });

  it('refuses an oversized or missing bio with 400 and keeps the old one', async () => {
    const cat = await signUp(app.origin);
    await cat.client.put('/api/profile/bio', { bio: 'Original' });
    expectError(await cat.client.put('/api/profile/bio', { bio: 'x'.repeat(501) }), 400, 'Bio must be at most 500 characters');
    expectError(await cat.client.put('/api/profile/bio', { bio: 42 }), 400, 'Bio must be text');
    expectError(await cat.client.put('/api/profile/bio', {}), 400, 'Bio must be text');
    expectError(await cat.client.put('/api/profile/bio', 'Original'), 400, 'Request body must be a JSON object');
    expect((await cat.client.get<OwnProfileResponse>('/api/profile/')).body.bio).toBe('Original');
  });
});

describe('PUT /api/profile/discord and /api/profile/consoles/{console}', () => {
  it('saves each handle where the spec puts it and answers with its label and key', async () => {
    const dan = await signUp(app.origin);
    for (const p of PLATFORMS) {
      const res = await dan.client.put(`/api${p.path}`, { [p.key]: `  ${p.id}_me  ` });
      expect(res.status, res.text).toBe(200);
      expect(res.body).toEqual({ message: `${p.label} updated`, [p.key]: `${p.id}_me` });
    }
    const profile = (await dan.client.get<OwnProfileResponse>('/api/profile/')).body;
    expect(profile.discord).toBe('discord_me');
    expect(profile.consoles).toEqual({
      playstation: { psn_username: 'playstation_me' },
      xbox: { xbox_gamertag: 'xbox_me' },
      steam: { steam_username: 'steam_me' },
      nintendo: { friend_code: 'nintendo_me' },
    });
  });

  it('clears a handle with null or an empty value', async () => {
    const eve = await signUp(app.origin);
    for (const cleared of [null, '', '   ']) {
      for (const p of PLATFORMS) await eve.client.put(`/api${p.path}`, { [p.key]: 'set' });
      for (const p of PLATFORMS)
        expect((await eve.client.put(`/api${p.path}`, { [p.key]: cleared })).body).toEqual({
          message: `${p.label} updated`,
          [p.key]: null,
        });
      const profile = (await eve.client.get<OwnProfileResponse>('/api/profile/')).body;
      expect({ discord: profile.discord, consoles: profile.consoles }, String(cleared)).toEqual({
        discord: null,
        consoles: { playstation: null, xbox: null, steam: null, nintendo: null },
      });
    }
  });

  it('refuses overlong handles, control characters and missing keys with 400, keeping the old value', async () => {
    const fay = await signUp(app.origin);
    for (const p of PLATFORMS) {
      expect((await fay.client.put(`/api${p.path}`, { [p.key]: 'k'.repeat(p.max) })).status, p.id).toBe(200);
      expectError(
        await fay.client.put(`/api${p.path}`, { [p.key]: 'k'.repeat(p.max + 1) }),
        400,
        `${fieldName(p)} must be at most ${p.max} characters`,
      );
      expectError(
        await fay.client.put(`/api${p.path}`, { [p.key]: 'a\u0000b' }),
        400,
        `${fieldName(p)} contains characters that are not allowed`,
      );
      expectError(await fay.client.put(`/api${p.path}`, {}), 400, `${fieldName(p)} is required`);
    }
    const profile = (await fay.client.get<OwnProfileResponse>('/api/profile/')).body;
    expect(profile.discord).toBe('k'.repeat(37));
    expect(profile.consoles.xbox).toEqual({ xbox_gamertag: 'k'.repeat(20) });
  });

  it('answers 404 for a console it does not know', async () => {
    const gus = await signUp(app.origin);
    expectError(await gus.client.put('/api/profile/consoles/sega', { sega_id: 'x' }), 404, 'Unknown console');
    expectError(await gus.client.put('/api/profile/consoles/discord', { discord_username: 'x' }), 404, 'Unknown console');
  });
});

describe('profile edits need a session and the CSRF token', () => {
  it('answers 401 signed out and 403 without the token, changing nothing', async () => {
    const hal = await signUp(app.origin);
    await hal.client.put('/api/profile/bio', { bio: 'Kept' });
    const visitor = await app.visitor();
    const calls: Array<[string, Record<string, string>]> = [
      ['/api/profile/bio', { bio: 'Changed' }],
      ...PLATFORMS.map((p): [string, Record<string, string>] => [`/api${p.path}`, { [p.key]: 'changed' }]),
    ];
    for (const [path, body] of calls) {
      expectError(await visitor.put(path, body), 401, 'Not signed in');
      expectError(await hal.client.put(path, body, { csrf: false }), 403);
      expectError(await hal.client.put(path, body, { csrf: 'forged-token' }), 403);
    }
    const profile = (await hal.client.get<OwnProfileResponse>('/api/profile/')).body;
    expect(profile).toMatchObject({ bio: 'Kept', discord: null, consoles: { playstation: null, xbox: null, steam: null, nintendo: null } });
  });
});
