/**
 * NOTE: chat shapes (spec §5 chat rules, §7 "Chat"), used by the chat dialogs, the composer and the API.
 * Multipart fields arrive as text, so ids accept digit strings too (wholeNumberField).
 */
import * as v from 'valibot';
import { CHAT_GROUP_MAX_PEOPLE, CHAT_MESSAGE_MAX, CHAT_NAME_MAX, CHAT_PAGE_MAX, LIST_PAGE_DEFAULT, LIST_PAGE_MAX } from '../constants.ts';
import {
  listPageSchema,
  MAX_BIGINT_ID,
  MAX_INT_ID,
  plainName,
  plainText,
  queryWholeNumber,
  requiredObject,
  wholeNumberField,
} from './fields.ts';

// Pure (it only builds a schema): bundlers drop calls whose result a page does not use.
/* @__NO_SIDE_EFFECTS__ */
const id = (name: string) =>
  v.pipe(
    wholeNumberField(name),
    v.minValue(1, `${name} must be a positive whole number`),
    v.maxValue(MAX_INT_ID, `${name} is not a known id`),
  );

const nameText = v.pipe(
  v.string('Chat name is required'),
  v.trim(),
  v.maxLength(CHAT_NAME_MAX, `Chat name must be at most ${CHAT_NAME_MAX} characters`),
  plainName('Chat name'),
);

/** Rename and group creation: non-blank (spec §5). */
export const chatNameField = v.pipe(nameText, v.nonEmpty('Chat name is required'));

/** POST /chat/create-room. A group needs a name and at least one friend; a 1-on-1 exactly one friend. */
export const createRoomSchema = v.pipe(
  requiredObject({
    name: v.optional(nameText, ''),
    user_ids: v.pipe(
      v.array(id('user_ids entry'), 'user_ids must be a list of user ids'),
      v.minLength(1, 'Select at least one friend'),
      v.maxLength(CHAT_GROUP_MAX_PEOPLE - 1, `A group holds at most ${CHAT_GROUP_MAX_PEOPLE} people`),
    ),
    is_group: v.boolean('is_group must be true or false'),
  }),
  v.check((r) => !r.is_group || r.name !== '', 'Chat name is required'),
  v.check((r) => r.is_group || r.user_ids.length === 1, 'Select one friend for a 1-on-1 chat'),
  v.transform((r) => ({ ...r, name: r.is_group ? r.name : '', user_ids: [...new Set(r.user_ids)] })),
);
export type CreateRoomInput = v.InferInput<typeof createRoomSchema>;

/** Message text: may be empty only when an image is attached (checked by the service and the composer). */
export const messageContentField = v.pipe(
  v.string('Message must be text'),
  v.trim(),
  v.maxLength(CHAT_MESSAGE_MAX, `Message must be at most ${CHAT_MESSAGE_MAX} characters`),
  plainText('Message', { newlines: true }),
);

/** The sender's idempotency key: a retry with the same key never stores a second message. */
export const clientIdField = v.pipe(
  v.string('client_id must be text'),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, 'client_id must be 8-64 letters, digits, - or _'),
);

/** POST /chat/send-message as JSON (text only). The multipart form carries the same fields plus `image`. */
export const sendMessageSchema = v.pipe(
  requiredObject({
    room_id: id('room_id'),
    content: v.optional(messageContentField, ''),
    client_id: v.optional(clientIdField),
  }),
);
export type SendMessageInput = v.InferInput<typeof sendMessageSchema>;
export const MESSAGE_EMPTY = 'Message cannot be empty';

export const renameRoomSchema = requiredObject({ name: chatNameField });
export const roomMemberSchema = requiredObject({ user_id: id('user_id') });

/** GET /chat/messages/{roomId}: `before` pages back, `after` catches up; not both. */
export const messagesPageSchema = v.pipe(
  v.object({
    before: v.optional(queryWholeNumber('before', MAX_BIGINT_ID)),
    after: v.optional(
      v.pipe(
        v.string(),
        v.digits('after must be a whole number'),
        v.transform(Number),
        v.maxValue(MAX_BIGINT_ID, `after must be at most ${MAX_BIGINT_ID}`),
      ),
    ),
    limit: v.optional(queryWholeNumber('limit', CHAT_PAGE_MAX)),
  }),
  v.check((q) => q.before === undefined || q.after === undefined, 'Use before or after, not both'),
);

/** GET /chat/my-rooms: a cursor is `<activity time in µs since 1970>.<room id>` of the last room of a page. */
export const myRoomsPageSchema = listPageSchema(
  (c) => /^\d{1,17}\.\d{1,10}$/.test(c) && Number(c.split('.')[1]) <= MAX_INT_ID,
  LIST_PAGE_DEFAULT,
  LIST_PAGE_MAX,
);
