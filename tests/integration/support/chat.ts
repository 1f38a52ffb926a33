/**
 * NOTE: helpers for the chat tests: friends made through the real friends calls, rooms and messages through
 * the chat API (each helper fails the test unless the call succeeds), and image messages as multipart.
 */
import { expect } from 'vitest';
import type { CreateRoomResponse, MyRoomsResponse, RoomDetailResponse, SendMessageResponse } from '../../../src/shared/chat-types.ts';
import type { SignedUp } from './accounts.ts';
import { imageForm } from './pictures.ts';
import { ask, idOf } from './social.ts';

export async function befriend(a: SignedUp, ...others: SignedUp[]): Promise<void> {
  for (const b of others) {
    const { request_id } = (await ask(a, b)).body;
    const res = await b.client.post('/api/friends/accept', { request_id });
    expect(res.status, res.text).toBe(200);
  }
}

export async function createGroup(owner: SignedUp, name: string, members: SignedUp[]): Promise<number> {
  const res = await owner.client.post<CreateRoomResponse>('/api/chat/create-room', { name, user_ids: members.map(idOf), is_group: true });
  expect(res.status, res.text).toBe(201);
  return res.body.room_id;
}

export async function createDirect(me: SignedUp, other: SignedUp): Promise<number> {
  const res = await me.client.post<CreateRoomResponse>('/api/chat/create-room', { name: '', user_ids: [idOf(other)], is_group: false });
  expect([200, 201], res.text).toContain(res.status);
  return res.body.room_id;
}

export const sendText = (who: SignedUp, roomId: number, content: string, clientId?: string) =>
  who.client.post<SendMessageResponse>('/api/chat/send-message', {
    room_id: roomId,
    content,
    ...(clientId ? { client_id: clientId } : {}),
  });

export async function say(who: SignedUp, roomId: number, content: string) {
  const res = await sendText(who, roomId, content);
  expect(res.status, res.text).toBe(201);
  return res.body.message;
}

export function imageMessageForm(
  roomId: number | string,
  bytes: Buffer | string,
  filename: string,
  type: string,
  fields: Record<string, string> = {},
) {
  const form = new FormData();
  form.append('room_id', String(roomId));
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('image', imageForm(bytes, filename, type).get('file')!);
  return form;
}

export const sendImage = (who: SignedUp, form: FormData) => who.client.upload<SendMessageResponse>('/api/chat/send-message', form);

export const roomOf = async (who: SignedUp, roomId: number, query = '') =>
  (await who.client.get<RoomDetailResponse>(`/api/chat/messages/${roomId}${query}`)).body;

export const roomsOf = async (who: SignedUp) => (await who.client.get<MyRoomsResponse>('/api/chat/my-rooms')).body.rooms;
