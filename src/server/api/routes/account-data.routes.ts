/**
 * NOTE: a member's own data: delete the account (DELETE /api/account) and export it (GET /api/account/export).
 * Mounted at /account beside the password and sessions routes. The export is a GET, so the write-limit middleware
 * skips it: it is counted here, in its own write bucket, before any work. A HEAD answers the headers of a
 * download and opens nothing (no file, no export slot, no count).
 */
import { Hono } from 'hono';
import { Readable } from 'node:stream';
import { ACCOUNT_DELETED, type DeleteAccountResponse } from '../../../shared/account-data-types.ts';
import { deleteAccountSchema } from '../../../shared/schemas/account.ts';
import type { IdentityResolver } from '../../auth/identity.ts';
import type { RateLimiter } from '../../auth/rate-limiter.ts';
import { WRITE_BUCKETS, type WriteLimits } from '../../auth/write-buckets.ts';
import { ServiceError } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';
import { readJson } from '../validate.ts';
import { plural } from '../../../shared/plural.ts';

export const accountDataOperations: Operation[] = [
  {
    method: 'delete',
    path: '/account',
    tag: 'account',
    summary:
      'Delete your account for good (asks for your password): posts, files, comments, likes, friends, follows, blocks, reports and sessions go; chat text stays from "Deleted user"; the username is reserved for a while',
    body: deleteAccountSchema,
    signedIn: true,
    responses: {
      200: 'deleted; the session cookies are cleared',
      400: 'invalid field',
      401: 'signed out',
      403: 'wrong password, or bad CSRF token',
      429: 'too many wrong passwords (Retry-After)',
    },
  },
  {
    method: 'get',
    path: '/account/export',
    tag: 'account',
    summary:
      'Download your data: a zip streamed as it is made, with savepoint-export.json (profile, friends, follows, posts, comments, likes, chat messages sent) and your original files',
    signedIn: true,
    responses: {
      200: 'application/zip (Content-Disposition: attachment)',
      401: 'signed out',
      429: 'an export of yours is already running, or too many exports this minute (Retry-After)',
    },
  },
];

export function accountDataRoutes(deps: { services: Services; identity: IdentityResolver; limiter: RateLimiter; limits: WriteLimits }) {
  const { services, identity, limiter, limits } = deps;

  async function countExport(userId: number): Promise<void> {
    const wait = await limiter.take([{ key: `write:exports:${userId}`, max: limits.exports, windowMs: WRITE_BUCKETS.exports.windowMs }]);
    if (wait > 0) {
      const label = WRITE_BUCKETS.exports.label;
      throw new ServiceError(429, `Too many ${label}: try again in ${plural(wait, 'second')}.`, {
        'Retry-After': String(wait),
      });
    }
  }

  return new Hono<ApiEnv>()
    .delete('/', async (c) => {
      const { userId } = signedInSession(c);
      const { password } = await readJson(c, deleteAccountSchema);
      await services.accountDeletion.deleteAccount(userId, password);
      const { setCookies } = identity.signedOutCookies();
      for (const cookie of setCookies) c.header('Set-Cookie', cookie, { append: true });
      return c.json<DeleteAccountResponse>({ message: ACCOUNT_DELETED });
    })
    .get('/export', async (c) => {
      const { userId, username } = signedInSession(c);
      const date = new Date().toISOString().slice(0, 10);
      const headers = {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="savepoint-${username}-${date}.zip"`,
        'Cache-Control': 'no-store',
      };
      if (c.req.method === 'HEAD') return c.body(null, 200, headers);
      await countExport(userId);
      const opened = await services.accountExport.open(userId, username);
      headers['Content-Disposition'] = `attachment; filename="${opened.filename}"`;
      return c.body(Readable.toWeb(opened.stream) as ReadableStream, 200, headers);
    });
}
