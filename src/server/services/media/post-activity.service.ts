/**
 * NOTE: shared by likes and comments: lock the post row for a counter change (404 when it is gone), and tell
 * its author after commit, never about their own action (ADR 014, 015). A post whose author is blocked either way
 * with the actor does not exist for them (404, ADR 021).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { NotificationType } from '../../../shared/api-types.ts';
import { media } from '../../db/schema/index.ts';
import type { AfterCommit, Tx } from '../../db/transaction.ts';
import { ServiceError } from '../../errors.ts';
import type { NotificationsService } from '../notifications/notifications.service.ts';
import type { Person } from '../profiles/people.queries.ts';
import { POST_NOT_FOUND } from './post-errors.service.ts';
import { postSeenBy } from './post-visibility.ts';

type Counter = 'likesCount' | 'commentsCount';

/**
 * Locks the post against a delete committing before the caller's insert (a foreign-key 500 otherwise) and checks
 * `viewerId` may see it; 404 when it is gone or its author and the viewer are blocked either way.
 */
export async function visiblePostFor(tx: Tx, viewerId: number, mediaId: number): Promise<void> {
  const [post] = await tx
    .select({ id: media.id })
    .from(media)
    .where(and(eq(media.id, mediaId), postSeenBy(viewerId)))
    .for('key share');
  if (!post) throw new ServiceError(404, POST_NOT_FOUND);
}

/** Adds `delta` to one of the post's counters and answers the new value and the post's author. */
export async function bumpCounter(tx: Tx, mediaId: number, counter: Counter, delta: number) {
  const column = media[counter];
  const [row] = await tx
    .update(media)
    .set({ [counter]: sql`${column} + ${delta}` })
    .where(eq(media.id, mediaId))
    .returning({ authorId: media.userId, value: column });
  if (!row) throw new ServiceError(404, POST_NOT_FOUND);
  return row;
}

export async function notifyAuthor(
  notifications: NotificationsService,
  tx: Tx,
  afterCommit: AfterCommit,
  event: { authorId: number; actor: Person; mediaId: number; type: Extract<NotificationType, 'like' | 'comment'> },
) {
  if (event.authorId === event.actor.id) return;
  const verb = event.type === 'like' ? 'liked' : 'commented on';
  const stored = await notifications.store(tx, event.authorId, event.type, {
    sender_username: event.actor.username,
    sender_id: event.actor.id,
    media_id: event.mediaId,
    title: event.type === 'like' ? 'New Like' : 'New Comment',
    message: `${event.actor.username} ${verb} your post`,
  });
  afterCommit(stored.push);
}
