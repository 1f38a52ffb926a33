/**
 * Several nodes starting at once on an empty database all apply the migrations at start: one applies them while
 * the others wait for it, and every node comes up (none fails on a table another just created).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, expect, it } from 'vitest';
import { MIGRATIONS_DIR, openDatabase, type Database } from '../../src/server/db/client.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createTestDatabase } from './support/database.ts';

const opened: Database[] = [];
afterAll(async () => {
  await Promise.all(opened.map((d) => d.close()));
});

it('three nodes opening an empty database at the same moment all start, and the migrations run once', async () => {
  const template = await createTestDatabase();
  const empty = `e_${template.name}`;
  const admin = template.admin();
  await admin.connect();
  await admin.query(`create database ${empty}`);
  await admin.end();
  const url = template.url.replace(`///${template.name}?`, `///${empty}?`);
  const log = createLogger('silent');

  const results = await Promise.allSettled([1, 2, 3].map(() => openDatabase({ databaseUrl: url, dataDir: '', log })));
  for (const r of results) if (r.status === 'fulfilled') opened.push(r.value);
  expect(results.map((r) => (r.status === 'rejected' ? String(r.reason) : 'ok'))).toEqual(['ok', 'ok', 'ok']);

  const check = new pg.Client({ connectionString: url });
  await check.connect();
  const { rows } = await check.query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
  await check.end();
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
  // Each migration recorded once: nobody applied one a second time.
  expect(rows[0]!.n).toBe(journal.entries.length);
});
