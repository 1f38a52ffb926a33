/**
 * Hostile input on every operation /api/openapi.json lists (so routes added later are covered once they are
 * documented), signed in with a valid CSRF token, aimed at real targets (a friend, a shared room, their post):
 * hostile path parameters, query values, JSON fields, raw bodies and content types. Asserts:
 * - no answer is a 5xx;
 * - a hostile path parameter on a state-changing call, and any hostile body on a call that documents one, is
 *   refused (4xx): validators, not luck, stop them;
 * - nothing was stored: the row count of every content table is unchanged after each operation, unless that
 *   operation accepted a request that may be accepted (a call without a documented body, such as like, ignores
 *   the body and does its work on the real target; a comment may well read 'NaN').
 * Deterministic: fixed values, operations in document order, sign-out last.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaItem } from '../../src/shared/api-types.ts';
import { signUp, type SignedUp } from './support/accounts.ts';
import { befriend, createDirect, say } from './support/chat.ts';
import type { ApiClient } from './support/http-client.ts';
import { post } from './support/media.ts';
import { useTestServer } from './support/server.ts';
import { idOf, nameOf } from './support/social.ts';

const app = useTestServer();
type Op = { method: string; path: string; bodyKeys: string[] | null; queryKeys: string[] };
type Outcome = { op: string; what: string; status: number };

const LONG = 'x'.repeat(10_000);
/** No field of any call may accept these. */
const HOSTILE_VALUES: unknown[] = ['a\u0000b', '\ud800', 'x\udfffy', 1e308, 2 ** 63, -1, 1.5, [], ['x'], {}, { a: 1 }, LONG];
/** Hostile where a number or a name is expected, yet fine words for a bio or a comment: they may be accepted there. */
const PLAUSIBLE_TEXT: unknown[] = ['NaN', '../../etc/passwd', '1e308'];
const HOSTILE_TEXT = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '-1',
  '0',
  '1.5',
  '1e308',
  'NaN',
  '9223372036854775808',
  '2147483648',
  '..%2F..%2Fetc%2Fpasswd',
  '[]',
  LONG,
];
const HOSTILE_PATH = [
  '0',
  '-1',
  '1.5',
  '1e308',
  'NaN',
  '2147483648',
  '9223372036854775808',
  '99999999999999999999',
  '..%2F..%2Fetc',
  '%00',
  'a%00b',
  '%ED%A0%80',
  LONG,
];
const RAW_BODIES: Array<{ what: string; type: string; body: string }> = [
  { what: 'malformed JSON', type: 'application/json', body: '{"a":' },
  { what: 'empty JSON', type: 'application/json', body: '' },
  { what: 'JSON null', type: 'application/json', body: 'null' },
  { what: 'JSON array', type: 'application/json', body: '[1,2]' },
  { what: 'JSON string', type: 'application/json', body: '"\\u0000"' },
  { what: 'JSON 1e999', type: 'application/json', body: '{"id":1e999,"room_id":1e999,"content":1e999}' },
  { what: 'text/plain', type: 'text/plain', body: '{"content":"hi"}' },
  { what: 'form-urlencoded', type: 'application/x-www-form-urlencoded', body: 'content=hi&room_id=1' },
  { what: 'multipart garbage', type: 'multipart/form-data; boundary=zz', body: '--zz\r\ngarbage\r\n--zz--' },
  { what: 'multipart no boundary', type: 'multipart/form-data', body: 'garbage' },
];

let me: SignedUp;
let friend: SignedUp;
let targets: Record<string, string>;
let db: ReturnType<typeof app.database.connect>;
let contentTables: string[];

async function rowCounts(): Promise<Record<string, number>> {
  const select = contentTables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ');
  return (await db.query(`select ${select}`)).rows[0] as Record<string, number>;
}

/** A real target for a path parameter, by its name. */
function validParam(name: string): string {
  if (/username/i.test(name)) return `@${nameOf(friend)}`;
  if (/variant/i.test(name)) return 'thumb';
  for (const [pattern, value] of Object.entries(targets)) if (new RegExp(pattern, 'i').test(name)) return value;
  return targets.id!;
}

const fill = (path: string, override: Record<string, string> = {}) =>
  path.replace(/(@?)\{(\w+)\}/g, (_, at: string, name: string) => override[name] ?? (at ? validParam('username') : validParam(name)));

async function send(client: ApiClient, op: Op, path: string, body?: { type: string; text: string }) {
  const headers: Record<string, string> = body ? { 'content-type': body.type } : {};
  return client.call(op.method.toUpperCase(), `/api${path}`, undefined, { headers, rawBody: body?.text });
}

