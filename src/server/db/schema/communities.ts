import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { CommunityRole, CommunityVisibility, ModAction } from '../../../shared/community-values.ts';
import { games } from './games.ts';
import { users } from './users.ts';

/**
 * Communities (ADR 049). `slug` names one in every URL (from its name, unique, never reused while it exists).
 * `memberCount` is kept by a trigger on community_members (migration 0015), so lists never count members.
 * `ownerId` is the one owner (also a member row with role 'owner'); an owner's account deletion hands the
 * community on first (services/communities/community-handover.ts), so the null is only a safety net.
 */
export const communities = pgTable(
  'communities',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    visibility: text('visibility').$type<CommunityVisibility>().notNull(),
    rules: text('rules')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    iconKey: text('icon_key'),
    bannerKey: text('banner_key'),
    memberCount: integer('member_count').notNull().default(0),
    // Last post, channel message or join: discovery's 'popular' weighs it with the member count.
    activeAt: timestamp('active_at', { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('communities_slug_key').on(t.slug),
    // Discovery: popular first (members, then id), by keyset; search by name prefix and by word (trigram).
    index('communities_popular_idx').on(t.memberCount.desc(), t.id.desc()),
    index('communities_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('communities_name_trgm_idx').using('gin', sql`lower(${t.name}) gin_trgm_ops`),
    check('communities_visibility_known', sql`${t.visibility} in ('public', 'request', 'invite')`),
  ],
);

/** The games a community is about (up to five). */
export const communityGames = pgTable(
  'community_games',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    gameId: integer('game_id')
      .notNull()
      .references(() => games.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.gameId] }), index('community_games_game_idx').on(t.gameId, t.communityId)],
);

/**
 * Members with their role. `rank` orders the member list (owner, moderators, members) and is what "never above
 * their own role" compares: a lower rank is the higher role.
 */
export const communityMembers = pgTable(
  'community_members',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<CommunityRole>().notNull(),
    rank: smallint('rank')
      .notNull()
      .generatedAlwaysAs(sql`case role when 'owner' then 0 when 'moderator' then 1 else 2 end`),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    // The newest message id when they joined: in a channel they have not read yet, only later ones are unread.
    chatReadFloor: bigint('chat_read_floor', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    // The member list by keyset: role, then who joined first.
    index('community_members_list_idx').on(t.communityId, t.rank, t.joinedAt, t.userId),
    // 'Your communities'.
    index('community_members_user_idx').on(t.userId, t.communityId),
    check('community_members_role_known', sql`${t.role} in ('owner', 'moderator', 'member')`),
  ],
);

/** Requests to join a 'request' community, waiting for a moderator. */
export const communityRequests = pgTable(
  'community_requests',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.communityId, t.userId] }),
    index('community_requests_list_idx').on(t.communityId, t.createdAt, t.userId),
    index('community_requests_user_idx').on(t.userId),
  ],
);

/** A ban keeps someone out until `endsAt` (null: until lifted). An ended ban is ignored, then replaced or lifted. */
export const communityBans = pgTable(
  'community_bans',
  {
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull().default(''),
    bannedBy: integer('banned_by').references(() => users.id, { onDelete: 'set null' }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.communityId, t.userId] }), index('community_bans_user_idx').on(t.userId)],
);

/** Invites by link: `code` is random (never derived from anything), used at most `maxUses` times until `expiresAt`. */
export const communityInvites = pgTable(
  'community_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    maxUses: integer('max_uses').notNull(),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('community_invites_code_key').on(t.code),
    index('community_invites_community_idx').on(t.communityId, t.id.desc()),
    check('community_invites_uses', sql`${t.uses} >= 0 and ${t.uses} <= ${t.maxUses}`),
  ],
);

/** What moderators did, newest first: who, to whom, why. Rows outlive the people in them (names kept as text). */
export const communityModlog = pgTable(
  'community_modlog',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    communityId: integer('community_id')
      .notNull()
      .references(() => communities.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action').$type<ModAction>().notNull(),
    targetId: integer('target_id').references(() => users.id, { onDelete: 'set null' }),
    targetName: text('target_name'),
    reason: text('reason').notNull().default(''),
    detail: text('detail').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('community_modlog_list_idx').on(t.communityId, t.id.desc())],
);

export type CommunityRow = typeof communities.$inferSelect;
