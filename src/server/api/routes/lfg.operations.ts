/**
 * NOTE: the looking-for-group calls as /api/openapi.json lists them (ADR 052); handlers are in lfg.routes.ts.
 */
import { lfgJoinSchema, lfgListSchema, lfgPageSchema, newLfgSchema } from '../../../shared/schemas/lfg.ts';
import type { Operation } from '../openapi.ts';

const seen = { 401: 'signed out', 404: 'unknown, or hidden from you' };
const change = { ...seen, 403: 'bad CSRF token, or not allowed', 409: 'not possible now (full, closed, already asked)', 429: 'too many' };
const op = (method: Operation['method'], path: string, summary: string, rest: Partial<Operation> = {}): Operation => ({
  method,
  path: `/lfg${path}`,
  tag: 'lfg',
  summary,
  signedIn: true,
  responses: method === 'get' ? { 200: 'ok', ...seen } : { 200: 'ok', ...change },
  ...rest,
});

export const lfgOperations: Operation[] = [
  op('get', '', 'Live posts you may see, starting soonest first; filter by ?game=, ?platform=, ?community=, ?when=now|later', {
    query: lfgListSchema,
    responses: { 200: 'LfgListResponse', 400: 'bad query or cursor', 401: 'signed out' },
  }),
  op('post', '', 'Post a session looking for players (a group chat is made with it); at most 3 open at once', {
    body: newLfgSchema,
    responses: {
      201: 'LfgPostResponse',
      400: 'invalid field or unknown game',
      401: 'signed out',
      403: 'bad CSRF token, or not a member',
      404: 'unknown community',
      409: 'too many open posts',
      429: 'too many',
    },
  }),
  op('get', '/mine', 'Your groups: posts you host, play in or asked to join, soonest first', { query: lfgPageSchema }),
  op('get', '/:id', 'One post with its party (host first), handles as shared with you, requests for the host and room_id for the party'),
  op('post', '/:id/join', "Ask to join, with an optional message: {status: 'requested'}", { body: lfgJoinSchema }),
  op('post', '/:id/requests/:userId/accept', 'Accept a request (the host): the player joins the party and its chat'),
  op('post', '/:id/requests/:userId/decline', 'Decline a request (the host)'),
  op('post', '/:id/leave', 'Leave the party (your slot frees, you leave its chat) or withdraw your request'),
  op('post', '/:id/close', 'Close the post (the host): it leaves the lists, the chat stays'),
];
