/**
 * NOTE: chat set-up for the journeys, through the real API as each page's signed-in person (cookie +
 * X-CSRF-TOKEN): friends, rooms, messages. Each helper throws unless the call succeeds. `openRoom` goes to
 * /chats/{id} and returns once the islands have hydrated and the socket is accepted, so live events are not missed.
 */
import type { Page } from '@playwright/test';
import type { CreateRoomResponse, SendMessageResponse } from '../../../src/shared/chat-types.ts';
import { csrfToken } from './media.ts';
import { socketConnected } from './people.ts';
import { islandsHydrated } from './islands.ts';

/** Any chat call not wrapped below (mark read, mute, leave…) as the page's person; resolves with the body. */
export async function call<T = unknown>(page: Page, method: 'get' | 'post', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](`/api${url}`, { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data });
  if (!res.ok()) throw new Error(`${method.toUpperCase()} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function myId(page: Page): Promise<number> {
  return (await call<{ user_id: number }>(page, 'get', '/auth/verify')).user_id;
}

/** `page`'s person asks each of `others` to be friends, and each accepts. */
export async function befriend(page: Page, ...others: Array<{ page: Page; username: string }>): Promise<void> {
  for (const other of others) {
    const { request_id } = await call<{ request_id: number }>(page, 'post', '/friends/request', { username: other.username });
    await call(other.page, 'post', '/friends/accept', { request_id });
  }
}

export async function createRoom(page: Page, members: Page[], name = ''): Promise<number> {
  const userIds = await Promise.all(members.map(myId));
  const body = { name, user_ids: userIds, is_group: name !== '' };
  return (await call<CreateRoomResponse>(page, 'post', '/chat/create-room', body)).room_id;
}

export async function say(page: Page, roomId: number, content: string): Promise<void> {
  await call<SendMessageResponse>(page, 'post', '/chat/send-message', { room_id: roomId, content });
}

export async function openRoom(page: Page, roomId: number): Promise<void> {
  const connected = socketConnected(page);
  await page.goto(`/chats/${roomId}`);
  await islandsHydrated(page);
  await connected;
}

/** The room's message log, and one bubble in it by its text. */
export const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
export const bubble = (page: Page, text: string) => messageLog(page).getByRole('article').filter({ hasText: text });
