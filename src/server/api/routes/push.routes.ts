/**
 * NOTE: web push (ADR 053), mounted at /push, all signed in. Thin: read the body with the shared schemas, call the
 * push services, answer. The key is public but asked for signed in: only the account screen needs it.
 */
import { Hono } from 'hono';
import type { MessageResponse } from '../../../shared/api-types.ts';
import type { PushDeviceResponse, PushKeyResponse, PushPreferencesResponse } from '../../../shared/push-types.ts';
import { pushPreferencesSchema, pushSubscriptionSchema, pushUnsubscribeSchema } from '../../../shared/schemas/push.ts';
import type { Services } from '../../services/index.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';
import { readJson } from '../validate.ts';

const op = (method: Operation['method'], path: string, summary: string, rest: Partial<Operation> = {}): Operation => ({
  method,
  path: `/push${path}`,
  tag: 'push',
  summary,
  signedIn: true,
  responses:
    method === 'get'
      ? { 200: 'ok', 401: 'signed out' }
      : { 200: 'ok', 400: 'invalid field', 401: 'signed out', 403: 'bad CSRF token', 429: 'too many' },
  ...rest,
});

export const pushOperations: Operation[] = [
  op('get', '/key', 'The VAPID public key to subscribe with: {public_key}'),
  op(
    'post',
    '/subscriptions',
    "Subscribe this session's browser: {endpoint, keys: {p256dh, auth}}; the endpoint must be a known push service",
    {
      body: pushSubscriptionSchema,
      responses: {
        201: 'subscribed',
        400: 'invalid, or not a known push service',
        401: 'signed out',
        403: 'bad CSRF token',
        429: 'too many',
      },
    },
  ),
  op('delete', '/subscriptions', 'Unsubscribe an endpoint of yours: {endpoint}', { body: pushUnsubscribeSchema }),
  op('get', '/device', "The endpoint this session's browser is subscribed with: {endpoint} (null when none)"),
  op('get', '/preferences', 'What you want pushed: {preferences}'),
  op('put', '/preferences', 'Set what you want pushed: {messages, friend_requests, comments, likes, lfg, communities}', {
    body: pushPreferencesSchema,
  }),
  op('post', '/test', "Send a test push to this session's browser", {
    responses: { 200: 'queued', 401: 'signed out', 403: 'bad CSRF token', 404: 'this device is not subscribed', 429: 'too many' },
  }),
];

export function pushRoutes(services: Services) {
  const { push } = services;
  if (!push) throw new Error('web push needs the job queue');
  const { subscriptions, delivery } = push;
  return new Hono<ApiEnv>()
    .get('/key', (c) => (signedInSession(c), c.json<PushKeyResponse>({ public_key: subscriptions.publicKey() })))
    .post('/subscriptions', async (c) => {
      await subscriptions.subscribe(signedInSession(c), await readJson(c, pushSubscriptionSchema));
      return c.json<MessageResponse>({ message: 'This device will get notifications' }, 201);
    })
    .get('/device', async (c) => c.json<PushDeviceResponse>({ endpoint: await subscriptions.endpointOf(signedInSession(c)) }))
    .delete('/subscriptions', async (c) => {
      const me = signedInSession(c);
      await subscriptions.unsubscribe(me.userId, (await readJson(c, pushUnsubscribeSchema)).endpoint);
      return c.json<MessageResponse>({ message: 'This device will not get notifications' });
    })
    .get('/preferences', async (c) =>
      c.json<PushPreferencesResponse>({ preferences: await subscriptions.preferences(signedInSession(c).userId) }),
    )
    .put('/preferences', async (c) => {
      const me = signedInSession(c);
      const preferences = await subscriptions.setPreferences(me.userId, await readJson(c, pushPreferencesSchema));
      return c.json<PushPreferencesResponse>({ preferences });
    })
    .post('/test', async (c) => {
      await delivery.test(await subscriptions.ofSession(signedInSession(c)));
      return c.json<MessageResponse>({ message: 'Test notification sent' });
    });
}
