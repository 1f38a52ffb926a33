/**
 * NOTE: moderators' catalogue fixes (ADR 040), mounted at /moderation/games. Like every moderation call, the
 * caller's role is checked before the body or slug is read: to anyone not staff these answer 404 'Not found'.
 */
import { Hono } from 'hono';
import type { GameModerationResponse } from '../../../shared/game-types.ts';
import { mergeGameSchema, renameGameSchema } from '../../../shared/schemas/games.ts';
import type { GameModerationService } from '../../services/games/game-moderation.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { readJson } from '../validate.ts';
import { slugOf } from './games.routes.ts';
import { staffOf, write } from './moderation.routes.ts';

export const gameModerationOperations: Operation[] = [
  {
    method: 'patch',
    path: '/moderation/games/:slug',
    tag: 'moderation',
    summary: 'Rename a game (moderators and admins); its old slug keeps answering it',
    body: renameGameSchema,
    signedIn: true,
    responses: {
      200: 'GameModerationResponse',
      400: 'bad name',
      ...write,
      404: 'unknown game, or not staff',
      409: 'another game has that name',
    },
  },
  {
    method: 'post',
    path: '/moderation/games/:slug/merge',
    tag: 'moderation',
    summary: "Merge a duplicate into another game: players, posts and old slugs move to it, and the duplicate's slug answers it",
    body: mergeGameSchema,
    signedIn: true,
    responses: {
      200: 'GameModerationResponse',
      400: 'bad target, or the game itself',
      ...write,
      404: 'unknown game or target, or not staff',
      409: 'another moderator changed the game meanwhile',
    },
  },
];

export function gameModerationRoutes(games: GameModerationService) {
  return new Hono<ApiEnv>()
    .patch('/:slug', async (c) => {
      const me = staffOf(c);
      const slug = slugOf(c);
      const { name } = await readJson(c, renameGameSchema);
      return c.json<GameModerationResponse>(await games.rename(me, slug, name));
    })
    .post('/:slug/merge', async (c) => {
      const me = staffOf(c);
      const slug = slugOf(c);
      const { into } = await readJson(c, mergeGameSchema);
      return c.json<GameModerationResponse>(await games.merge(me, slug, into));
    });
}
