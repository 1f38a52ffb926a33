/**
 * NOTE: sending and serving messages (ADR 018 "Nothing lost"). `send` answers only after the row commits — the
 * HTTP response is the acknowledgement — and a repeated `client_id` from the same sender answers the stored
 * message (`created: false`) instead of storing another. `chat_message` goes to every participant after commit.
 * Images arrive through `receiveImage` (the multipart sink: spooled, limited), are re-encoded like post photos
 * and removed again if the message is not stored. In a 1-on-1 between people blocked either way nobody sends
 * (403; the history stays readable) and typing is not relayed; a group they share keeps flowing (ADR 021).
 */
import { rm } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { DELETED_USER_NAME, type ChatMessage } from '../../../shared/chat-types.ts';
import { CHAT_IMAGE_MAX_BYTES } from '../../../shared/constants.ts';
import { secondsUntil } from '../../auth/rate-limiter.ts';
import type { CountedByWrite } from '../../auth/write-buckets.ts';
import { MESSAGE_EMPTY } from '../../../shared/schemas/chat.ts';
import type { Db } from '../../db/client.ts';
import { chatMessages } from '../../db/schema/index.ts';
import { isForeignKeyViolation, type Executor } from '../../db/transaction.ts';
import { makeImageVariants } from '../../storage/image-variants.ts';
import { newKey, type MediaStorage } from '../../storage/media-storage.ts';
import type { ImageType } from '../../uploads/magic-bytes.ts';
import { spool, type Spooled } from '../../uploads/spool.ts';
import { CANNOT_INTERACT, requireInteraction } from '../social/blocks.service.ts';
import { chatNotFound, directPeerOf, membershipOf, readsRoomSql } from './chat-access.service.ts';
import { channelTyping, messageById, toChatMessage, typingParticipants } from './chat-messages.queries.ts';
import { createMessageStore } from './chat-send.queries.ts';
import { ServiceError, badRequest, conflict } from '../../errors.ts';
import type { EventBus } from '../event-bus.ts';

export const CHAT_IMAGE_ONLY = 'Only images can be sent (JPEG, PNG, GIF or WebP)';
export const CHAT_IMAGE_TOO_LARGE = `Images must be at most ${CHAT_IMAGE_MAX_BYTES / 2 ** 20} MB`;

export type Outgoing = {
  roomId: number;
  content: string;
  clientId?: string | undefined;
  image?: (Spooled & { type: ImageType }) | undefined;
};
type StoredImage = { imageKey: string; thumbKey: string };
/** Who hears someone typing: `others` by id, or for a channel its `community`'s members (but the typist). */
export type TypingAudienceOf = { username: string; others: number[]; community: number | null };

/** The sender is in the room, and in a 1-on-1 may still deal with the other person; 404 / 403 otherwise. */
async function checkSender(exec: Executor, roomId: number, senderId: number): Promise<void> {
  const { room } = await membershipOf(exec, roomId, senderId);
  if (room.isGroup) return;
  const peer = await directPeerOf(exec, roomId, senderId);
  if (peer !== null) await requireInteraction(exec, senderId, peer);
}

