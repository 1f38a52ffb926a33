import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
import type { LfgPlatform, LfgTag, LfgVisibility } from '../../../shared/lfg-values.ts';
import { chatRooms } from './chat.ts';
import { communities } from './communities.ts';
import { games } from './games.ts';
import { users } from './users.ts';

/**
 * Looking-for-group posts (ADR 052). `status` is 'open' until the host closes it ('closed') or its end job runs
 * ('ended'); 'full' is never stored: it is an open post whose accepted players fill `slots`. The party's group chat
 * (`roomId`) is made with the post and outlives it. `remindedAt` is set by the one reminder that went out.
 * The lists read only live posts (open, not yet ended): the partial indexes hold those alone, soonest first.
 */
export const lfgPosts = pgTable(
  'lfg_posts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    hostId: integer('host_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
    platform: text('platform').$type<LfgPlatform>().notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    slots: smallint('slots').notNull(),
    tags: text('tags')
      .array()
      .$type<LfgTag[]>()
      .notNull()
      .default(sql`'{}'::text[]`),
    visibility: text('visibility').$type<LfgVisibility>().notNull(),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['open', 'closed', 'ended'] })
      .notNull()
      .default('open'),
    roomId: integer('room_id').references(() => chatRooms.id, { onDelete: 'set null' }),
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list, by game or across games, soonest first (keyset on starts_at, id).
    index('lfg_posts_game_live_idx')
      .on(t.gameId, t.startsAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('lfg_posts_live_idx')
      .on(t.startsAt, t.id)
      .where(sql`${t.status} = 'open'`),
    index('lfg_posts_community_live_idx')
      .on(t.communityId, t.startsAt, t.id)
      .where(sql`${t.status} = 'open' and ${t.communityId} is not null`),
    // Every post of a game or community, whatever its status: a game merge moves them, a deletion removes them.
    index('lfg_posts_game_idx').on(t.gameId),
    index('lfg_posts_community_idx').on(t.communityId),
    // A host's posts: the open-post cap and 'Your groups'.
    index('lfg_posts_host_idx').on(t.hostId, t.startsAt),
    index('lfg_posts_room_idx').on(t.roomId),
    check('lfg_posts_slots_range', sql`${t.slots} between 1 and 15`),
    check('lfg_posts_status_known', sql`${t.status} in ('open', 'closed', 'ended')`),
    check('lfg_posts_platform_known', sql`${t.platform} in ('playstation', 'xbox', 'steam', 'nintendo', 'mobile')`),
    check(
      'lfg_posts_visibility_known',
      sql`(${t.visibility} in ('public', 'friends') and ${t.communityId} is null) or (${t.visibility} = 'community' and ${t.communityId} is not null)`,
    ),
    check('lfg_posts_ends_after_start', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/**
 * Who asked to join a post and what the host answered: 'requested', then 'accepted' (a member, in the chat) or
 * 'declined' (kept, so the same person cannot ask again). Leaving deletes the row. The host has no row.
 */
export const lfgMembers = pgTable(
  'lfg_members',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => lfgPosts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    state: text('state', { enum: ['requested', 'accepted', 'declined'] }).notNull(),
    message: text('message').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.userId] }),
    // A post's members and requests in the order they asked; counting the accepted ones.
    index('lfg_members_post_idx').on(t.postId, t.state, t.createdAt),
    // Your groups.
    index('lfg_members_user_idx').on(t.userId, t.postId),
    check('lfg_members_state_known', sql`${t.state} in ('requested', 'accepted', 'declined')`),
  ],
);

export type LfgPostRow = typeof lfgPosts.$inferSelect;
