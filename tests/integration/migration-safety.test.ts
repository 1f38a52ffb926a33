/**
 * The safety migration backfills who caused each stored notification and what it is about, and keeps one like
 * notification per liker and post before its unique index requires it: proved on a database that holds data
 * written before the migration (migrated to the previous step first).
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { cleanup, emptyDatabaseThrough, migrateAll } from './support/migrations.ts';

const BEFORE_SAFETY = '0004_chat';
let client: pg.Client;
const likeIds: number[] = [];

beforeAll(async () => {
  const url = await emptyDatabaseThrough(BEFORE_SAFETY);
  client = new pg.Client({ connectionString: url });
  await client.connect();
  const user = async (n: string) =>
    (
      await client.query<{ id: number }>(
        `insert into users (username, email, password_hash, birthday) values ($1, $1 || '@x.test', 'x', '2000-01-01') returning id`,
        [n],
      )
    ).rows[0]!.id;
  const [author, liker, asker] = [await user('author'), await user('liker'), await user('asker')];
  const post = (
    await client.query<{ id: number }>(
      `insert into media (user_id, media_type, file_key, file_mime, file_bytes) values ($1, 'image', 'k', 'image/webp', 1) returning id`,
      [author],
    )
  ).rows[0]!.id;
  const like = { sender_id: liker, sender_username: 'liker', media_id: post, title: 'New Like', message: 'liker liked your post' };
  for (let i = 0; i < 3; i++) {
    const { rows } = await client.query<{ id: number }>(
      `insert into notifications (user_id, type, data) values ($1, 'like', $2) returning id`,
      [author, like],
    );
    likeIds.push(rows[0]!.id);
  }
  await client.query(`insert into notifications (user_id, type, data) values ($1, 'comment', $2)`, [
    author,
    { ...like, title: 'New Comment' },
  ]);
  await client.query(`insert into friendships (requester_id, addressee_id) values ($1, $2)`, [asker, author]);
  await client.query(`insert into notifications (user_id, type, data) values ($1, 'friend_request', $2)`, [
    author,
    { sender_id: asker, sender_username: 'asker', title: 'Friend Request', message: 'asker sent you a friend request' },
  ]);

  await migrateAll(url);
});

afterAll(async () => {
  await client?.end();
  await cleanup();
});

test('repeated like notifications collapse to the newest one; other kinds stay', async () => {
  const { rows } = await client.query<{ type: string; n: string }>(
    `select type, count(*) as n from notifications group by type order by type`,
  );
  expect(rows.map((r) => [r.type, Number(r.n)])).toEqual([
    ['comment', 1],
    ['friend_request', 1],
    ['like', 1],
  ]);
  const { rows: likes } = await client.query<{ id: number }>(`select id from notifications where type = 'like'`);
  expect(likes[0]!.id).toBe(Math.max(...likeIds));
});

test('actor and subject are filled from the stored data; a friend request points at its pending row', async () => {
  const { rows } = await client.query<{ type: string; actor: string; subject: number | null }>(
    `select n.type, u.username as actor, n.subject_id as subject from notifications n join users u on u.id = n.actor_id order by n.type`,
  );
  const { rows: request } = await client.query<{ id: number }>(`select id from friendships`);
  const { rows: post } = await client.query<{ id: number }>(`select id from media`);
  expect(rows).toEqual([
    { type: 'comment', actor: 'liker', subject: post[0]!.id },
    { type: 'friend_request', actor: 'asker', subject: request[0]!.id },
    { type: 'like', actor: 'liker', subject: post[0]!.id },
  ]);
});

test('the unique index now refuses a second like notification from the same liker on the same post', async () => {
  const { rows } = await client.query(`select user_id, actor_id, subject_id, data from notifications where type = 'like'`);
  const row = rows[0];
  await expect(
    client.query(`insert into notifications (user_id, type, data, actor_id, subject_id) values ($1, 'like', $2, $3, $4)`, [
      row.user_id,
      row.data,
      row.actor_id,
      row.subject_id,
    ]),
  ).rejects.toThrow(/notifications_like_once_key/);
});
