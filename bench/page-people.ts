/**
 * NOTE: what the page-weight rows need to exist so each page ships the island it shows to a person (not the
 * not-found state): another account, befriended by the bench account, a 1-on-1 room between the two, a
 * community and a looking-for-group post the bench account owns.
 * Everything goes through the API with each account's own cookies and CSRF token.
 */
import { signedInCookie } from './throughput.ts';

const csrfOf = (cookie: string) => /(?:^|;\s*)csrf_token=([^;]+)/.exec(cookie)?.[1] ?? '';

async function call<T>(origin: string, cookie: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${origin}/api${path}`, {
    method,
    headers: { 'Content-Type': 'application/json', 'X-CSRF-TOKEN': decodeURIComponent(csrfOf(cookie)), Cookie: cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} for the bench answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Another person, now the bench account's friend, and the 1-on-1 room between them. */
export async function friendAndRoom(origin: string, cookie: string): Promise<{ username: string; roomId: number }> {
  await new Promise((resolve) => setTimeout(resolve, 5)); // the accounts' names come from the clock
  const other = await signedInCookie(origin);
  const them = await call<{ user_id: number; username: string }>(origin, other, 'GET', '/auth/verify');
  const { request_id } = await call<{ request_id: number }>(origin, cookie, 'POST', '/friends/request', { username: them.username });
  await call(origin, other, 'POST', '/friends/accept', { request_id });
  const room = await call<{ room_id: number }>(origin, cookie, 'POST', '/chat/create-room', {
    name: '',
    user_ids: [them.user_id],
    is_group: false,
  });
  return { username: them.username, roomId: room.room_id };
}

/** A community the bench account owns (its page shows the community island, not the not-found state). */
export async function ownCommunity(origin: string, cookie: string): Promise<string> {
  const made = await call<{ community: { slug: string } }>(origin, cookie, 'POST', '/communities', {
    name: `Bench crew ${Date.now()}`,
    description: 'Where the bench raids.',
    visibility: 'public',
    rules: ['Be kind'],
  });
  return made.community.slug;
}

/** A looking-for-group post the bench account hosts, for Minecraft (its page shows the post island). */
export async function ownGroup(origin: string, cookie: string): Promise<number> {
  const made = await call<{ lfg: { id: number } }>(origin, cookie, 'POST', '/lfg', {
    game: 'minecraft',
    platform: 'steam',
    title: 'Bench build night',
    slots: 3,
    tags: ['casual'],
    visibility: 'public',
  });
  return made.lfg.id;
}
