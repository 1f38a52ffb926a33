/** What the bell shows (spec §2 "Notification bell", §9): badge, texts by type, where a click goes (ages: times.test.ts). */
import { describe, expect, it } from 'vitest';
import { badgeText } from '../../../src/islands/notification-bell/badge.ts';
import { notificationHref, notificationText } from '../../../src/shared/notification-text.ts';

describe('badgeText', () => {
  it('is hidden at zero (and for nonsense counts)', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-3)).toBeNull();
    expect(badgeText(Number.NaN)).toBeNull();
  });

  it('shows the count up to 99, then 99+', () => {
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12_345)).toBe('99+');
  });
});

describe('notificationText', () => {
  it('looking for group: the request, the answers, the reminder and the close name the group by its title', () => {
    const data = { sender_id: 7, sender_username: 'zelda', lfg_id: 3, title: 'Raid night' };
    expect(notificationText({ type: 'lfg_request', data })).toEqual({ title: 'Wants to Play', body: 'zelda asked to join “Raid night”' });
    expect(notificationText({ type: 'lfg_accepted', data })).toEqual({ title: "You're In", body: 'zelda accepted you into “Raid night”' });
    expect(notificationText({ type: 'lfg_declined', data }).body).toBe('zelda declined your request to join “Raid night”');
    expect(notificationText({ type: 'lfg_reminder', data: { lfg_id: 3, title: 'Raid night' } })).toEqual({
      title: 'Starting Soon',
      body: '“Raid night” starts soon',
    });
    expect(notificationText({ type: 'lfg_closed', data: { sender_username: 'zelda' } }).body).toBe('zelda closed a group');
    expect(notificationHref({ type: 'lfg_accepted', data })).toBe('/lfg/3');
  });

  it('friend_request: Friend Request / {sender} sent you a friend request', () => {
    expect(notificationText({ type: 'friend_request', data: { sender_id: 7, sender_username: 'zelda' } })).toEqual({
      title: 'Friend Request',
      body: 'zelda sent you a friend request',
    });
  });

  it("friend_request_accepted: the accepter's copy (sender_id present) and the requester's copy", () => {
    expect(notificationText({ type: 'friend_request_accepted', data: { sender_id: 7, sender_username: 'zelda' } })).toEqual({
      title: 'Accepted Friend Request',
      body: 'You accepted zelda friend request',
    });
    expect(notificationText({ type: 'friend_request_accepted', data: { receiver_id: 9, receiver_username: 'link' } })).toEqual({
      title: 'Accepted Friend Request',
      body: 'link accepted your friend request',
    });
  });

  it('like and comment name the sender, under a title line like every other item', () => {
    expect(notificationText({ type: 'like', data: { sender_username: 'midna' } })).toEqual({
      title: 'New Like',
      body: 'midna liked your post',
    });
    expect(notificationText({ type: 'comment', data: { sender_username: 'midna' } })).toEqual({
      title: 'New Comment',
      body: 'midna commented on your post',
    });
    expect(notificationText({ type: 'system', data: { message: 'Back at 6' } }).title).toBe('Notification');
  });

  it('report: New report / who reported what, as the server wrote it', () => {
    const data = { report_id: 4, title: 'New report', message: 'zelda reported a post by ganon: Spam or scam' };
    expect(notificationText({ type: 'report', data })).toEqual({
      title: 'New report',
      body: 'zelda reported a post by ganon: Spam or scam',
    });
    expect(notificationText({ type: 'report', data: { report_id: 4 } })).toEqual({
      title: 'New report',
      body: 'Someone reported something',
    });
  });

  it("any other type shows the data's title and message", () => {
    expect(notificationText({ type: 'system', data: { title: 'Maintenance', message: 'Back at 6' } })).toEqual({
      title: 'Maintenance',
      body: 'Back at 6',
    });
  });
});

describe('notificationHref', () => {
  it("a friend request opens the sender's profile (URL-encoded)", () => {
    expect(notificationHref({ type: 'friend_request', data: { sender_username: 'zel da' } })).toBe('/profile/zel%20da');
  });

  it("an accepted request opens the other person's profile; a like or comment opens the post on one's own profile", () => {
    expect(notificationHref({ type: 'friend_request_accepted', data: { sender_id: 7, sender_username: 'zelda' } })).toBe('/profile/zelda');
    expect(notificationHref({ type: 'friend_request_accepted', data: { receiver_username: 'link' } })).toBe('/profile/link');
    expect(notificationHref({ type: 'like', data: { sender_username: 'midna' } })).toBeNull(); // no post named
    expect(notificationHref({ type: 'like', data: { sender_username: 'midna', media_id: 42 } })).toBe('/profile?post=42');
    expect(notificationHref({ type: 'comment', data: { sender_username: 'midna', media_id: 7 } })).toBe('/profile?post=7');
    expect(notificationHref({ type: 'system', data: {} })).toBeNull();
  });

  it('a report opens the moderation queue', () => {
    expect(notificationHref({ type: 'report', data: { report_id: 4 } })).toBe('/moderation');
  });
});

describe('community notifications', () => {
  const data = { sender_username: 'zelda', community_slug: 'night-raiders', community_name: 'Night Raiders' };

  it('say what happened in which community', () => {
    expect(notificationText({ type: 'community_request', data })).toEqual({
      title: 'Join Request',
      body: 'zelda asked to join Night Raiders',
    });
    expect(notificationText({ type: 'community_approved', data })).toEqual({
      title: 'Request Approved',
      body: 'You are now a member of Night Raiders',
    });
    expect(notificationText({ type: 'community_role', data: { ...data, role: 'moderator' } }).body).toBe(
      'You are now a moderator of Night Raiders',
    );
    expect(notificationText({ type: 'community_role', data: { ...data, role: 'member' } }).body).toBe(
      'You are no longer a moderator of Night Raiders',
    );
    expect(notificationText({ type: 'community_banned', data })).toEqual({ title: 'Banned', body: 'You were banned from Night Raiders' });
    const report = { ...data, title: 'Report in Night Raiders', message: 'A post by bo was reported: Spam or scam', media_id: 9 };
    expect(notificationText({ type: 'community_report', data: report })).toEqual({
      title: 'Report in Night Raiders',
      body: 'A post by bo was reported: Spam or scam',
    });
    expect(notificationHref({ type: 'community_report', data: report })).toBe('/communities/night-raiders?post=9');
  });

  it('lead to the community, a join request to its settings where requests are answered, a report to the post', () => {
    expect(notificationHref({ type: 'community_request', data })).toBe('/communities/night-raiders/settings#requests');
    expect(notificationHref({ type: 'community_approved', data })).toBe('/communities/night-raiders');
    expect(notificationHref({ type: 'community_banned', data })).toBe('/communities/night-raiders');
    const invited = { ...data, sender_username: 'ana', invite_code: 'AbCdEf123456' };
    expect(notificationText({ type: 'community_invited', data: invited })).toEqual({
      title: 'Invitation',
      body: 'ana invited you to join Night Raiders',
    });
    expect(notificationHref({ type: 'community_invited', data: invited })).toBe('/communities/invites/AbCdEf123456');
    expect(notificationHref({ type: 'community_role', data: {} })).toBeNull();
  });

  it('tell an author why their video was not posted, and lead to their profile (ADR 051)', () => {
    const message = 'Videos may be at most 10:00 long; this one is 12:34. Trim it before posting.';
    expect(notificationText({ type: 'post_failed', data: { message } })).toEqual({ title: 'Video not posted', body: message });
    expect(notificationHref({ type: 'post_failed', data: { message } })).toBe('/profile');
  });
});
