/**
 * NOTE: what the feed cache keeps per viewer (ADR 037), in one round trip: the posts they liked from `fromId` on
 * (the oldest post the cached first page holds) and everyone blocked with them either way.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

export type ViewerFeedState = { liked: number[]; blocked: number[] };

export async function viewerFeedState(db: Db, viewerId: number, fromId: number): Promise<ViewerFeedState> {
  const result = await db.execute<ViewerFeedState>(sql`select
    array(select media_id from media_likes where user_id = ${viewerId} and media_id >= ${fromId}) as liked,
    array(select blocked_id from blocks where blocker_id = ${viewerId}
      union select blocker_id from blocks where blocked_id = ${viewerId}) as blocked`);
  const row = result.rows[0];
  return { liked: row?.liked ?? [], blocked: row?.blocked ?? [] };
}
