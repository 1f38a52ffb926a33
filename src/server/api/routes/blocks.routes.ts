/**
 * NOTE: blocking (ADR 021), mounted inside the profile routes: block and unblock by `@{username}` (both
 * idempotent; unblocking works although the blocked person's profile is 404 to you) and your own blocked list.
 */
import { Hono } from 'hono';
import type { BlockedUsersResponse, MessageResponse } from '../../../shared/api-types.ts';
import { BLOCKED_LIST_LIMIT, type BlocksService } from '../../services/social/blocks.service.ts';
import { AT_USERNAME, usernameOf } from '../at-username.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInPerson } from '../session.ts';

const change = { 401: 'signed out', 403: 'bad CSRF token', 404: 'unknown user' };
export const blockOperations: Operation[] = [
  {
    method: 'post',
    path: '/profile/@:username/block',
    tag: 'profile',
    summary: 'Block someone (idempotent): ends friendship, requests and follows both ways; from then on neither sees the other',
    signedIn: true,
    responses: { 200: 'blocked', 400: 'yourself', ...change },
  },
  {
    method: 'delete',
    path: '/profile/@:username/block',
    tag: 'profile',
    summary: 'Lift your block of someone (idempotent)',
    signedIn: true,
    responses: { 200: 'unblocked', ...change },
  },
  {
    method: 'get',
    path: '/profile/blocked',
    tag: 'profile',
    summary: `The people you blocked, newest first (at most ${BLOCKED_LIST_LIMIT})`,
    signedIn: true,
    responses: { 200: 'BlockedUsersResponse', 401: 'signed out' },
  },
];

export function blockRoutes(blocks: BlocksService) {
  return new Hono<ApiEnv>()
    .get('/blocked', async (c) => c.json<BlockedUsersResponse>({ blocked: await blocks.list(signedInPerson(c)) }))
    .post(`/${AT_USERNAME}/block`, async (c) => {
      await blocks.block(signedInPerson(c), usernameOf(c));
      return c.json<MessageResponse>({ message: 'User blocked' });
    })
    .delete(`/${AT_USERNAME}/block`, async (c) => {
      await blocks.unblock(signedInPerson(c), usernameOf(c));
      return c.json<MessageResponse>({ message: 'User unblocked' });
    });
}
