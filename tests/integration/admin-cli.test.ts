import { spawn } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { signUp } from './support/accounts.ts';
import { useTestServer } from './support/server.ts';
import { nameOf, sql } from './support/social.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const app = useTestServer();
/** Each test starts several `npm run admin` processes (npm, then tsx compiling the CLI): slow on a busy machine. */
const CLI_TEST_MS = 120_000;

/** `npm run admin -- …args` against this file's database while its server runs: exit code and output. */
function admin(...args: string[]): Promise<{ code: number | null; output: string }> {
  const env = { ...process.env, DATABASE_URL: app.database.url, LOG_LEVEL: 'warn' };
  const child = spawn('npm', ['run', '--silent', 'admin', '--', ...args], { cwd: REPO, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (d: Buffer) => (output += d));
  child.stderr.on('data', (d: Buffer) => (output += d));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

type AuditRow = { action: string; actor_id: number | null; target_user_id: number; target_username: string; detail: string };
const auditOf = (userId: number) =>
  sql<AuditRow>(
    app.database,
    'select action, actor_id, target_user_id, target_username, detail from moderation_actions where target_user_id = $1 order by id',
    [userId],
  );

describe('npm run admin', () => {
  it(
    'grants and revokes roles in the running server’s database, each change audited, applied on the next request',
    async () => {
      const ann = await signUp(app.origin);
      const id = ann.auth.user.user_id;
      const roleNow = async () => (await ann.client.get<{ role?: string }>('/api/auth/verify')).body.role;

      const granted = await admin('grant', nameOf(ann).toUpperCase());
      expect(granted, granted.output).toMatchObject({ code: 0 });
      expect(granted.output).toContain(`${nameOf(ann)}: member → moderator.`);
      expect(await roleNow()).toBe('moderator');

      const promoted = await admin('grant', nameOf(ann), 'admin');
      expect(promoted, promoted.output).toMatchObject({ code: 0 });
      expect(await roleNow()).toBe('admin');

      const again = await admin('grant', nameOf(ann), 'admin');
      expect(again.code, again.output).toBe(0);
      expect(again.output).toContain(`${nameOf(ann)} is already admin.`);

      const revoked = await admin('revoke', nameOf(ann));
      expect(revoked.code, revoked.output).toBe(0);
      expect(await roleNow()).toBe('member');

      const who = { actor_id: null, target_user_id: id, target_username: nameOf(ann) };
      expect(await auditOf(id)).toEqual([
        { action: 'grant_role', detail: 'member → moderator', ...who },
        { action: 'grant_role', detail: 'moderator → admin', ...who },
        { action: 'revoke_role', detail: 'admin → member', ...who },
      ]);
    },
    CLI_TEST_MS,
  );

  it(
    'exits 1 for an unknown user and 2 for bad usage, changing nothing',
    async () => {
      const unknown = await admin('grant', 'nobody_here_at_all');
      expect(unknown.code, unknown.output).toBe(1);
      expect(unknown.output).toContain('No user named nobody_here_at_all');

      const ben = await signUp(app.origin);
      for (const args of [[], ['grant'], ['promote', nameOf(ben)], ['grant', nameOf(ben), 'superuser'], ['revoke', nameOf(ben), 'admin']]) {
        const res = await admin(...args);
        expect(res.code, `${args.join(' ')}: ${res.output}`).toBe(2);
        expect(res.output).toContain('Usage: npm run admin -- grant <username> [admin|moderator]');
      }
      expect(await auditOf(ben.auth.user.user_id)).toEqual([]);
      expect(await sql(app.database, 'select role from users where id = $1', [ben.auth.user.user_id])).toEqual([{ role: 'member' }]);
    },
    CLI_TEST_MS,
  );
});
