/**
 * NOTE: granting and revoking roles. Only the admin CLI calls this (there is no HTTP route that changes a role),
 * so whoever holds the server's database holds the keys. Every change lands in the audit log with no actor.
 * A role applies at once: the database announces the change to every node (migration 0007), which drop that
 * person's cached sessions.
 */
import { eq, sql } from 'drizzle-orm';
import type { Role } from '../../../shared/moderation-values.ts';
import type { Db } from '../../db/client.ts';
import { moderationActions, users } from '../../db/schema/index.ts';
import { ServiceError } from '../../errors.ts';

export type RoleChange = { username: string; before: Role; after: Role };

export async function setRole(db: Db, username: string, role: Role): Promise<RoleChange> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id, username: users.username, role: users.role })
      .from(users)
      .where(eq(sql`lower(${users.username})`, username.toLowerCase()))
      .for('update')
      .limit(1);
    if (!user) throw new ServiceError(404, `No user named ${username}`);
    if (user.role !== role) {
      await tx.update(users).set({ role }).where(eq(users.id, user.id));
      await tx.insert(moderationActions).values({
        action: role === 'member' ? 'revoke_role' : 'grant_role',
        targetUserId: user.id,
        targetUsername: user.username,
        detail: `${user.role} → ${role}`,
      });
    }
    return { username: user.username, before: user.role, after: role };
  });
}
