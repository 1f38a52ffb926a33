/**
 * NOTE: the community calls as /api/openapi.json lists them (ADR 049); handlers are in communities.routes.ts.
 */
import {
  banSchema,
  channelSchema,
  communityPageSchema,
  communitySearchSchema,
  deleteCommunitySchema,
  editCommunitySchema,
  inviteSchema,
  newCommunitySchema,
  roleSchema,
  transferSchema,
} from '../../../shared/schemas/communities.ts';
import {
  COMMUNITY_CHANNELS_MAX,
  COMMUNITY_IMAGE_MAX_BYTES,
  COMMUNITY_IMAGES,
  COMMUNITY_PINS_MAX,
} from '../../../shared/community-values.ts';
import { mediaPageSchema } from '../../../shared/schemas/media.ts';
import type { Operation } from '../openapi.ts';

const seen = { 401: 'signed out', 404: 'unknown, or hidden from you' };
const change = { ...seen, 403: 'bad CSRF token, or not allowed' };
/** What the icon and banner uploads answer. */
const pictureUpload = {
  200: 'ok',
  400: 'no file',
  ...change,
  403: 'bad CSRF token, or not a moderator',
  413: 'too large',
  415: 'not an image',
};
const op = (method: Operation['method'], path: string, summary: string, rest: Partial<Operation> = {}): Operation => ({
  method,
  path: `/communities${path}`,
  tag: 'communities',
  summary,
  signedIn: true,
  responses: method === 'get' ? { 200: 'ok', ...seen } : { 200: 'ok', ...change },
  ...rest,
});

export const communityOperations: Operation[] = [
  op('get', '', 'Find communities: public and request ones, most members first; ?query= by name, ?game= by game slug', {
    query: communitySearchSchema,
    responses: { 200: 'CommunitiesResponse', 400: 'bad query or cursor', 401: 'signed out', 404: 'unknown game' },
  }),
  op('get', '/mine', 'Your communities by name (invite-only ones included)', { query: communityPageSchema }),
  op('post', '', 'Create a community (you are its owner); the slug comes from the name', {
    body: newCommunitySchema,
    responses: { 201: 'CommunityResponse', 400: 'invalid field', 401: 'signed out', 403: 'bad CSRF token', 429: 'too many' },
  }),
  op('get', '/:slug', 'Its about page with your standing (my_status, my_role, can_see_content)'),
  op('patch', '/:slug', 'Change its details (moderators)', { body: editCommunitySchema }),
  op('delete', '/:slug', 'Delete it with everything in it (the owner, with their password)', { body: deleteCommunitySchema }),
  op('post', '/:slug/join', "Join: {status: 'member'} for a public community, 'pending' for a request community"),
  op('post', '/:slug/leave', 'Leave, or withdraw your request (the owner must hand it over first: 409)'),
  op('get', '/:slug/members', 'Members by role, then who joined first (paged by ?cursor=)', { query: communityPageSchema }),
  op('get', '/:slug/requests', 'Waiting join requests, oldest first (moderators)', { query: communityPageSchema }),
  op('post', '/:slug/requests/:userId/approve', 'Approve a join request (moderators)'),
  op('post', '/:slug/requests/:userId/reject', 'Reject a join request (moderators)'),
  op('post', '/:slug/invites', 'Make an invite link (moderators): {invite: {code, …}}', { body: inviteSchema }),
  op('get', '/invites/:code', 'What an invite leads to: the community and when the invite expires (nothing is used)'),
  op('post', '/invites/:code/accept', 'Join through an invite: {status, community: {slug}}'),
  op('put', '/:slug/members/:userId/role', 'Make a member a moderator or a member again (the owner)', { body: roleSchema }),
  op('post', '/:slug/transfer', 'Hand the community to a member (the owner, who stays as a moderator)', { body: transferSchema }),
  op('delete', '/:slug/members/:userId', 'Remove a member of a lower role (moderators)'),
  op('get', '/:slug/bans', 'Bans still running (moderators)'),
  op('post', '/:slug/bans', 'Ban someone of a lower role, for duration_hours or until lifted (moderators)', { body: banSchema }),
  op('delete', '/:slug/bans/:userId', 'Lift a ban (moderators)'),
  op('get', '/:slug/media', 'Its posts newest first, its pins ahead of them on the first page (same items and paging as the feed)', {
    query: mediaPageSchema,
    responses: { 200: 'MediaListResponse', 400: 'bad paging value', ...seen },
  }),
  op('put', '/:slug/pins/:mediaId', `Pin a post of the community, at most ${COMMUNITY_PINS_MAX} (moderators; 409 when full)`),
  op('delete', '/:slug/pins/:mediaId', 'Unpin a post (moderators)'),
  op('get', '/:slug/channels', "Its channels ({room_id, name}, 'general' first); read and write one with the chat calls (members)"),
  op('post', '/:slug/channels', `Add a channel (moderators; at most ${COMMUNITY_CHANNELS_MAX}, names unique in the community)`, {
    body: channelSchema,
    responses: { 201: '{channel}', 400: 'bad name', 409: 'name taken, or the limit reached', ...change },
  }),
  op('patch', '/:slug/channels/:roomId', 'Rename a channel (moderators)', {
    body: channelSchema,
    responses: { 200: '{channel}', 400: 'bad name', 409: 'name taken', ...change },
  }),
  op('delete', '/:slug/channels/:roomId', 'Remove a channel with its messages (moderators; a community keeps at least one)', {
    responses: { 200: 'ok', 409: 'its last channel', ...change },
  }),
  op(
    'put',
    '/:slug/icon',
    `Replace its icon (moderators): multipart field "file" (JPEG, PNG, GIF or WebP, at most ${COMMUNITY_IMAGE_MAX_BYTES / 2 ** 20} MB); re-encoded to a ${COMMUNITY_IMAGES.icon.width} px WebP square`,
    { responses: pictureUpload },
  ),
  op(
    'put',
    '/:slug/banner',
    `Replace its banner (moderators): as the icon, re-encoded to ${COMMUNITY_IMAGES.banner.width}×${COMMUNITY_IMAGES.banner.height} px`,
    { responses: pictureUpload },
  ),
  op('delete', '/:slug/icon', 'Remove its icon (moderators)'),
  op('delete', '/:slug/banner', 'Remove its banner (moderators)'),
  op('get', '/:slug/icon', 'Its icon (image/webp; ETag), for whoever sees its about page; 404 when it has none'),
  op('get', '/:slug/banner', 'Its banner (image/webp; ETag), for whoever sees its about page; 404 when it has none'),
  op('delete', '/:slug/messages/:messageId', "Remove a message in one of its channels (moderators; their own or a lower role's)"),
  op(
    'get',
    '/:slug/reports',
    'Open reports on its posts, comments and channel messages, newest first (moderators; reporters are not named)',
    {
      query: communityPageSchema,
    },
  ),
  op('get', '/:slug/modlog', 'What moderators did, newest first (moderators; paged by ?cursor=)', { query: communityPageSchema }),
];
