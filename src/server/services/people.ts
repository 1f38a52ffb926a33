/**
 * NOTE: finding a person by the username in a path or body. Usernames are unique case-insensitively
 * (users_username_lower_key), so `Ann` and `ann` are the same person; unknown names are 404 'User not found'.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { ServiceError } from './errors.ts';

export type Person = { id: number; username: string };

export async function findPerson(db: Db, username: string): Promise<Person> {
  const [row] = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(sql`lower(${users.username})`, username.toLowerCase()));
  if (!row) throw new ServiceError(404, 'User not found');
  return row;
}
