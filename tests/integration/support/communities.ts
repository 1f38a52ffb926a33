/** NOTE: helpers for the community tests: create through the API, join, and read standing. */
import { expect } from 'vitest';
import type { CommunityResponse, InviteResponse } from '../../../src/shared/community-types.ts';
import type { CommunityVisibility } from '../../../src/shared/community-values.ts';
import { signUp, type SignedUp } from './accounts.ts';
import { idOf } from './social.ts';

export const uniqueName = (label = 'Raiders') => `${label} ${Math.random().toString(36).slice(2, 8)}`;

/** Creates a community owned by `owner`; answers its slug. */
export async function newCommunity(
  owner: SignedUp,
  visibility: CommunityVisibility = 'public',
  extra: Record<string, unknown> = {},
): Promise<string> {
  const res = await owner.client.post<CommunityResponse>('/api/communities', { name: uniqueName(), visibility, ...extra });
  expect(res.status, res.text).toBe(201);
  return res.body.community.slug;
}

export async function joined(who: SignedUp, slug: string): Promise<void> {
  const res = await who.client.post<{ status: string }>(`/api/communities/${slug}/join`);
  expect(res.status, res.text).toBe(200);
}

export async function inviteCode(moderator: SignedUp, slug: string, maxUses = 5, hours = 24): Promise<string> {
  const res = await moderator.client.post<InviteResponse>(`/api/communities/${slug}/invites`, {
    max_uses: maxUses,
    expires_in_hours: hours,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.invite.code;
}

/**
 * An owner, a moderator and a member (both let in by invite) of a new community of `visibility`, and an outsider:
 * the cast of most community tests.
 */
export async function communityCrew(origin: string, visibility: CommunityVisibility = 'public') {
  const [owner, mod, ann, outsider] = await Promise.all([1, 2, 3, 4].map(() => signUp(origin)));
  const slug = await newCommunity(owner!, visibility);
  const code = await inviteCode(owner!, slug);
  for (const who of [mod!, ann!]) expect((await who.client.post(`/api/communities/invites/${code}/accept`)).status).toBe(200);
  expect((await owner!.client.put(`/api/communities/${slug}/members/${idOf(mod!)}/role`, { role: 'moderator' })).status).toBe(200);
  return { owner: owner!, mod: mod!, ann: ann!, outsider: outsider!, slug };
}
