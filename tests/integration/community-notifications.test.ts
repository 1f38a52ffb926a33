/**
 * What communities notify (ADR 049): a join request reaches the moderators, an approval, a role change and a ban
 * reach the person concerned; someone blocked either way with the actor gets nothing; joining a public community
 * notifies nobody.
 */
import { describe, expect, it } from 'vitest';
import type { NotificationsResponse } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { joined, newCommunity } from './support/communities.ts';
import { useTestServer } from './support/server.ts';
import { block, idOf, nameOf } from './support/social.ts';

const app = useTestServer();
const communityNotices = async (who: SignedUp) =>
  (await who.client.get<NotificationsResponse>('/api/notifications')).body.notifications
    .filter((n) => n.type.startsWith('community_'))
    .map((n) => `${n.type} ${n.data.sender_username} ${n.data.community_slug}${n.data.role ? ` ${n.data.role}` : ''}`);

describe('community notifications', () => {
  it('tell moderators of requests and people of approvals, roles and bans', async () => {
    const [owner, mod, ann, member] = await Promise.all([1, 2, 3, 4].map(() => signUp(app.origin)));
    const slug = await newCommunity(owner!, 'request');
    for (const who of [mod!, member!]) {
      await joined(who, slug);
      await owner!.client.post(`/api/communities/${slug}/requests/${idOf(who)}/approve`);
    }
    await owner!.client.put(`/api/communities/${slug}/members/${idOf(mod!)}/role`, { role: 'moderator' });
    await joined(ann!, slug);
    await joined(ann!, slug); // asking twice tells nobody twice
    expect((await communityNotices(mod!)).filter((n) => n.startsWith('community_request'))).toEqual([
      `community_request ${nameOf(ann!)} ${slug}`,
    ]);
    expect(await communityNotices(owner!)).toContain(`community_request ${nameOf(ann!)} ${slug}`);
    expect((await communityNotices(member!)).filter((n) => n.startsWith('community_request'))).toEqual([]);
    await mod!.client.post(`/api/communities/${slug}/requests/${idOf(ann!)}/approve`);
    await owner!.client.post(`/api/communities/${slug}/bans`, { user_id: idOf(member!) });
    expect(await communityNotices(ann!)).toEqual([`community_approved ${nameOf(mod!)} ${slug}`]);
    expect(await communityNotices(member!)).toEqual([
      `community_banned ${nameOf(owner!)} ${slug}`,
      `community_approved ${nameOf(owner!)} ${slug}`,
    ]);
    expect((await communityNotices(mod!)).filter((n) => n.startsWith('community_role'))).toEqual([
      `community_role ${nameOf(owner!)} ${slug} moderator`,
    ]);
  });

  it('sends nothing to someone blocked either way with the actor, and nothing for joining a public community', async () => {
    const [owner, ann, bob] = await Promise.all([1, 2, 3].map(() => signUp(app.origin)));
    const open = await newCommunity(owner!);
    await joined(bob!, open);
    const closed = await newCommunity(owner!, 'request');
    await block(owner!, ann!);
    await joined(ann!, closed);
    expect(await communityNotices(owner!)).toEqual([]);
  });
});
