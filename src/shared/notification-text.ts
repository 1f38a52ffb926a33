/**
 * NOTE: what a notification says, in the bell and in a push (services/push/push-payloads.ts): the title and body of
 * each notification type and where a click on it leads (its age in the bell is a <Time format="recency">; the badge's
 * text is in the bell's badge.ts, which the nav bar needs upfront). Pure functions, unit-tested.
 */
import type { NotificationItem } from './api-types.ts';
import { communityPath, lfgPath } from './paths.ts';

/** Every item has a bold title line (issue 21: one layout for all), then the spec's body text. */
export type NotificationText = { title: string; body: string };

const SOMEONE = 'Someone';
/** A looking-for-group post by its title, quoted (titles are free text). */
const group = (title: string | undefined) => (title ? `“${title}”` : 'a group');

export function notificationText(n: Pick<NotificationItem, 'type' | 'data'>): NotificationText {
  const d = n.data ?? {};
  const sender = d.sender_username ?? SOMEONE;
  switch (n.type) {
    case 'friend_request':
      return { title: 'Friend Request', body: `${sender} sent you a friend request` };
    case 'friend_request_accepted':
      // Spec §2: the accepter's own copy carries sender_id; the requester's copy names the receiver.
      return d.sender_id !== undefined && d.sender_id !== null
        ? { title: 'Accepted Friend Request', body: `You accepted ${sender} friend request` }
        : { title: 'Accepted Friend Request', body: `${d.receiver_username ?? SOMEONE} accepted your friend request` };
    case 'like':
      return { title: 'New Like', body: `${sender} liked your post` };
    case 'comment':
      return { title: 'New Comment', body: `${sender} commented on your post` };
    case 'report':
      return { title: d.title ?? 'New report', body: d.message ?? `${sender} reported something` };
    case 'community_request':
      return { title: 'Join Request', body: `${sender} asked to join ${d.community_name ?? 'your community'}` };
    case 'community_approved':
      return { title: 'Request Approved', body: `You are now a member of ${d.community_name ?? 'a community'}` };
    case 'community_role':
      return {
        title: 'Role Changed',
        body:
          d.role === 'moderator'
            ? `You are now a moderator of ${d.community_name ?? 'a community'}`
            : `You are no longer a moderator of ${d.community_name ?? 'a community'}`,
      };
    case 'community_report':
      return { title: d.title ?? 'Report', body: d.message ?? 'Something in your community was reported' };
    case 'community_invited':
      return { title: 'Invitation', body: `${sender} invited you to join ${d.community_name ?? 'a community'}` };
    case 'community_banned':
      return { title: 'Banned', body: `You were banned from ${d.community_name ?? 'a community'}` };
    case 'post_failed':
      return { title: 'Video not posted', body: d.message ?? 'Your video could not be processed' };
    case 'lfg_request':
      return { title: 'Wants to Play', body: `${sender} asked to join ${group(d.title)}` };
    case 'lfg_accepted':
      return { title: "You're In", body: `${sender} accepted you into ${group(d.title)}` };
    case 'lfg_declined':
      return { title: 'Request Declined', body: `${sender} declined your request to join ${group(d.title)}` };
    case 'lfg_reminder':
      return { title: 'Starting Soon', body: `${group(d.title)} starts soon` };
    case 'lfg_closed':
      return { title: 'Group Closed', body: `${sender} closed ${group(d.title)}` };
    default:
      return { title: d.title ?? 'Notification', body: d.message ?? '' };
  }
}

/** The moderation queue, where a 'report' notification (moderators and admins only) leads. */
export const MODERATION_PATH = '/moderation';

/** One's own post, opened on one's own profile (every liked or commented post of yours is there). */
export const POST_ON_PROFILE = '/profile?post=';

const profilePath = (username: string | undefined) => (username ? `/profile/${encodeURIComponent(username)}` : null);

/**
 * Where clicking the notification goes: a friend request opens the sender's profile (spec §2); an accepted
 * request opens the other person's profile too, so the new friend is one click away; a like or a comment opens
 * the post on one's own profile (`?post=`: the modal on desktop, the Posts view on phones); a report opens the
 * moderation queue; a community's join request opens its settings (where requests are answered), an invitation
 * its invite page, the other
 * community notifications the community; a looking-for-group notification opens the group's page.
 */
export function notificationHref(n: Pick<NotificationItem, 'type' | 'data'>): string | null {
  const d = n.data ?? {};
  if (n.type === 'friend_request') return profilePath(d.sender_username);
  if (n.type === 'report') return MODERATION_PATH;
  if (n.type === 'community_request' && d.community_slug) return `${communityPath(d.community_slug)}/settings#requests`;
  if (n.type === 'community_invited' && d.invite_code) return `/communities/invites/${encodeURIComponent(d.invite_code)}`;
  if (n.type === 'community_report' && d.community_slug)
    return d.media_id ? `${communityPath(d.community_slug)}?post=${d.media_id}` : `${communityPath(d.community_slug)}/settings#reports`;
  if (n.type.startsWith('community_') && d.community_slug) return communityPath(d.community_slug);
  if ((n.type === 'like' || n.type === 'comment') && d.media_id) return `${POST_ON_PROFILE}${d.media_id}`;
  if (n.type === 'post_failed') return '/profile';
  if (n.type.startsWith('lfg_') && d.lfg_id) return lfgPath(d.lfg_id);
  if (n.type === 'friend_request_accepted') return profilePath(d.sender_id != null ? d.sender_username : d.receiver_username);
  return null;
}