beforeAll(async () => {
  me = await signUp(app.origin);
  friend = await signUp(app.origin);
  await befriend(me, friend);
  const room = await createDirect(me, friend);
  const message = await say(friend, room, 'hello');
  const item: MediaItem = await post(friend);
  const comment = await friend.client.post<{ comment: { id: number } }>(`/api/media/${item.id}/comments`, { content: 'first' });
  targets = {
    room: String(room),
    message: String(message.id),
    comment: String(comment.body.comment?.id ?? 1),
    'friend|user': String(idOf(friend)),
    request: '1',
    id: String(item.id),
  };
  db = app.database.connect();
  await db.connect();
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  // Sessions and rate-limit counters change with any request; migrations are not content.
  contentTables = tables.rows.map((r) => r.name).filter((t) => !/session|rate|limit|migration|throttl|lockout/i.test(t));
}, 60_000);
afterAll(async () => db?.end());

describe('fuzzing every documented operation', () => {
  it('never answers 5xx, refuses hostile values, and stores nothing it refused', { timeout: 120_000 }, async () => {
    const doc = (await app.client().get<{ paths: Record<string, Record<string, Record<string, unknown>>> }>('/api/openapi.json')).body;
    const ops: Op[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, spec] of Object.entries(methods)) {
        const schema = (spec.requestBody as { content?: Record<string, { schema?: { properties?: object } }> } | undefined)?.content?.[
          'application/json'
        ]?.schema;
        const bodyKeys = spec.requestBody ? Object.keys(schema?.properties ?? {}) : null;
        const queryKeys = ((spec.parameters as Array<{ name: string; in: string }> | undefined) ?? [])
          .filter((p) => p.in === 'query')
          .map((p) => p.name);
        ops.push({ method, path, bodyKeys, queryKeys });
      }
    }
    expect(ops.length).toBeGreaterThan(30);
    // Signing out would end the session every later call uses.
    ops.sort((a, b) => Number(a.path === '/auth/logout') - Number(b.path === '/auth/logout'));

    const serverErrors: Outcome[] = [];
    const wronglyAccepted: Outcome[] = [];
    const accepting = new Set<string>();
    const changedWithoutAccepting: string[] = [];
    for (const op of ops) {
      const name = `${op.method.toUpperCase()} ${op.path}`;
      const changes = op.method !== 'get';
      const before = await rowCounts();
      let accepted = false;
      const check = (what: string, status: number, mustRefuse: boolean) => {
        const outcome = { op: name, what, status };
        if (status >= 500) serverErrors.push(outcome);
        if (status >= 200 && status < 300) {
          accepted = true;
          if (mustRefuse) wronglyAccepted.push(outcome);
        }
      };

      if (!changes) check('as documented', (await send(me.client, op, fill(op.path))).status, false);
      for (const param of [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!)) {
        for (const value of HOSTILE_PATH) {
          const res = await send(me.client, op, fill(op.path, { [param]: op.path.includes(`@{${param}}`) ? `@${value}` : value }));
          check(`path ${param}=${value.slice(0, 30)}`, res.status, changes);
        }
      }
      for (const key of op.queryKeys) {
        for (const value of HOSTILE_TEXT) {
          const res = await send(me.client, op, `${fill(op.path)}?${key}=${value}`);
          check(`query ${key}=${value.slice(0, 30)}`, res.status, false);
        }
      }
      if (changes) {
        const documented = op.bodyKeys !== null;
        const keys = op.bodyKeys?.length ? op.bodyKeys : ['content', 'id'];
        for (const value of [...HOSTILE_VALUES, ...PLAUSIBLE_TEXT]) {
          const mustRefuse = documented && HOSTILE_VALUES.includes(value);
          const everyField = JSON.stringify(Object.fromEntries(keys.map((k) => [k, value])));
          const res = await send(me.client, op, fill(op.path), { type: 'application/json', text: everyField });
          check(`every field ${JSON.stringify(value).slice(0, 30)}`, res.status, mustRefuse);
          for (const key of keys) {
            const one = await send(me.client, op, fill(op.path), { type: 'application/json', text: JSON.stringify({ [key]: value }) });
            check(`${key}=${JSON.stringify(value).slice(0, 30)}`, one.status, mustRefuse);
          }
        }
        for (const raw of RAW_BODIES) {
          const res = await send(me.client, op, fill(op.path), { type: raw.type, text: raw.body });
          check(raw.what, res.status, documented);
        }
      }

      const after = await rowCounts();
      if (accepted) accepting.add(name);
      else if (JSON.stringify(after) !== JSON.stringify(before))
        changedWithoutAccepting.push(`${name}: ${JSON.stringify(before)} → ${JSON.stringify(after)}`);
    }

    expect(serverErrors).toEqual([]);
    expect(wronglyAccepted).toEqual([]);
    expect(changedWithoutAccepting).toEqual([]);
    // Still signed in until the last call: the run exercised what it meant to.
    expect(accepting.has('GET /profile/')).toBe(true);
  });
});
