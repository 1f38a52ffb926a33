/** NOTE: helpers for the community tests: create through the API, join, and read standing. */
import { expect } from 'vitest';
import type { CommunityResponse, InviteResponse } from '../../../src/shared/community-types.ts';
import type { CommunityVisibility } from '../../../src/shared/community-values.ts';
import type { SignedUp } from './accounts.ts';

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