export function createChatMessagesService(deps: { db: Db; bus: EventBus; storage: MediaStorage }) {
  const { db, bus, storage } = deps;
  // Sends arriving together share one statement and commit (group commit); each is answered after that commit.
  const storeMessage = createMessageStore(db);

  async function storeImage(image: Spooled & { type: ImageType }): Promise<StoredImage> {
    const variants = await makeImageVariants(image.path, image.type, 'inside').catch((err: unknown) => {
      throw err instanceof ServiceError && err.status === 415 ? new ServiceError(415, CHAT_IMAGE_ONLY) : err;
    });
    const stored = { imageKey: newKey('webp'), thumbKey: newKey('webp') };
    await storage.put(stored.imageKey, variants.display);
    try {
      await storage.put(stored.thumbKey, variants.thumb);
    } catch (err) {
      await storage.remove(stored.imageKey);
      throw err;
    }
    return stored;
  }

  async function resend(senderId: number, roomId: number, clientId: string): Promise<ChatMessage | null> {
    const [row] = await db
      .select({ id: chatMessages.id, roomId: chatMessages.roomId })
      .from(chatMessages)
      .where(and(eq(chatMessages.senderId, senderId), eq(chatMessages.clientId, clientId)));
    if (!row) return null;
    if (row.roomId !== roomId) throw conflict('client_id was already used for another message');
    return messageById(db, row.id);
  }

  /**
   * Stores the message in one statement and announces it; null when the client_id was used before. With `limit`,
   * the same statement counts the send against it (and stores nothing when over).
   */
  async function insert(senderId: number, out: Outgoing, image: StoredImage | null, limit?: CountedByWrite): Promise<ChatMessage | null> {
    const messageType = image ? 'image' : 'text';
    const stored = await storeMessage({
      roomId: out.roomId,
      senderId,
      messageType,
      content: out.content,
      clientId: out.clientId ?? null,
      imageKey: image?.imageKey ?? null,
      thumbKey: image?.thumbKey ?? null,
      limit: limit ? { key: limit.key, max: limit.max, windowEndsAt: new Date(Date.now() + limit.windowMs) } : null,
    });
    if (limit) {
      limit.counted = true;
      if (stored.limitedUntil) limit.wait = secondsUntil(stored.limitedUntil);
    }
    // The write limits answer with how long to wait.
    if (stored.limitedUntil) throw new ServiceError(429, 'Too many chat messages');
    if (!stored.member) throw chatNotFound();
    if (stored.blocked) throw new ServiceError(403, CANNOT_INTERACT);
    if (stored.id === null) return null;
    // Built from what the insert answered: the same shape messageById reads back (the sender exists: it just sent).
    const message = toChatMessage({
      id: stored.id,
      roomId: out.roomId,
      senderId,
      senderName: stored.senderName ?? DELETED_USER_NAME,
      messageType,
      content: out.content,
      imageKey: image?.imageKey ?? null,
      clientId: out.clientId ?? null,
      createdAt: stored.createdAt!,
    });
    // The statement committed when it answered: the event goes out after the commit, as from a transaction.
    if (stored.community === null) bus.toUsers(stored.audience, 'chat_message', message);
    else bus.toMembers(stored.community, 'chat_message', message);
    return message;
  }

  async function sendOnce(senderId: number, out: Outgoing, limit?: CountedByWrite): Promise<{ message: ChatMessage; created: boolean }> {
    if (!out.image && out.content === '') throw badRequest(MESSAGE_EMPTY);
    if (out.image) {
      // Only images are checked ahead (the send statement checks again): a stranger's or a retried image is never
      // re-encoded and stored. Text goes straight in; a repeated client_id is caught by the insert.
      await checkSender(db, out.roomId, senderId);
      const earlier = out.clientId ? await resend(senderId, out.roomId, out.clientId) : null;
      if (earlier) return { message: earlier, created: false };
    }
    const image = out.image ? await storeImage(out.image) : null;
    const dropImage = async () => void (image && (await Promise.all([storage.remove(image.imageKey), storage.remove(image.thumbKey)])));
    try {
      const message = await insert(senderId, out, image, limit);
      if (message) return { message, created: true };
      // The client_id was used before (a retry, perhaps racing the original): the first one stored is the answer.
      await dropImage();
      return { message: (await resend(senderId, out.roomId, out.clientId!))!, created: false };
    } catch (err) {
      await dropImage();
      // The room went away (its last member left) between the membership check and the insert.
      throw isForeignKeyViolation(err) ? chatNotFound() : err;
    }
  }

  return {
    /** The multipart sink for `image`: spooled to disk within CHAT_IMAGE_MAX_BYTES. */
    receiveImage: (source: Readable, type: ImageType) =>
      spool(storage.spoolDir, source, [], CHAT_IMAGE_MAX_BYTES, () => new ServiceError(413, CHAT_IMAGE_TOO_LARGE)).then((file) => ({
        ...file,
        type,
      })),

    /** `limit`: the sender's write limit for this send, counted by the send statement itself (text sends). */
    async send(senderId: number, out: Outgoing, limit?: CountedByWrite): Promise<{ message: ChatMessage; created: boolean }> {
      try {
        return await sendOnce(senderId, out, limit);
      } finally {
        // The spooled upload was read by sharp (or never needed): whatever happened, it goes.
        if (out.image) await rm(out.image.path, { force: true });
      }
    },

    /** The file of an image message, for a participant of its room only (null otherwise). */
    async imageFile(userId: number, messageId: number, variant: 'original' | 'thumb') {
      const [row] = await db
        .select({ imageKey: chatMessages.imageKey, thumbKey: chatMessages.thumbKey, created: chatMessages.createdAt })
        .from(chatMessages)
        .where(and(eq(chatMessages.id, messageId), readsRoomSql(chatMessages.roomId, userId)));
      const key = variant === 'original' ? row?.imageKey : row?.thumbKey;
      return row && key ? { key, mime: 'image/webp', created: row.created } : null;
    },

    /**
     * Who hears a participant's typing (the other participants), or null when `userId` is not in the room. In a
     * 1-on-1 nobody across a block either way hears it, as no message can follow; a shared group or channel keeps
     * flowing (ADR 021).
     * Callers caching it follow block changes (realtime/typing-relay.ts).
     */
    async typingAudience(userId: number, roomId: number): Promise<TypingAudienceOf | null> {
      const channel = await channelTyping(db, roomId, userId);
      if (channel !== undefined) return channel && { username: channel.username, others: [], community: channel.community };
      const rows = await typingParticipants(db, roomId, userId);
      const me = rows.find((r) => r.id === userId);
      if (!me) return null;
      const others = rows.filter((r) => r.id !== userId && (me.isGroup || !r.blocked)).map((r) => r.id);
      return { username: me.username, others, community: null };
    },
  };
}

export type ChatMessagesService = ReturnType<typeof createChatMessagesService>;
