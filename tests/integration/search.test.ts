import { describe, expect, it } from 'vitest';
import type { SearchResponse } from '../../src/shared/api-types.ts';
import { SEARCH_RESULT_LIMIT } from '../../src/shared/constants.ts';
import { searchStatement } from '../../src/server/services/profiles/search.service.ts';
import { uniqueName } from '../../src/server/db/factories/users.ts';
import { signUp } from './support/accounts.ts';
import { expectError } from './support/expectations.ts';
import { useTestServer } from './support/server.ts';
import { sql } from './support/social.ts';

const app = useTestServer();

const search = (who: Awaited<ReturnType<typeof signUp>>, query: string) =>
  who.client.get<SearchResponse>(`/api/profile/search?query=${encodeURIComponent(query)}`);
const names = (res: { body: SearchResponse }) => res.body.users.map((u) => u.username);

/** Users straight into the table (no argon2): search reads nothing else. */
const insertUsers = (usernames: string[]) =>
  sql(
    app.database,
    `insert into users (username, email, password_hash, birthday)
     select u, u || '@savepoint.test', 'not-a-hash', '1990-01-01' from unnest($1::text[]) as u`,
    [usernames],
  );

describe('GET /api/profile/search', () => {
  it('matches case-insensitively: substrings from three letters or digits, prefixes below, prefix matches first', async () => {
    const tag = uniqueName('q').slice(2, 8).replace(/_/g, 'x');
    const [prefixLong, prefixShort, inner] = [`${tag}zzlong`, `${tag}z`, `AB${tag.toUpperCase()}`];
    await insertUsers([prefixLong, prefixShort, inner]);
    const me = await signUp(app.origin);

    expect(names(await search(me, tag.toUpperCase()))).toEqual([prefixShort, prefixLong, inner]);
    expect(names(await search(me, `b${tag}`))).toEqual([inner]);
    // Two characters are a prefix only: `b` + the tag's first letter appears inside `inner` but starts nothing.
    expect(names(await search(me, `b${tag[0]}`))).not.toContain(inner);
    const res = await search(me, tag);
    expect(res.body.users[0]).toEqual({ user_id: expect.any(Number), username: prefixShort, has_picture: false });
  });

  it('treats %, _ and \\ as plain characters, not LIKE wildcards', async () => {
    const me = await signUp(app.origin);
    await insertUsers(['plainxname_one', 'plain_name_two']);
    for (const wildcard of ['_', '%', '\\', '__', '%%', '_%_'])
      expect(names(await search(me, wildcard)).filter((n) => !n.startsWith('_'))).toEqual([]);
    expect(names(await search(me, 'plain_'))).toEqual(['plain_name_two']);
    expect(names(await search(me, 'plain_name'))).toEqual(['plain_name_two']);
    expect(names(await search(me, 'plain%'))).toEqual([]);
  });

  it('never lists the caller, and stops at the result limit', async () => {
    const tag = uniqueName('l').slice(2, 8).replace(/_/g, 'x');
    await insertUsers(Array.from({ length: SEARCH_RESULT_LIMIT + 5 }, (_, i) => `${tag}${String(i).padStart(2, '0')}`));
    const me = await signUp(app.origin, { username: `${tag}me` });
    const res = await search(me, tag);
    expect(res.status, res.text).toBe(200);
    expect(res.body.users).toHaveLength(SEARCH_RESULT_LIMIT);
    expect(names(res)).not.toContain(`${tag}me`);
    expect(names(await search(me, `${tag}me`))).toEqual([]);
  });

  it('refuses an empty or overlong query, and signed-out callers', async () => {
    const me = await signUp(app.origin);
    expectError(await search(me, '   '), 400, 'Search query is required');
    expectError(await me.client.get('/api/profile/search'), 400, 'Search query is required');
    expectError(await search(me, 'x'.repeat(31)), 400, 'Search query must be at most 30 characters');
    expectError(await app.client().get('/api/profile/search?query=ab'), 401);
  });
});

describe('search plans', () => {
  type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };
  const flatten = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(flatten)];

  it('uses the username indexes, never a sequential scan of users (a few thousand users, analyzed)', async () => {
    // Deterministic, varied names so every letter starts only a small share of them, as with real people.
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const letters = 'abcdefghijklmnopqrstuvwxyz0123456789';
    const generated = Array.from({ length: 4000 }, (_, i) => {
      const length = 5 + Math.floor(random() * 10);
      return Array.from({ length }, () => letters[Math.floor(random() * letters.length)]).join('') + `_${i}`;
    });
    await insertUsers(generated);
    const db = app.database.connect();
    await db.connect();
    try {
      await db.query('analyze users');
      // Prefixes may use either btree on lower(username): under the C collation the unique one serves LIKE too.
      const btree = /^users_username_(prefix_idx|lower_key)$/;
      for (const [query, index] of [
        ['k', btree],
        ['Qu', btree],
        ['ab_', btree],
        ['mqz', /^users_username_trgm_idx$/],
        ['ke3x', /^users_username_trgm_idx$/],
      ] as const) {
        const statement = searchStatement(app.server.database.db, 1, query).toSQL();
        const { rows } = await db.query(`explain (format json) ${statement.sql}`, statement.params);
        const nodes = flatten(rows[0]['QUERY PLAN'][0].Plan);
        const users = nodes.filter((n) => n['Relation Name'] === 'users' || n['Index Name']?.startsWith('users_'));
        expect(
          users.map((n) => n['Node Type']),
          `${query}: ${JSON.stringify(users)}`,
        ).not.toContain('Seq Scan');
        expect(
          users.map((n) => n['Index Name']),
          `${query}: ${JSON.stringify(rows[0]['QUERY PLAN'][0].Plan)}`,
        ).toContainEqual(expect.stringMatching(index));
      }
    } finally {
      await db.end();
    }
  });
});
