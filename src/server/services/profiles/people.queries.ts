/**
 * NOTE: finding a person by the username in a path or body. Usernames are unique case-insensitively
 * (users_username_lower_key), so `Ann` and `ann` are the same person; unknown names are 404 'User not found'.
 * `findVisiblePerson` also answers that 404 for someone blocked either way with the viewer (ADR 021): use it
 * wherever the person is looked at (profile, their posts); use `findPerson` for actions that must name them.
 */
import { and, eq, not, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import { eitherBlocked } from '../social/blocks.queries.ts';
import { ServiceError } from '../../errors.ts';

export type Person = { id: number; username: string };

const byName = (username: string) => eq(sql`lower(${users.username})`, username.toLowerCase());

async function first(db: Db, where: ReturnType<typeof and>): Promise<Person> {
  const [row] = await db.select({ id: users.id, username: users.username }).from(users).where(where);
  if (!row) throw new ServiceError(404, 'User not found');
  return row;
}

export const findPerson = (db: Db, username: string): Promise<Person> => first(db, byName(username));

export const findVisiblePerson = (db: Db, viewerId: number, username: string): Promise<Person> =>
  first(db, and(byName(username), not(eitherBlocked(users.id, viewerId))));
