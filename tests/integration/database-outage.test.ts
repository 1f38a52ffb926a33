/**
 * When PostgreSQL goes away: health says so (503), calls that need the database fail with the generic
 * 500 body (never a stack trace or driver message), and everything recovers when it comes back.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { credentialsOf } from '../../src/server/db/factories/users.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { ApiClient } from './support/http-client.ts';
import { useTestServer } from './support/server.ts';

const app = useTestServer();
let outage = false;

async function setDatabaseReachable(reachable: boolean) {
  const admin = app.database.admin();
  await admin.connect();
  try {
    await admin.query(`alter database ${app.database.name} allow_connections ${reachable}`);
    if (!reachable) await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1', [app.database.name]);
  } finally {
    await admin.end();
  }
  outage = !reachable;
}

afterAll(async () => {
  if (outage) await setDatabaseReachable(true);
});

describe('database outage', () => {
  it('reports 503, answers database-backed calls with a bare 500, and recovers', async () => {
    const { client, registration } = await signUp(app.origin);
    const visitor = await app.visitor();
    await setDatabaseReachable(false);

    expectError(await app.client().get('/api/health'), 503, 'Database unreachable');
    const generic = 'Something went wrong on our side. Please try again.';
    expectError(await client.get('/api/auth/verify'), 500, generic);
    expectError(await visitor.post('/api/auth/login', credentialsOf(registration)), 500, generic);

    await setDatabaseReachable(true);
    expect((await app.client().get('/api/health')).status).toBe(200);
    expect((await client.get('/api/auth/verify')).status).toBe(200);
    expect((await visitor.post('/api/auth/login', credentialsOf(registration))).status).toBe(200);
    // A pre-outage cookie replayed by a new client still resolves: sessions live in the database, not memory.
    expect((await new ApiClient(app.origin).get('/api/auth/verify', { headers: { cookie: client.cookieHeader() } })).status).toBe(200);
  });
});
