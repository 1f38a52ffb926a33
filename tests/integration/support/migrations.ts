/**
 * NOTE: proving a migration on data written before it. `emptyDatabaseThrough(lastTag)` makes a database of its
 * own (not cloned from the migrated template), migrated only up to `lastTag`; fill it, then `migrateAll(url)` runs
 * the rest, as an upgrade would. Call `cleanup()` in afterAll (it removes the scratch copy of the migrations).
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { MIGRATIONS_DIR } from '../../../src/server/db/client.ts';
import { createTestDatabase } from './database.ts';

const scratches: string[] = [];

/** A copy of the migrations folder that stops at `lastTag`. */
async function migrationsThrough(lastTag: string): Promise<string> {
  const scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'sp-mig-'));
  scratches.push(scratch);
  await fs.cp(MIGRATIONS_DIR, scratch, { recursive: true });
  const journalPath = path.join(scratch, 'meta', '_journal.json');
  const journal = JSON.parse(await fs.readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((e) => e.tag === lastTag);
  if (last < 0) throw new Error(`no migration ${lastTag}`);
  journal.entries = journal.entries.slice(0, last + 1);
  await fs.writeFile(journalPath, JSON.stringify(journal));
  return scratch;
}

async function migrateWith(url: string, folder: string): Promise<void> {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  try {
    await migrate(drizzle(pool), { migrationsFolder: folder });
  } finally {
    await pool.end();
  }
}

/** A new empty database migrated through `lastTag`; answers its URL. `suffix` keeps two per file apart. */
export async function emptyDatabaseThrough(lastTag: string, suffix = 'm'): Promise<string> {
  const template = await createTestDatabase();
  const name = `${template.name}_${suffix}`;
  const admin = template.admin();
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = template.url.replace(`/${template.name}?`, `/${name}?`);
  await migrateWith(url, await migrationsThrough(lastTag));
  return url;
}

export const migrateAll = (url: string) => migrateWith(url, MIGRATIONS_DIR);

export async function cleanup(): Promise<void> {
  for (const scratch of scratches.splice(0)) await fs.rm(scratch, { recursive: true, force: true });
}
