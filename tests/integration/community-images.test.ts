/**
 * A community's icon and banner (ADR 049): set, replaced and removed by its moderators only, re-encoded to their
 * size as WebP without metadata, refused when not a picture, seen by whoever sees the about page, and never
 * leaving a file behind (replaced, removed, or the community deleted).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { CommunityResponse } from '../../src/shared/community-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { joined, newCommunity } from './support/communities.ts';
import { expectError } from './support/expectations.ts';
import { fixture, isStored } from './support/media.ts';
import { fetchPicture, imageForm } from './support/pictures.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';

const app = useTestServer();
const put = (who: SignedUp, url: string, form: FormData, csrf = true) => who.client.call('PUT', url, undefined, { rawBody: form, csrf });
const keysOf = async (slug: string) =>
  (
    await sql<{ icon_key: string | null; banner_key: string | null }>(
      app.database,
      'select icon_key, banner_key from communities where slug = $1',
      [slug],
    )
  )[0]!;
const exists = (key: string) => isStored(app.dataDir, key);

describe('community icon and banner', () => {
  it('lets moderators set them, re-encoded to size without metadata, shown to whoever sees the about page', async () => {
    const [owner, member, outsider] = await Promise.all([signUp(app.origin), signUp(app.origin), signUp(app.origin)]);
    const slug = await newCommunity(owner, 'request');
    await joined(member, slug);
    await owner.client.post(
      `/api/communities/${slug}/requests/${(await member.client.get<{ user_id: number }>('/api/auth/verify')).body.user_id}/approve`,
    );
    const photo = await fixture('photo-with-gps-exif.jpg');
    expectError(
      await put(member, `/api/communities/${slug}/icon`, imageForm(photo, 'p.jpg', 'image/jpeg')),
      403,
      'Only moderators can do that',
    );
    expect((await put(owner, `/api/communities/${slug}/icon`, imageForm(photo, 'p.jpg', 'image/jpeg'), false)).status).toBe(403);
    const set = await put(owner, `/api/communities/${slug}/icon`, imageForm(photo, 'p.jpg', 'image/jpeg'));
    expect(set.status, set.text).toBe(200);
    expect((await put(owner, `/api/communities/${slug}/banner`, imageForm(photo, 'p.jpg', 'image/jpeg'))).status).toBe(200);

    const about = await outsider.client.get<CommunityResponse>(`/api/communities/${slug}`);
    expect(about.body.community).toMatchObject({ has_icon: true, has_banner: true });
    for (const [kind, width, height] of [
      ['icon', 256, 256],
      ['banner', 1500, 500],
    ] as const) {
      const file = await fetchPicture(outsider.client, `/api/communities/${slug}/${kind}`);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(file.bytes).metadata();
      expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', width, height, undefined]);
    }
    // An invite-only community's pictures are as hidden as the community.
    const hidden = await newCommunity(owner, 'invite');
    expect((await put(owner, `/api/communities/${hidden}/icon`, imageForm(photo, 'p.jpg', 'image/jpeg'))).status).toBe(200);
    expectError(await outsider.client.get(`/api/communities/${hidden}/icon`), 404, 'Community not found');
    expectError(await outsider.client.get(`/api/communities/${slug}/icon/x`), 404);
  });

  it('refuses what is not a picture and keeps the old one; replacing or removing leaves no file behind', async () => {
    const owner = await signUp(app.origin);
    const slug = await newCommunity(owner);
    const png = await fixture('avatar-400.png');
    expect((await put(owner, `/api/communities/${slug}/icon`, imageForm(png, 'a.png', 'image/png'))).status).toBe(200);
    const first = (await keysOf(slug)).icon_key!;
    for (const name of ['polyglot-not-an-image.gif', 'script.svg', 'shell-script-named.png']) {
      const res = await put(owner, `/api/communities/${slug}/icon`, imageForm(await fixture(name), name, 'image/png'));
      expect(res.status, name).toBe(415);
      expect(res.body).toEqual({ error: expect.any(String) });
    }
    expectError(await put(owner, `/api/communities/${slug}/icon`, new FormData()), 400);
    expect((await keysOf(slug)).icon_key).toBe(first);
    expect(
      (await put(owner, `/api/communities/${slug}/icon`, imageForm(await fixture('photo-1200x800.jpg'), 'p.jpg', 'image/jpeg'))).status,
    ).toBe(200);
    const second = (await keysOf(slug)).icon_key!;
    expect([await exists(first), await exists(second)]).toEqual([false, true]);
    expect((await owner.client.delete(`/api/communities/${slug}/icon`)).status).toBe(200);
    expect(await exists(second)).toBe(false);
    expectError(await owner.client.get(`/api/communities/${slug}/icon`), 404, 'Icon not found');

    expect((await put(owner, `/api/communities/${slug}/banner`, imageForm(png, 'a.png', 'image/png'))).status).toBe(200);
    const banner = (await keysOf(slug)).banner_key!;
    expect((await owner.client.delete(`/api/communities/${slug}`, { password: owner.registration.password })).status).toBe(200);
    expect(await exists(banner)).toBe(false);
  });
});
