import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { GAME_CATALOGUE } from '../../../src/server/db/catalogue/games.ts';
import {
  CATALOGUE_MIGRATION_IDX,
  CATALOGUE_MIGRATION_TAG,
  catalogueMigrationSql,
  sqlString,
  withCatalogueEntry,
  type Journal,
} from '../../../src/server/db/catalogue/migration.ts';
import { gameNameField } from '../../../src/shared/schemas/games.ts';
import { GAME_GENRES, GAME_NAME_MAX, GAME_PLATFORMS, RESERVED_GAME_SLUGS, gameNameKey, slugify } from '../../../src/shared/game-values.ts';
import * as v from 'valibot';

const migrations = join(import.meta.dirname, '../../../src/server/db/migrations');
const duplicates = (values: string[]) => values.filter((value, i) => values.indexOf(value) !== i);

describe('the game catalogue', () => {
  it('holds at least 300 games', () => {
    expect(GAME_CATALOGUE.length).toBeGreaterThanOrEqual(300);
  });

  it('has no two games with the same slug or name key, and no slug a list of games keeps for its path', () => {
    expect(duplicates(GAME_CATALOGUE.map((game) => slugify(game.name)))).toEqual([]);
    expect(GAME_CATALOGUE.filter((game) => RESERVED_GAME_SLUGS.includes(slugify(game.name)))).toEqual([]);
    expect(duplicates(GAME_CATALOGUE.map((game) => gameNameKey(game.name)))).toEqual([]);
  });

  it('names every game the way a member could (valid name, non-empty slug, already normalised)', () => {
    for (const game of GAME_CATALOGUE) {
      expect(v.parse(gameNameField, game.name), game.name).toBe(game.name);
      expect(game.name.length).toBeLessThanOrEqual(GAME_NAME_MAX);
      expect(slugify(game.name), game.name).not.toBe('');
    }
  });

  it('gives every game at least one genre and platform, each from the shared lists and listed once', () => {
    for (const game of GAME_CATALOGUE) {
      expect(game.genres.length, game.name).toBeGreaterThan(0);
      expect(game.platforms.length, game.name).toBeGreaterThan(0);
      expect(
        game.genres.filter((genre) => !(GAME_GENRES as readonly string[]).includes(genre)),
        game.name,
      ).toEqual([]);
      expect(
        game.platforms.filter((platform) => !(GAME_PLATFORMS as readonly string[]).includes(platform)),
        game.name,
      ).toEqual([]);
      expect(duplicates([...game.genres]), game.name).toEqual([]);
      expect(duplicates([...game.platforms]), game.name).toEqual([]);
    }
  });
});

describe('migration 0010_game_catalogue', () => {
  it('matches the catalogue (run `npm run db:catalogue` after changing it)', () => {
    const committed = readFileSync(join(migrations, `${CATALOGUE_MIGRATION_TAG}.sql`), 'utf8');
    expect(committed).toBe(catalogueMigrationSql(GAME_CATALOGUE));
  });

  it('has its journal entry, later in time than every earlier migration', () => {
    const journal = JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as Journal;
    const entry = journal.entries.find((e) => e.tag === CATALOGUE_MIGRATION_TAG);
    expect(entry?.idx).toBe(CATALOGUE_MIGRATION_IDX);
    for (const earlier of journal.entries.filter((e) => e.idx < CATALOGUE_MIGRATION_IDX)) {
      expect(entry!.when, earlier.tag).toBeGreaterThan(earlier.when);
    }
    expect(withCatalogueEntry(journal)).toEqual(journal);
  });

  it('quotes names safely', () => {
    expect(sqlString("Baldur's Gate 3")).toBe("'Baldur''s Gate 3'");
    const sql = catalogueMigrationSql([{ name: "Don't: A & B's '; DROP TABLE games; --", genres: ['action'], platforms: ['steam'] }]);
    expect(sql).toContain(`'Don''t: A & B''s ''; DROP TABLE games; --'`);
    expect(sql).toContain(`'dont-a-bs-drop-table-games'`);
  });
});
