/**
 * `npm run db:catalogue`: rewrites migration 0010_game_catalogue from src/server/db/catalogue/games.ts, adds its
 * journal entry, and copies the previous migration's snapshot as 0010's (the catalogue changes no tables, like a
 * `drizzle-kit generate --custom` migration). The snapshot is written only when the previous migration is 0009, so a
 * checkout without 0008/0009 never gets a snapshot that forgets their tables.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { GAME_CATALOGUE } from '../src/server/db/catalogue/games.ts';
import {
  CATALOGUE_MIGRATION_IDX,
  CATALOGUE_MIGRATION_TAG,
  catalogueMigrationSql,
  withCatalogueEntry,
  type Journal,
} from '../src/server/db/catalogue/migration.ts';

const dir = join(import.meta.dirname, '../src/server/db/migrations');
const journalPath = join(dir, 'meta/_journal.json');

writeFileSync(join(dir, `${CATALOGUE_MIGRATION_TAG}.sql`), catalogueMigrationSql(GAME_CATALOGUE));
const journal = withCatalogueEntry(JSON.parse(readFileSync(journalPath, 'utf8')) as Journal);
writeFileSync(journalPath, `${JSON.stringify(journal, null, 2)}\n`);
console.log(`Wrote ${CATALOGUE_MIGRATION_TAG}.sql (${GAME_CATALOGUE.length} games) and its journal entry.`);

const previous = journal.entries.filter((entry) => entry.idx < CATALOGUE_MIGRATION_IDX).at(-1);
const snapshotPath = (idx: number) => join(dir, `meta/${String(idx).padStart(4, '0')}_snapshot.json`);
if (previous?.idx !== CATALOGUE_MIGRATION_IDX - 1 || !existsSync(snapshotPath(previous.idx))) {
  console.warn(
    `No migration ${CATALOGUE_MIGRATION_IDX - 1} snapshot yet: not writing ${CATALOGUE_MIGRATION_TAG}'s snapshot (run again once 0008 and 0009 are in).`,
  );
} else {
  const prev = JSON.parse(readFileSync(snapshotPath(previous.idx), 'utf8')) as { id: string; prevId: string };
  const own = existsSync(snapshotPath(CATALOGUE_MIGRATION_IDX))
    ? (JSON.parse(readFileSync(snapshotPath(CATALOGUE_MIGRATION_IDX), 'utf8')) as { id: string })
    : undefined;
  const snapshot = { ...prev, id: own?.id ?? randomUUID(), prevId: prev.id };
  writeFileSync(snapshotPath(CATALOGUE_MIGRATION_IDX), `${JSON.stringify(snapshot, null, 2)}\n`);
  console.log(`Wrote ${CATALOGUE_MIGRATION_TAG}'s snapshot (the tables of migration ${previous.idx}).`);
}
