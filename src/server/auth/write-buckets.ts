/**
 * NOTE: the per-user write limits. Every state-changing API call of a signed-in person is counted in exactly one
 * bucket, per person, per minute; `bucketOf` picks it from the path, and anything not listed here (including
 * calls added later) falls into `other`, so no write goes uncounted but the auth calls. Each bucket's default is its own
 * `env` setting (read by config.ts). Defaults are several times what a busy person does by hand.
 */

export const WRITE_BUCKETS = {
  messages: { env: 'RATE_LIMIT_CHAT_MESSAGES', perMinute: 120, label: 'chat messages' },
  likes: { env: 'RATE_LIMIT_LIKES', perMinute: 120, label: 'likes' },
  comments: { env: 'RATE_LIMIT_COMMENTS', perMinute: 30, label: 'comments' },
  uploads: { env: 'RATE_LIMIT_UPLOADS', perMinute: 30, label: 'uploads' },
  social: { env: 'RATE_LIMIT_SOCIAL', perMinute: 60, label: 'friend, follow and block changes' },
  rooms: { env: 'RATE_LIMIT_CHAT_ROOMS', perMinute: 60, label: 'chat room changes' },
  reads: { env: 'RATE_LIMIT_MARK_READ', perMinute: 600, label: 'mark-as-read requests' },
  profile: { env: 'RATE_LIMIT_PROFILE', perMinute: 60, label: 'profile changes' },
  moderation: { env: 'RATE_LIMIT_MODERATION', perMinute: 120, label: 'moderation actions' },
  other: { env: 'RATE_LIMIT_OTHER_WRITES', perMinute: 120, label: 'changes' },
  // A GET, but heavy (every file of the person read again): the export route counts it here itself.
  exports: { env: 'RATE_LIMIT_EXPORTS', perMinute: 3, label: 'data exports' },
} as const;

export type WriteBucket = keyof typeof WRITE_BUCKETS;
/** Requests per minute allowed in each bucket, per person. */
export type WriteLimits = Record<WriteBucket, number>;

export const WRITE_WINDOW_MS = 60_000;

// First match wins; paths are the full API path without a trailing slash. Chat images are messages (their
// uploads are also held to the concurrent-upload cap); a comment's deletion counts as a comment.
const RULES: Array<[WriteBucket, RegExp]> = [
  ['messages', /^\/api\/chat\/send-message$/],
  ['reads', /^\/api\/(chat\/mark-all-read\/[^/]+|notifications\/read-all)$/],
  ['rooms', /^\/api\/chat\//],
  ['likes', /^\/api\/media\/[^/]+\/(like|dislike)$/],
  ['comments', /^\/api\/media\/[^/]+\/comments(\/|$)/],
  ['uploads', /^\/api\/(media\/upload|profile\/picture)$/],
  ['social', /^\/api\/(friends(\/|$)|profile\/@[^/]+\/(follow|block)$)/],
  ['profile', /^\/api\/profile\//],
  ['moderation', /^\/api\/moderation\//],
];

// Sign-in, registration and sign-out have their own throttles (ADR 006), and signing out must always work.
const UNCOUNTED = /^\/api\/auth\//;

/** The bucket a write on this path counts in; null for the few calls that are never counted. */
export function bucketOf(path: string): WriteBucket | null {
  const bare = path.replace(/\/+$/, '');
  if (UNCOUNTED.test(bare)) return null;
  return RULES.find(([, pattern]) => pattern.test(bare))?.[0] ?? 'other';
}
