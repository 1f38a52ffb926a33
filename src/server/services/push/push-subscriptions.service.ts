/**
 * NOTE: a person's push subscriptions and preferences (ADR 053). Rules:
 * - A subscription belongs to the session that made it (one per session: a browser that subscribes again replaces
 *   its old endpoint) and to nobody else: an endpoint subscribed by another account moves to it. At most
 *   PUSH_DEVICES_MAX per person; the oldest go first.
 * - The endpoint must pass the endpoint policy and the p256dh key must be a point on P-256 (else nothing could be
 *   encrypted to it): both are 400s, nothing stored.
 * - Unsubscribing touches only the caller's own rows and answers the same whether or not there was one.
 */
import { createECDH } from 'node:crypto';
import { and, desc, eq, ne, notInArray, sql } from 'drizzle-orm';
import { PUSH_PREFERENCE_DEFAULTS, type PushPreferences } from '../../../shared/push-values.ts';
import type { PushSubscriptionBody } from '../../../shared/schemas/push.ts';
import type { ActiveSession } from '../../auth/session-store.ts';
import type { Db } from '../../db/client.ts';
import { pushPreferences, pushSubscriptions, users } from '../../db/schema/index.ts';
import { isForeignKeyViolation, transaction } from '../../db/transaction.ts';
import { badRequest, ServiceError } from '../../errors.ts';
import type { EndpointPolicy } from './endpoint-policy.ts';

/** Browsers and devices one person may get pushes on. */
export const PUSH_DEVICES_MAX = 10;

function isCurvePoint(p256dh: string): boolean {
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(Buffer.from(p256dh, 'base64url')); // throws unless the point is on the curve
    return true;
  } catch {
    return false;
  }
}

const fromRow = (r: typeof pushPreferences.$inferSelect): PushPreferences => ({
  messages: r.messages,
  friend_requests: r.friendRequests,
  comments: r.comments,
  likes: r.likes,
  lfg: r.lfg,
  communities: r.communities,
});

export function createPushSubscriptions(deps: { db: Db; policy: EndpointPolicy; publicKey: string }) {
  const { db, policy } = deps;

  return {
    publicKey: () => deps.publicKey,

    async subscribe(session: ActiveSession, body: PushSubscriptionBody): Promise<void> {
      const refusal = policy.refusal(body.endpoint);
      if (refusal) throw badRequest(refusal);
      if (!isCurvePoint(body.keys.p256dh)) throw badRequest('keys.p256dh is not a P-256 public key');
      const endpoint = policy.normalized(body.endpoint);
      const row = { userId: session.userId, sessionId: session.id, endpoint, ...body.keys, failures: 0 };
      await transaction(db, async (tx) => {
        // One subscribe at a time per person, so two at once cannot both keep an eleventh device.
        await tx.execute(sql`select 1 from ${users} where ${users.id} = ${session.userId} for update`);
        await tx
          .insert(pushSubscriptions)
          .values(row)
          .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...row, createdAt: new Date() } });
        await tx
          .delete(pushSubscriptions)
          .where(and(eq(pushSubscriptions.sessionId, session.id), ne(pushSubscriptions.endpoint, endpoint)));
        const kept = tx
          .select({ id: pushSubscriptions.id })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.userId, session.userId))
          .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
          .limit(PUSH_DEVICES_MAX);
        await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, session.userId), notInArray(pushSubscriptions.id, kept)));
      }).catch((err: unknown) => {
        // The session ended (signed out elsewhere) while this ran: its row is gone, so the insert's key fails.
        throw isForeignKeyViolation(err) ? new ServiceError(401, 'Not signed in') : err;
      });
    },

    async unsubscribe(userId: number, endpoint: string): Promise<void> {
      const stored = policy.normalized(endpoint);
      await db.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, stored)));
    },

    /** The endpoint this session is subscribed with, if any (the account screen compares it with the browser's). */
    async endpointOf(session: ActiveSession): Promise<string | null> {
      const [row] = await db
        .select({ endpoint: pushSubscriptions.endpoint })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.sessionId, session.id));
      return row?.endpoint ?? null;
    },

    /** This session's subscription, for the test push. */
    async ofSession(session: ActiveSession): Promise<{ id: number; userId: number }> {
      const [row] = await db
        .select({ id: pushSubscriptions.id, userId: pushSubscriptions.userId })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.sessionId, session.id));
      if (!row) throw new ServiceError(404, 'This device is not subscribed');
      return row;
    },

    async preferences(userId: number): Promise<PushPreferences> {
      const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
      return row ? fromRow(row) : { ...PUSH_PREFERENCE_DEFAULTS };
    },

    async setPreferences(userId: number, p: PushPreferences): Promise<PushPreferences> {
      const set = {
        messages: p.messages,
        friendRequests: p.friend_requests,
        comments: p.comments,
        likes: p.likes,
        lfg: p.lfg,
        communities: p.communities,
      };
      const [row] = await db
        .insert(pushPreferences)
        .values({ userId, ...set })
        .onConflictDoUpdate({ target: pushPreferences.userId, set })
        .returning();
      return fromRow(row!);
    },
  };
}

export type PushSubscriptions = ReturnType<typeof createPushSubscriptions>;
