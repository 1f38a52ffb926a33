import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { communities } from './communities.ts';
import { users } from './users.ts';

/**
 * Chat rooms (ADR 018). A 1-on-1 has no name (it shows the other person's) and its pair in `directKey`
 * ("<lower id>:<higher id>", unique), so a pair has at most one. `lastMessageId` orders the chats list and is
 * bumped in the message's transaction. A group's `ownerId` passes on when the owner leaves.
 * A community's channel (ADR 049) is a group with `communityId` and no owner: its readers are the community's
 * members, never its chat_participants rows (those hold only a member's read mark and mute for it).
 */
export const chatRooms = pgTable(
  'chat_rooms',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name'),
    isGroup: boolean('is_group').notNull(),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    directKey: text('direct_key'),
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    communityId: integer('community_id').references(() => communities.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chat_rooms_direct_key').on(t.directKey),
    // A community's channels by name (names are unique in it); also what finds them when it is deleted.
    uniqueIndex('chat_rooms_channel_name_key')
      .on(t.communityId, t.name)
      .where(sql`${t.communityId} is not null`),
    check('chat_rooms_channel_kind', sql`${t.communityId} is null or (${t.isGroup} and ${t.ownerId} is null)`),
    check(
      'chat_rooms_kind',
      sql`(${t.isGroup} and ${t.directKey} is null and ${t.name} is not null) or (not ${t.isGroup} and ${t.directKey} is not null)`,
    ),
  ],
);

/**
 * Who is in a room. Unread = messages after `lastReadMessageId` that someone else sent. For a channel a row is only
 * a member's read mark and mute, written when they read or mute it: it grants nothing (chat-access.service.ts).
 */
export const chatParticipants = pgTable(
  'chat_participants',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    muted: boolean('muted').notNull().default(false),
    lastReadMessageId: bigint('last_read_message_id', { mode: 'number' }).notNull().default(0),
    // A 1-on-1 the participant left: hidden from their list while the room's lastMessageId is at most this.
    hiddenThroughMessageId: bigint('hidden_through_message_id', { mode: 'number' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.roomId, t.userId] }), index('chat_participants_user_idx').on(t.userId)],
);

/**
 * Messages, in id order. `clientId` is the sender's idempotency key: (sender, client id) is unique, so a retried
 * send finds the stored message instead of adding a second. Image keys name files in the media storage.
 */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    roomId: integer('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    // Null once the sender deleted their account: the message stays, shown as from 'Deleted user'.
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    messageType: text('message_type', { enum: ['text', 'image'] }).notNull(),
    content: text('content').notNull().default(''),
    imageKey: text('image_key'),
    thumbKey: text('thumb_key'),
    clientId: text('client_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('chat_messages_room_idx').on(t.roomId, t.id),
    // The pictures of a room (or a community's channels) when it is deleted: without it, every message is read.
    index('chat_messages_room_images_idx')
      .on(t.roomId)
      .where(sql`${t.imageKey} is not null`),
    uniqueIndex('chat_messages_client_key').on(t.senderId, t.clientId),
    check('chat_messages_type_known', sql`${t.messageType} in ('text', 'image')`),
  ],
);

export type ChatRoomRow = typeof chatRooms.$inferSelect;
export type ChatMessageRow = typeof chatMessages.$inferSelect;
