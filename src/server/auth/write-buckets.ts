/**
 * NOTE: the per-user write limits. Every state-changing API call of a signed-in person is counted in exactly one
 * bucket, per person, per window (a minute for most; an hour for reports, which each reach every moderator, and
 * for new game titles, which each reach everyone's catalogue search); `bucketOf` picks it from the path, and anything not listed here (including calls added later) falls into
 * `other`, so no write goes uncounted but the auth calls. Each bucket's default `limit` is its own `env` setting
 * (read by config.ts). Defaults are several times what a busy person does by hand.
 */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

export const WRITE_BUCKETS = {
  messages: { env: 'RATE_LIMIT_CHAT_MESSAGES', limit: 120, windowMs: MINUTE, label: 'chat messages' },
  likes: { env: 'RATE_LIMIT_LIKES', limit: 120, windowMs: MINUTE, label: 'likes' },
  comments: { env: 'RATE_LIMIT_COMMENTS', limit: 30, windowMs: MINUTE, label: 'comments' },
  uploads: { env: 'RATE_LIMIT_UPLOADS', limit: 30, windowMs: MINUTE, label: 'uploads' },
  social: { env: 'RATE_LIMIT_SOCIAL', limit: 60, windowMs: MINUTE, label: 'friend, follow and block changes' },
  rooms: { env: 'RATE_LIMIT_CHAT_ROOMS', limit: 60, windowMs: MINUTE, label: 'chat room changes' },
  reads: { env: 'RATE_LIMIT_MARK_READ', limit: 600, windowMs: MINUTE, label: 'mark-as-read requests' },
  profile: { env: 'RATE_LIMIT_PROFILE', limit: 60, windowMs: MINUTE, label: 'profile changes' },
  reports: { env: 'RATE_LIMIT_REPORTS', limit: 20, windowMs: HOUR, label: 'reports' },
  // Every title added shows in everyone's catalogue search: far fewer than anyone adds by hand, per hour.
  newGames: { env: 'RATE_LIMIT_NEW_GAMES', limit: 20, windowMs: HOUR, label: 'new game titles' },
  moderation: { env: 'RATE_LIMIT_MODERATION', limit: 120, windowMs: MINUTE, label: 'moderation actions' },
  // Each community takes a slug and a place in everyone's discovery; each invite is a way in for strangers.
  newCommunities: { env: 'RATE_LIMIT_NEW_COMMUNITIES', limit: 5, windowMs: HOUR, label: 'new communities' },
  invites: { env: 'RATE_LIMIT_COMMUNITY_INVITES', limit: 30, windowMs: HOUR, label: 'community invites' },
  communities: { env: 'RATE_LIMIT_COMMUNITIES', limit: 60, windowMs: MINUTE, label: 'community changes' },
  // Each post reaches everyone's looking-for-group board; each request reaches a host's bell.
  lfgPosts: { env: 'RATE_LIMIT_LFG_POSTS', limit: 10, windowMs: HOUR, label: 'looking-for-group posts' },
  lfgRequests: { env: 'RATE_LIMIT_LFG_REQUESTS', limit: 30, windowMs: HOUR, label: 'requests to join groups' },
  lfg: { env: 'RATE_LIMIT_LFG', limit: 60, windowMs: MINUTE, label: 'group changes' },
  // Each test push reaches a push service on the internet; each subscription is a row the fan-outs read.
  push: { env: 'RATE_LIMIT_PUSH', limit: 30, windowMs: MINUTE, label: 'notification settings changes' },
  other: { env: 'RATE_LIMIT_OTHER_WRITES', limit: 120, windowMs: MINUTE, label: 'changes' },
  // A GET, but heavy (every file of the person read again): the export route counts it here itself.
  exports: { env: 'RATE_LIMIT_EXPORTS', limit: 3, windowMs: MINUTE, label: 'data exports' },
} as const;

export type WriteBucket = keyof typeof WRITE_BUCKETS;
/** Requests allowed in each bucket's window (`WRITE_BUCKETS[bucket].windowMs`), per person. */
export type WriteLimits = Record<WriteBucket, number>;

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
  ['reports', /^\/api\/reports$/],
  ['newGames', /^\/api\/games$/],
  ['newCommunities', /^\/api\/communities$/],
  ['invites', /^\/api\/communities\/[^/]+\/invites$/],
  ['communities', /^\/api\/communities\//],
  ['lfgPosts', /^\/api\/lfg$/],
  ['lfgRequests', /^\/api\/lfg\/[^/]+\/join$/],
  ['lfg', /^\/api\/lfg\//],
  ['push', /^\/api\/push\//],
];

// Sign-in, registration and sign-out have their own throttles (ADR 006), and signing out must always work.
const UNCOUNTED = /^\/api\/auth\//;

/** The bucket a write on this path counts in; null for the few calls that are never counted. */
export function bucketOf(path: string): WriteBucket | null {
  const bare = path.replace(/\/+$/, '');
  if (UNCOUNTED.test(bare)) return null;
  return RULES.find(([, pattern]) => pattern.test(bare))?.[0] ?? 'other';
}

/**
 * A write whose count is taken by the statement that performs it (a text chat message: its send statement counts
 * it in the same round trip and commit). The statement sets `counted` once it ran, and `wait` (seconds) when the
 * write was over the limit and so not done; a write refused before reaching its statement is counted afterwards.
 */
export type CountedByWrite = { key: string; max: number; windowMs: number; counted: boolean; wait: number };
