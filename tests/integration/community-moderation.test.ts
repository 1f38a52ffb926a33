/**
 * A community's own moderation (ADR 049): roles and handing over (the owner's), kicks and bans (moderators, only
 * on lower roles), the mod log, deleting a community, and what an owner's account deletion leaves behind.
 */
import { describe, expect, it } from 'vitest';
import type { CommunityBansResponse, CommunityResponse, ModlogResponse } from '../../src/shared/community-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { inviteCode, joined, newCommunity } from './support/communities.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf, sql } from './support/social.ts';

const app = useTestServer();
const about = async (who: SignedUp, slug: string) => (await who.client.get<CommunityResponse>(`/api/communities/${slug}`)).body.community;

async function crew() {
  const [owner, mod, ann, bob] = await Promise.all([1, 2, 3, 4].map(() => signUp(app.origin)));
  const slug = await newCommunity(owner!);
  for (const who of [mod!, ann!, bob!]) await joined(who, slug);
  expect((await owner!.client.put(`/api/communities/${slug}/members/${idOf(mod!)}/role`, { role: 'moderator' })).status).toBe(200);
  return { owner: owner!, mod: mod!, ann: ann!, bob: bob!, slug };
}

describe('roles and handing over', () => {
  it('lets only the owner change roles, never their own', async () => {
    const { owner, mod, ann, bob, slug } = await crew();
    expect((await about(mod, slug)).my_role).toBe('moderator');
    expectError(
      await mod.client.put(`/api/communities/${slug}/members/${idOf(ann)}/role`, { role: 'moderator' }),
      403,
      'Only the owner can do that',
    );
    expectError(await owner.client.put(`/api/communities/${slug}/members/${idOf(owner)}/role`, { role: 'member' }), 403);
    expectError(await owner.client.put(`/api/communities/${slug}/members/${idOf(ann)}/role`, { role: 'owner' }), 400);
    const stranger = await signUp(app.origin);
    expectError(
      await owner.client.put(`/api/communities/${slug}/members/${idOf(stranger)}/role`, { role: 'moderator' }),
      404,
      'Member not found',
    );
    expectError(await owner.client.put(`/api/communities/${slug}/members/abc/role`, { role: 'moderator' }), 404);
    expect((await owner.client.put(`/api/communities/${slug}/members/${idOf(bob)}/role`, { role: 'moderator' })).status).toBe(200);
    expect((await owner.client.put(`/api/communities/${slug}/members/${idOf(bob)}/role`, { role: 'member' })).status).toBe(200);
    const log = await owner.client.get<ModlogResponse>(`/api/communities/${slug}/modlog`);
    expect(log.body.entries.slice(0, 2).map((e) => `${e.action} ${e.target} ${e.detail}`)).toEqual([
      `role ${nameOf(bob)} moderator → member`,
      `role ${nameOf(bob)} member → moderator`,
    ]);
  });

  it('hands the community over: the old owner stays as a moderator and may then leave', async () => {
    const { owner, mod, ann, slug } = await crew();
    expectError(await mod.client.post(`/api/communities/${slug}/transfer`, { user_id: idOf(ann) }), 403);
    expect((await owner.client.post(`/api/communities/${slug}/transfer`, { user_id: idOf(ann) })).status).toBe(200);
    expect((await about(ann, slug)).my_role).toBe('owner');
    expect((await about(owner, slug)).my_role).toBe('moderator');
    expect((await owner.client.post(`/api/communities/${slug}/leave`)).status).toBe(200);
    const [row] = await sql<{ owner_id: number }>(app.database, 'select owner_id from communities where slug = $1', [slug]);
    expect(row!.owner_id).toBe(idOf(ann));
  });
});

