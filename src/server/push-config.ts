/**
 * NOTE: web push's settings (ADR 053), read by config.ts with the rest of the environment. VAPID keys are both set
 * or both left out (then generated once into DATA_DIR: several nodes must share them, so they set both); the subject
 * defaults to PUBLIC_URL when it is https. PUSH_ENDPOINT_HOSTS replaces the list of push services whose endpoints
 * are accepted (services/push/endpoint-policy.ts says what an entry may be).
 */
import * as v from 'valibot';

const base64url = (bytes: number, what: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[A-Za-z0-9_-]+=*$/, `must be base64url (${what})`),
      v.check((s) => Buffer.from(s, 'base64url').length === bytes, `must be ${bytes} bytes in base64url (${what})`),
    ),
  );

export const pushEnv = {
  VAPID_PUBLIC_KEY: base64url(65, 'an uncompressed P-256 public key'),
  VAPID_PRIVATE_KEY: base64url(32, 'a P-256 private key'),
  VAPID_SUBJECT: v.optional(
    v.pipe(
      v.string(),
      v.check((s) => URL.canParse(s) && ['mailto:', 'https:'].includes(new URL(s).protocol), 'must be a mailto: address or an https: URL'),
    ),
  ),
  PUSH_ENDPOINT_HOSTS: v.optional(
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((h) => h.trim().toLowerCase())
          .filter(Boolean),
      ),
      v.check(
        (hosts) => hosts.every((h) => /^(\*\.)?[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/.test(h)),
        'must be host names separated by commas (each may start with *. and end with :port)',
      ),
    ),
  ),
};

/** Push settings as the server uses them: `vapidKeys` undefined means generate or load them from DATA_DIR. */
export type PushSettings = {
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  subject: string;
  /** Undefined: the known push services (endpoint-policy.ts); otherwise the operator's list, which replaces it. */
  endpointHosts: string[] | undefined;
};

export function pushProblems(env: Record<string, string | undefined>): string[] {
  if (Boolean(env.VAPID_PUBLIC_KEY) === Boolean(env.VAPID_PRIVATE_KEY)) return [];
  return [
    env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY: must be set with VAPID_PUBLIC_KEY' : 'VAPID_PUBLIC_KEY: must be set with VAPID_PRIVATE_KEY',
  ];
}

type PushEnv = { [K in keyof typeof pushEnv]?: v.InferOutput<(typeof pushEnv)[K]> };

export function pushSettings(e: PushEnv, publicUrl: URL | undefined): PushSettings {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = e;
  return {
    vapidKeys: publicKey && privateKey ? { publicKey, privateKey } : undefined,
    // Push services contact the subject when a sender misbehaves; Apple's refuses localhost.
    subject: e.VAPID_SUBJECT ?? (publicUrl?.protocol === 'https:' ? publicUrl.origin : 'mailto:admin@savepoint.invalid'),
    endpointHosts: e.PUSH_ENDPOINT_HOSTS,
  };
}
