/** OpenAPI descriptions of the chat calls (chat.routes.ts; ADR 018). A room you are not in is 404 everywhere. */
import {
  createRoomSchema,
  messagesPageSchema,
  renameRoomSchema,
  roomMemberSchema,
  sendMessageSchema,
} from '../../../shared/schemas/chat.ts';
import type { Operation } from '../openapi.ts';

const common = { 401: 'signed out', 403: 'bad CSRF token', 404: 'no such chat (or you are not in it)' };
const group = { ...common, 400: 'not a group chat, or a bad body' };

export const chatOperations: Operation[] = [
  {
    method: 'post',
    path: '/chat/create-room',
    tag: 'chat',
    summary: 'Start a group (name and at least one friend) or a 1-on-1 (one friend; an existing one is answered with 200)',
    body: createRoomSchema,
    signedIn: true,
    responses: {
      201: '{room_id, created: true}',
      200: '{room_id, created: false}',
      400: 'bad body',
      401: 'signed out',
      403: 'not your friends, or bad CSRF token',
    },
  },
  {
    method: 'get',
    path: '/chat/my-rooms',
    tag: 'chat',
    summary: 'Your rooms, newest activity first, with unread_count, muted, timestamp and lastMessage',
    signedIn: true,
    responses: { 200: '{rooms}', 401: 'signed out' },
  },
  {
    method: 'get',
    path: '/chat/messages/:roomId',
    tag: 'chat',
    summary: 'Room detail and the newest messages (oldest first); ?before={id} pages back, ?after={id} catches up',
    query: messagesPageSchema,
    signedIn: true,
    responses: {
      200: '{room_id, room_name, is_group, muted, owner_id, participants, messages, has_more}',
      400: 'bad paging value',
      ...common,
    },
  },
  {
    method: 'post',
    path: '/chat/send-message',
    tag: 'chat',
    summary:
      'Send JSON {room_id, content, client_id?} or multipart (room_id, content?, client_id?, image). Answered after it is stored; a repeated client_id answers the stored message (200). Pushes chat_message to the participants.',
    body: sendMessageSchema,
    signedIn: true,
    responses: {
      201: '{message}',
      200: '{message} (already sent)',
      400: 'empty or bad body',
      409: 'client_id used for another room',
      413: 'image too large',
      415: 'not an image',
      ...common,
    },
  },
  {
    method: 'post',
    path: '/chat/mark-all-read/:roomId',
    tag: 'chat',
    summary: 'Mark the room read; pushes mark_all_read to your sockets',
    signedIn: true,
    responses: { 200: '{room_id, unread_count: 0}', ...common },
  },
  {
    method: 'get',
    path: '/chat/participants/:roomId',
    tag: 'chat',
    summary: 'Who is in the room and who owns it',
    signedIn: true,
    responses: { 200: '{participants, owner_id}', ...common },
  },
  {
    method: 'put',
    path: '/chat/rename-group/:roomId',
    tag: 'chat',
    summary: 'Rename a group (any participant); pushes chat_renamed',
    body: renameRoomSchema,
    signedIn: true,
    responses: { 200: '{room_id, name}', ...group },
  },
  {
    method: 'post',
    path: '/chat/toggle-mute/:roomId',
    tag: 'chat',
    summary: 'Mute or unmute the room for yourself',
    signedIn: true,
    responses: { 200: '{muted}', ...common },
  },
  {
    method: 'post',
    path: '/chat/group/:roomId/add',
    tag: 'chat',
    summary: 'Add one of your friends to a group (any participant); pushes user_added_to_chat',
    body: roomMemberSchema,
    signedIn: true,
    responses: {
      200: '{participants, owner_id}',
      409: 'already in it, or the group is full',
      ...group,
      403: 'not your friend, or bad CSRF token',
    },
  },
  {
    method: 'post',
    path: '/chat/group/:roomId/remove',
    tag: 'chat',
    summary: 'Remove someone from a group (the owner only; not yourself); pushes user_removed_from_chat',
    body: roomMemberSchema,
    signedIn: true,
    responses: { 200: '{participants, owner_id}', ...group, 403: 'not the owner, or bad CSRF token' },
  },
  {
    method: 'post',
    path: '/chat/group/:roomId/leave',
    tag: 'chat',
    summary:
      'Leave a group (ownership passes to the longest-standing participant; pushes left_chat and user_left_chat), or hide a 1-on-1 from your list until a new message arrives or you start it again (pushes left_chat to your tabs)',
    signedIn: true,
    responses: { 200: '{room_id}', ...common },
  },
  {
    method: 'get',
    path: '/chat/image/:messageId/:variant',
    tag: 'chat',
    summary: 'An image message’s file (variant original or thumb), for participants of its room only',
    signedIn: true,
    responses: { 200: 'image/webp', 304: 'not modified', 401: 'signed out', 404: 'no such image (or not yours to see)' },
  },
];