describe('kicks and bans', () => {
  it('lets moderators act only on lower roles, never on themselves or the owner', async () => {
    const { owner, mod, ann, bob, slug } = await crew();
    expectError(await ann.client.delete(`/api/communities/${slug}/members/${idOf(bob)}`), 403, 'Only moderators can do that');
    expectError(await mod.client.delete(`/api/communities/${slug}/members/${idOf(owner)}`), 403, /lower role/);
    expectError(await mod.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(owner) }), 403, /lower role/);
    expectError(await mod.client.delete(`/api/communities/${slug}/members/${idOf(mod)}`), 403, /yourself/);
    expect((await mod.client.delete(`/api/communities/${slug}/members/${idOf(bob)}`)).status).toBe(200);
    expect((await about(bob, slug)).my_status).toBe('none');
    // A kicked member may come back.
    await joined(bob, slug);
    expect((await owner.client.delete(`/api/communities/${slug}/members/${idOf(mod)}`)).status).toBe(200);
    expectError(await owner.client.delete(`/api/communities/${slug}/members/${idOf(mod)}`), 404);
    expect((await about(ann, slug)).member_count).toBe(3);
  });

  it('keeps the banned out (join, invite, content) until the ban ends or is lifted', async () => {
    const { owner, mod, ann, slug } = await crew();
    const res = await mod.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(ann), reason: 'Spam\u202e', duration_hours: 2 });
    expect(res.status, res.text).toBe(200);
    expect(await about(ann, slug)).toMatchObject({ my_status: 'banned', my_role: null, can_see_content: false });
    expectError(await ann.client.get(`/api/communities/${slug}/members`), 404);
    expectError(await ann.client.post(`/api/communities/${slug}/join`), 403, 'You are banned from this community');
    const code = await inviteCode(owner, slug);
    expectError(await ann.client.post(`/api/communities/invites/${code}/accept`), 403);
    const bans = await mod.client.get<CommunityBansResponse>(`/api/communities/${slug}/bans`);
    expect(bans.body.bans).toMatchObject([{ username: nameOf(ann), reason: 'Spam\u202e' }]);
    expect(bans.body.bans[0]!.ends_at).not.toBeNull();
    // A ban that ended lets them back.
    await sql(app.database, "update community_bans set ends_at = now() - interval '1 second' where user_id = $1", [idOf(ann)]);
    expect((await ann.client.post(`/api/communities/${slug}/join`)).body).toEqual({ status: 'member' });
    // Banned until lifted, then lifted.
    expect((await owner.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(ann) })).status).toBe(200);
    expectError(await ann.client.post(`/api/communities/${slug}/join`), 403);
    expect((await mod.client.delete(`/api/communities/${slug}/bans/${idOf(ann)}`)).status).toBe(200);
    expectError(await mod.client.delete(`/api/communities/${slug}/bans/${idOf(ann)}`), 404, 'Ban not found');
    expect((await ann.client.post(`/api/communities/${slug}/join`)).body).toEqual({ status: 'member' });
    const log = await owner.client.get<ModlogResponse>(`/api/communities/${slug}/modlog`);
    expect(log.body.entries.slice(0, 3).map((e) => `${e.action} ${e.actor}`)).toEqual([
      `unban ${nameOf(mod)}`,
      `ban ${nameOf(owner)}`,
      `invite ${nameOf(owner)}`,
    ]);
    expectError(await ann.client.get(`/api/communities/${slug}/modlog`), 403);
    expectError(await owner.client.get(`/api/communities/${slug}/modlog?cursor=x`), 400);
  });

  it('refuses hostile ban bodies without storing anything', async () => {
    const { mod, ann, slug } = await crew();
    for (const body of [
      { user_id: 'ann' },
      { user_id: idOf(ann), duration_hours: 0 },
      { user_id: idOf(ann), duration_hours: 24 * 366 },
      { user_id: idOf(ann), reason: 'x'.repeat(501) },
      { user_id: idOf(ann), reason: 'nul\u0000' },
      { user_id: 2 ** 40 },
    ])
      expectError(await mod.client.post(`/api/communities/${slug}/bans`, body), 400);
    expectError(await mod.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(ann) }, { csrf: false }), 403);
    expect(await sql(app.database, 'select 1 from community_bans where user_id = $1', [idOf(ann)])).toEqual([]);
  });
});

describe('deleting', () => {
  it('deletes a community with everything in it: the owner, with their password', async () => {
    const { owner, mod, slug } = await crew();
    await inviteCode(owner, slug);
    expectError(await mod.client.delete(`/api/communities/${slug}`, { password: mod.registration.password }), 403);
    expectError(await owner.client.delete(`/api/communities/${slug}`, { password: 'wrong password' }), 403, 'Password is incorrect');
    expect((await owner.client.delete(`/api/communities/${slug}`, { password: owner.registration.password })).status).toBe(200);
    expectError(await owner.client.get(`/api/communities/${slug}`), 404);
    for (const table of [
      'community_members',
      'community_invites',
      'community_modlog',
      'community_games',
      'community_requests',
      'community_bans',
    ]) {
      const rows = await sql(
        app.database,
        `select 1 from ${table} t where not exists (select 1 from communities c where c.id = t.community_id)`,
      );
      expect(rows, table).toEqual([]);
    }
  });

  it("hands an owner's communities on when their account is deleted: moderator first, then the oldest member; else deletes", async () => {
    const { owner, mod, slug } = await crew();
    const alone = await newCommunity(owner);
    const withMembers = await newCommunity(owner);
    const [first, second] = await Promise.all([signUp(app.origin), signUp(app.origin)]);
    await joined(first, withMembers);
    await joined(second, withMembers);
    expect((await owner.client.delete('/api/account', { password: owner.registration.password })).status).toBe(200);
    expect((await about(mod, slug)).my_role).toBe('owner');
    expect((await about(first, withMembers)).my_role).toBe('owner');
    expect(await sql(app.database, 'select 1 from communities where slug = $1', [alone])).toEqual([]);
    const log = await mod.client.get<ModlogResponse>(`/api/communities/${slug}/modlog`);
    expect(log.body.entries[0]).toMatchObject({ action: 'transfer', actor: nameOf(owner), target: nameOf(mod) });
    expect(await sql(app.database, 'select 1 from communities where owner_id is null')).toEqual([]);
  });
});
