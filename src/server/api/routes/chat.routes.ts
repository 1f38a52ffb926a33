/**
 * NOTE: the chat calls of spec §7 "Chat" (ADR 018), mounted at /chat, plus the participants-only image files at
 * /chat/image/{messageId}/{original|thumb}. send-message takes JSON or, with an image, multipart: the multipart
 * form streams from the raw request, so it is listed in CHAT_UPLOAD_ROUTES (exempt from the JSON body limit).
 */
import { Hono, type Context } from 'hono';
import { rm } from 'node:fs/promises';
import * as v from 'valibot';
import type {
  CreateRoomResponse,
  MarkReadResponse,
  MyRoomsResponse,
  ParticipantsResponse,
  RenameResponse,
  RoomDetailResponse,
  SendMessageResponse,
  ToggleMuteResponse,
} from '../../../shared/chat-types.ts';
import { firstIssue } from '../../../shared/schemas/auth.ts';
import { MAX_BIGINT_ID, MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import {
  createRoomSchema,
  messagesPageSchema,
  myRoomsPageSchema,
  renameRoomSchema,
  roomMemberSchema,
  sendMessageSchema,
} from '../../../shared/schemas/chat.ts';
import { CHAT_IMAGE_MAX_BYTES } from '../../../shared/constants.ts';
import { chatNotFound } from '../../services/chat/chat-access.service.ts';
import { CHAT_IMAGE_ONLY, CHAT_IMAGE_TOO_LARGE, type Outgoing } from '../../services/chat/chat-messages.service.ts';
import { ServiceError, badRequest } from '../../errors.ts';
import type { Services } from '../../services/index.ts';
import { IMAGE_SIGNATURES } from '../../uploads/magic-bytes.ts';
import { receiveFile } from '../../uploads/multipart.ts';
import type { ApiEnv } from '../context.ts';
import { signedInPerson } from '../session.ts';
import { pathId, readJson, readQuery } from '../validate.ts';
import { serveStoredFile } from './stored-file.ts';
import { requestHeader } from '../headers.ts';

export const CHAT_UPLOAD_ROUTES = ['POST /api/chat/send-message'];

// An id that cannot be one is a room (or message) you cannot see. Rooms have integer ids; messages bigint ones.
const roomIdOf = (c: Context<ApiEnv>) => pathId(c, 'roomId', MAX_INT_ID, chatNotFound);

async function readOutgoing(c: Context<ApiEnv>, services: Services): Promise<Outgoing> {
  if (!/^multipart\/form-data/i.test(requestHeader(c, 'content-type') ?? '')) {
    const body = await readJson(c, sendMessageSchema);
    return { roomId: body.room_id, content: body.content, clientId: body.client_id };
  }
  const { file, fields } = await receiveFile(c.env.incoming, {
    field: 'image',
    maxBytes: CHAT_IMAGE_MAX_BYTES,
    signatures: IMAGE_SIGNATURES,
    messages: {
      missing: 'Attach an image (form field "image") or send JSON',
      unsupported: CHAT_IMAGE_ONLY,
      tooLarge: CHAT_IMAGE_TOO_LARGE,
    },
    sink: services.chatMessages.receiveImage,
    discard: (image) => rm(image.path, { force: true }),
  });
  const parsed = v.safeParse(sendMessageSchema, fields);
  if (!parsed.success) {
    await rm(file.path, { force: true });
    throw badRequest(firstIssue(parsed.issues));
  }
  return { roomId: parsed.output.room_id, content: parsed.output.content, clientId: parsed.output.client_id, image: file };
}

export function chatRoutes(services: Services) {
  const { chatRooms: rooms, chatGroups: groups, chatMessages: messages } = services;
  return new Hono<ApiEnv>()
    .post('/create-room', async (c) => {
      const me = signedInPerson(c);
      const result = await rooms.create(me, await readJson(c, createRoomSchema));
      return c.json<CreateRoomResponse>(result, result.created ? 201 : 200);
    })
    .get('/my-rooms', async (c) => c.json<MyRoomsResponse>(await rooms.myRooms(signedInPerson(c).id, readQuery(c, myRoomsPageSchema))))
    .get('/messages/:roomId', async (c) => {
      const me = signedInPerson(c);
      return c.json<RoomDetailResponse>(await rooms.detail(me.id, roomIdOf(c), readQuery(c, messagesPageSchema)));
    })
    .post('/send-message', async (c) => {
      const me = signedInPerson(c);
      const sent = await messages.send(me.id, await readOutgoing(c, services), c.var.countedByWrite);
      return c.json<SendMessageResponse>({ message: sent.message }, sent.created ? 201 : 200);
    })
    .post('/mark-all-read/:roomId', async (c) => c.json<MarkReadResponse>(await rooms.markRead(signedInPerson(c).id, roomIdOf(c))))
    .get('/participants/:roomId', async (c) => c.json<ParticipantsResponse>(await rooms.participants(signedInPerson(c).id, roomIdOf(c))))
    .put('/rename-group/:roomId', async (c) => {
      const me = signedInPerson(c);
      const { name } = await readJson(c, renameRoomSchema);
      return c.json<RenameResponse>(await rooms.rename(me.id, roomIdOf(c), name));
    })
    .post('/toggle-mute/:roomId', async (c) => c.json<ToggleMuteResponse>(await rooms.toggleMute(signedInPerson(c).id, roomIdOf(c))))
    .post('/group/:roomId/add', async (c) => {
      const me = signedInPerson(c);
      const { user_id } = await readJson(c, roomMemberSchema);
      return c.json<ParticipantsResponse>(await groups.add(me, roomIdOf(c), user_id));
    })
    .post('/group/:roomId/remove', async (c) => {
      const me = signedInPerson(c);
      const { user_id } = await readJson(c, roomMemberSchema);
      return c.json<ParticipantsResponse>(await groups.remove(me, roomIdOf(c), user_id));
    })
    .post('/group/:roomId/leave', async (c) => c.json(await groups.leave(signedInPerson(c), roomIdOf(c))))
    .get('/image/:messageId/:variant{original|thumb}', async (c) => {
      const me = signedInPerson(c);
      const variant = c.req.param('variant') as 'original' | 'thumb';
      const file = await messages.imageFile(me.id, pathId(c, 'messageId', MAX_BIGINT_ID, chatNotFound), variant);
      if (!file) throw new ServiceError(404, 'Image not found');
      return serveStoredFile(c, services.storage, file, { cacheControl: 'private, max-age=3600' });
    });
}
