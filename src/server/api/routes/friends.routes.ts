import { Hono } from 'hono';
import type { FriendAcceptResponse, FriendRequestResponse, FriendsResponse, MessageResponse } from '../../../shared/api-types.ts';
import { friendRequestSchema, friendResponseSchema, friendsPageSchema } from '../../../shared/schemas/friends.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import { ServiceError } from '../../errors.ts';
import { FRIEND_NOT_FOUND, type FriendsService } from '../../services/social/friends.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInPerson, signedInSession } from '../session.ts';
import { pathId, readJson, readQuery } from '../validate.ts';

const common = { 400: 'invalid field', 401: 'signed out', 403: 'bad CSRF token' };
export const friendOperations: Operation[] = [
  {
    method: 'post',
    path: '/friends/request',
    tag: 'friends',
    summary: 'Ask someone to be friends (also follows them); accepts their request if they already asked you',
    body: friendRequestSchema,
    signedIn: true,
    responses: {
      201: 'pending request',
      200: 'their request accepted',
      ...common,
      403: 'bad CSRF token, or blocked either way',
      404: 'unknown user',
      409: 'already sent or already friends',
    },
  },
  {
    method: 'post',
    path: '/friends/accept',
    tag: 'friends',
    summary: 'Accept a request addressed to you; both now follow each other',
    body: friendResponseSchema,
    signedIn: true,
    responses: {
      200: 'accepted',
      ...common,
      403: 'bad CSRF token, or blocked either way',
      404: 'no such pending request addressed to you',
    },
  },
  {
    method: 'delete',
    path: '/friends/reject',
    tag: 'friends',
    summary: 'Reject a request addressed to you (JSON body)',
    body: friendResponseSchema,
    signedIn: true,
    responses: { 200: 'rejected', ...common, 404: 'no such pending request addressed to you' },
  },
  {
    method: 'delete',
    path: '/friends/:friend_id',
    tag: 'friends',
    summary: 'Unfriend: ends the friendship and the follows both ways that came with it',
    signedIn: true,
    responses: { 200: 'removed', 401: 'signed out', 403: 'bad CSRF token', 404: 'not your friend' },
  },
  {
    method: 'delete',
    path: '/friends/request/:request_id',
    tag: 'friends',
    summary: "Cancel a pending request you sent; its notification leaves the addressee's bell (your follow stays)",
    signedIn: true,
    responses: { 200: 'cancelled', 401: 'signed out', 403: 'bad CSRF token', 404: 'no such pending request sent by you' },
  },
  {
    method: 'get',
    path: '/friends/',
    tag: 'friends',
    summary: 'Your friends, alphabetical; paged by limit and cursor',
    signedIn: true,
    query: friendsPageSchema,
    responses: { 200: '{friends, next_cursor}', 400: 'bad limit or cursor', 401: 'signed out' },
  },
];

export function friendRoutes(friends: FriendsService) {
  return (
    new Hono<ApiEnv>()
      .post('/request', async (c) => {
        const me = signedInPerson(c);
        const { username } = await readJson(c, friendRequestSchema);
        const result = await friends.request(me, username);
        const accepted = result.status === 'accepted';
        const message = accepted ? 'Friend request accepted' : 'Friend request sent';
        return c.json<FriendRequestResponse>({ message, ...result }, accepted ? 200 : 201);
      })
      .post('/accept', async (c) => {
        const me = signedInPerson(c);
        const { request_id } = await readJson(c, friendResponseSchema);
        return c.json<FriendAcceptResponse>({ message: 'Friend request accepted', ...(await friends.accept(me, request_id)) });
      })
      .delete('/reject', async (c) => {
        const me = signedInPerson(c);
        const { request_id } = await readJson(c, friendResponseSchema);
        await friends.reject(me, request_id);
        return c.json({ message: 'Friend request rejected' });
      })
      .delete('/request/:request_id', async (c) => {
        const me = signedInPerson(c);
        await friends.cancel(
          me,
          pathId(c, 'request_id', MAX_INT_ID, () => new ServiceError(404, 'Friend request not found')),
        );
        return c.json<MessageResponse>({ message: 'Friend request cancelled' });
      })
      // After /reject, so that path keeps its own handler.
      .delete('/:friend_id', async (c) => {
        const me = signedInPerson(c);
        await friends.unfriend(
          me,
          pathId(c, 'friend_id', MAX_INT_ID, () => new ServiceError(404, FRIEND_NOT_FOUND)),
        );
        return c.json<MessageResponse>({ message: 'Friend removed' });
      })
      .get('/', async (c) => {
        const { limit, cursor } = readQuery(c, friendsPageSchema);
        return c.json<FriendsResponse>(await friends.list(signedInSession(c).userId, { limit, after: cursor }));
      })
  );
}
