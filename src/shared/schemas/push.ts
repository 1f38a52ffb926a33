/**
 * NOTE: web push's request bodies (ADR 053), used by the account screen and the API alike. An endpoint here is only
 * an https URL of a sane length: which hosts are push services is the server's policy (push/endpoint-policy.ts).
 * Keys are what PushSubscription.toJSON() gives: base64url, p256dh an uncompressed P-256 point (65 bytes, starting
 * 0x04, so 'B'), auth 16 bytes. Whether the point is on the curve the server checks.
 */
import * as v from 'valibot';
import { PUSH_ENDPOINT_MAX, PUSH_PREFERENCES, type PushPreference } from '../push-values.ts';
import { requiredObject } from './fields.ts';

export const pushEndpointField = v.pipe(
  v.string('Endpoint is required'),
  v.nonEmpty('Endpoint is required'),
  v.maxLength(PUSH_ENDPOINT_MAX, `Endpoint must be at most ${PUSH_ENDPOINT_MAX} characters`),
  v.check((s) => URL.canParse(s) && new URL(s).protocol === 'https:', 'Endpoint must be an https URL'),
);

const keysSchema = requiredObject({
  p256dh: v.pipe(v.string('keys.p256dh is required'), v.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh is not a P-256 public key')),
  auth: v.pipe(v.string('keys.auth is required'), v.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth is not a 16-byte secret')),
});

export const pushSubscriptionSchema = requiredObject({
  endpoint: pushEndpointField,
  keys: v.pipe(
    v.unknown(),
    v.check((k) => typeof k === 'object' && k !== null && !Array.isArray(k), 'keys must be an object with p256dh and auth'),
    v.transform((k) => k as Record<string, unknown>),
    keysSchema,
  ),
});
export type PushSubscriptionBody = v.InferOutput<typeof pushSubscriptionSchema>;

export const pushUnsubscribeSchema = requiredObject({ endpoint: pushEndpointField });

const flag = (name: PushPreference) => v.boolean(`${name} must be true or false`);

export const pushPreferencesSchema = requiredObject(
  Object.fromEntries(PUSH_PREFERENCES.map((name) => [name, flag(name)])) as Record<PushPreference, ReturnType<typeof flag>>,
);
