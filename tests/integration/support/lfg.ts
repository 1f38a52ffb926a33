/** NOTE: helpers for the looking-for-group tests: post, read and answer through the API, as the pages do. */
import { expect } from 'vitest';
import type { LfgDetail, LfgListResponse, LfgPostResponse } from '../../../src/shared/lfg-types.ts';
import type { NewLfgInput } from '../../../src/shared/schemas/lfg.ts';
import type { SignedUp } from './accounts.ts';
import { idOf } from './social.ts';

export const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

/** Posts for `game` (a slug), public, starting now, two slots unless `extra` says otherwise; answers the post's id. */
export async function newLfg(host: SignedUp, game: string, extra: Partial<NewLfgInput> = {}): Promise<number> {
  const res = await host.client.post<LfgPostResponse>('/api/lfg', {
    game,
    platform: 'steam',
    title: 'Ranked duos tonight',
    slots: 2,
    visibility: 'public',
    ...extra,
  });
  expect(res.status, res.text).toBe(201);
  return res.body.lfg.id;
}

export async function detailOf(who: SignedUp, id: number): Promise<LfgDetail> {
  const res = await who.client.get<{ lfg: LfgDetail }>(`/api/lfg/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.body.lfg;
}

/** The ids of the posts `who` finds with this query string. */
export async function found(who: SignedUp, query = ''): Promise<number[]> {
  const res = await who.client.get<LfgListResponse>(`/api/lfg${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body.posts.map((p) => p.id);
}

/** `player` asks, the host accepts: `player` is in the party. */
export async function seated(host: SignedUp, id: number, player: SignedUp): Promise<void> {
  const asked = await player.client.post(`/api/lfg/${id}/join`, { message: 'gg' });
  expect(asked.status, asked.text).toBe(200);
  const accepted = await host.client.post(`/api/lfg/${id}/requests/${idOf(player)}/accept`);
  expect(accepted.status, accepted.text).toBe(200);
}
