import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { communities } from './communities.ts';
import { games } from './games.ts';
import { users } from './users.ts';

/**
 * A post (ADR 015). `fileKey`/`thumbKey` name files in the media storage (generated, never from the client).
 * A video is `processing` from its upload until the media pipeline (ADR 051) has made what is served: until then
 * `fileKey` names the file as uploaded, `thumbKey`/`posterKey` are null and only its author sees it; `ready`, it
 * names the processed MP4, with a poster (`posterKey`), a square thumbnail and its duration. Photos are born ready. The counts change in the same transaction as the
 * like or comment rows, so lists need no aggregation. Feed order is the id (keyset on the primary key).
 */
export const media = pgTable(
  'media',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mediaType: text('media_type', { enum: ['image', 'video'] }).notNull(),
    caption: text('caption').notNull().default(''),
    fileKey: text('file_key').notNull(),
    fileMime: text('file_mime').notNull(),
    fileBytes: bigint('file_bytes', { mode: 'number' }).notNull(),
    thumbKey: text('thumb_key'),
    posterKey: text('poster_key'),
    width: integer('width'),
    height: integer('height'),
    // A ThumbHash of the picture (storage/placeholder.ts), shown until the picture arrives.
    placeholder: text('placeholder'),
    durationMs: integer('duration_ms'),
    status: text('status', { enum: ['processing', 'ready'] })
      .notNull()
      .default('ready'),
    // While processing: the share of the clip written (0-100) and the job doing it (cancelled with the post).
    progress: integer('progress'),
    jobId: text('job_id'),
    likesCount: integer('likes_count').notNull().default(0),
    commentsCount: integer('comments_count').notNull().default(0),
    // The game the post is about (optional); a deleted game leaves the post untagged.
    gameId: integer('game_id').references(() => games.id, { onDelete: 'set null' }),
    // The community the post was shared into (ADR 049): only those who see the community's content see it.
    // Deleting the community deletes its posts (the service removes their files first).
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    // Set while a community moderator has it pinned (at most 3 per community, first in its list).
    pinnedAt: timestamp('pinned_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A community's posts, newest first, by the feed's keyset; its pins by a small partial index.
    index('media_community_id_idx')
      .on(t.communityId, t.id.desc())
      .where(sql`${t.communityId} is not null`),
    index('media_community_pins_idx')
      .on(t.communityId, t.pinnedAt)
      .where(sql`${t.pinnedAt} is not null`),
    // The plain feed leaves community posts out: its keyset walks this partial index.
    index('media_outside_communities_idx')
      .on(t.id.desc())
      .where(sql`${t.communityId} is null`),
    check('media_pins_in_communities', sql`${t.pinnedAt} is null or ${t.communityId} is not null`),
    // A user's grid, newest first, by keyset.
    index('media_user_id_idx').on(t.userId, t.id.desc()),
    // A game's posts, newest first, by the same keyset as the feed (the id).
    index('media_game_id_idx')
      .on(t.gameId, t.id.desc())
      .where(sql`${t.gameId} is not null`),
    check('media_type_known', sql`${t.mediaType} in ('image', 'video')`),
    check('media_status_known', sql`${t.status} in ('processing', 'ready')`),
    check('media_counts_not_negative', sql`${t.likesCount} >= 0 and ${t.commentsCount} >= 0`),
  ],
);

/** One like per person and post: the primary key makes a second like a no-op. */
export const mediaLikes = pgTable(
  'media_likes',
  {
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mediaId, t.userId] }), index('media_likes_user_idx').on(t.userId)],
);

export const mediaComments = pgTable(
  'media_comments',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    mediaId: integer('media_id')
      .notNull()
      .references(() => media.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_comments_media_idx').on(t.mediaId, t.id), index('media_comments_user_idx').on(t.userId)],
);

export type MediaRow = typeof media.$inferSelect;
