/**
 * NOTE: friendship set up through the real API for journeys that start from "already friends" or "already
 * asked" (the journeys about asking and accepting go through the screens). Each call runs as the page's
 * signed-in person (cookie + X-CSRF-TOKEN) and throws with the server's answer when it is not a success.
 */
import type { Page } from '@playwright/test';
import type { FriendRequestResponse } from '../../../src/shared/api-types.ts';
import { csrfToken } from './media.ts';

/** The page's person asks `username` to be friends; resolves with the request id. */
export async function sendFriendRequest(page: Page, username: string): Promise<number> {
  const res = await page.request.post('/api/friends/request', { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data: { username } });
  if (!res.ok()) throw new Error(`friend request to ${username}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as FriendRequestResponse).request_id;
}

export async function acceptFriendRequest(page: Page, requestId: number): Promise<void> {
  const res = await page.request.post('/api/friends/accept', {
    headers: { 'X-CSRF-TOKEN': await csrfToken(page) },
    data: { request_id: requestId },
  });
  if (!res.ok()) throw new Error(`accept request ${requestId}: ${res.status()} ${await res.text()}`);
}

/** `asker` asks `answerer`, who accepts: they are friends and follow each other. */
export async function makeFriends(asker: Page, answerer: Page, answererUsername: string): Promise<void> {
  await acceptFriendRequest(answerer, await sendFriendRequest(asker, answererUsername));
}
