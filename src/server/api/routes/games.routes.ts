/**
 * NOTE: the game catalogue and game pages (ADR 039), mounted at /games, all signed in. A slug that could not be
 * one is 404 like an unknown slug; an old slug answers its game (the client may switch its URL to `game.slug`).
 * Lists at /games/{word} are registered before /games/{slug}, and their words are RESERVED_GAME_SLUGS.
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import { sendMediaList } from './media-list-json.ts';
import type {
  GameDetailResponse,
  GamePlayersResponse,
  GameSearchResponse,
  MostPlayedResponse,
  NewGameResponse,
} from '../../../shared/game-types.ts';
import { mediaPageSchema } from '../../../shared/schemas/media.ts';
import {
  gamePageSchema,
  gameSearchSchema,
  gameSlugField,
  mostPlayedSchema,
  newGameSchema,
  playSchema,
} from '../../../shared/schemas/games.ts';
import { ServiceError } from '../../errors.ts';
import { GAME_NOT_FOUND } from '../../services/games/games.service.ts';
import type { Services } from '../../services/index.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInPerson } from '../session.ts';
import { readJson, readQuery } from '../validate.ts';

const page = { 400: 'bad cursor', 401: 'signed out', 404: 'unknown game' };
const play = { 200: 'GameDetailResponse', 401: 'signed out', 403: 'bad CSRF token', 404: 'unknown game' };

export const gameOperations: Operation[] = [
  {
    method: 'get',
    path: '/games',
    tag: 'games',
    summary: 'Search the catalogue: ?query= (case-insensitive; exact and prefix first, then word matches; empty = most played)',
    query: gameSearchSchema,
    signedIn: true,
    responses: { 200: 'GameSearchResponse', 400: 'query too long or not plain text', 401: 'signed out' },
  },
  {
    method: 'post',
    path: '/games',
    tag: 'games',
    summary: 'Add a missing title; answers the existing game (200, created false) when the name matches one',
    body: newGameSchema,
    signedIn: true,
    responses: {
      200: 'NewGameResponse (existing)',
      201: 'NewGameResponse (new)',
      400: 'invalid field',
      401: 'signed out',
      403: 'bad CSRF token',
    },
  },
  {
    method: 'get',
    path: '/games/most-played',
    tag: 'games',
    summary: "Games someone plays, most players first, then by name; ?cursor= is the previous page's next_cursor",
    query: mostPlayedSchema,
    signedIn: true,
    responses: { 200: 'MostPlayedResponse', 400: 'bad cursor', 401: 'signed out' },
  },
  {
    method: 'get',
    path: '/games/:slug',
    tag: 'games',
    summary: 'A game with its visible player count and your platform (null when you do not play it)',
    signedIn: true,
    responses: { 200: 'GameDetailResponse', 401: 'signed out', 404: 'unknown game' },
  },
  {
    method: 'get',
    path: '/games/:slug/players',
    tag: 'games',
    summary: 'Who plays it: friends, then people you follow, then others; never you, blocked or suspended people',
    query: gamePageSchema,
    signedIn: true,
    responses: { 200: 'GamePlayersResponse', ...page },
  },
  {
    method: 'get',
    path: '/games/:slug/media',
    tag: 'games',
    summary: 'Posts tagged with the game, newest first (same items and paging as the feed)',
    query: mediaPageSchema,
    signedIn: true,
    responses: { 200: 'MediaListResponse', ...page },
  },
  {
    method: 'put',
    path: '/games/:slug/play',
    tag: 'games',
    summary: "'I play this' on a platform",
    body: playSchema,
    signedIn: true,
    responses: { ...play, 400: 'bad platform', 409: 'already 30 games' },
  },
  { method: 'delete', path: '/games/:slug/play', tag: 'games', summary: 'Stop playing it', signedIn: true, responses: play },
];

/** The path's slug; anything that could not be a slug is simply not found. */
export function slugOf(c: Context<ApiEnv>): string {
  const parsed = v.safeParse(gameSlugField(), c.req.param('slug'));
  if (!parsed.success) throw new ServiceError(404, GAME_NOT_FOUND);
  return parsed.output;
}

export function gameRoutes(services: Services) {
  const { games, media } = services;
  return (
    new Hono<ApiEnv>()
      .get('/', async (c) => {
        signedInPerson(c);
        return c.json<GameSearchResponse>(await games.search(readQuery(c, gameSearchSchema).query));
      })
      .post('/', async (c) => {
        const me = signedInPerson(c);
        const answer = await games.create(me.id, await readJson(c, newGameSchema));
        return c.json<NewGameResponse>(answer, answer.created ? 201 : 200);
      })
      // Before '/:slug': 'most-played' is reserved, so no game's slug is ever shadowed by it.
      .get('/most-played', async (c) => {
        const me = signedInPerson(c);
        return c.json<MostPlayedResponse>(await games.mostPlayed(me.id, readQuery(c, mostPlayedSchema).cursor));
      })
      .get('/:slug', async (c) => c.json<GameDetailResponse>(await games.detail(signedInPerson(c).id, slugOf(c))))
      .get('/:slug/players', async (c) => {
        const me = signedInPerson(c);
        const { cursor } = readQuery(c, gamePageSchema);
        return c.json<GamePlayersResponse>(await games.players(me.id, slugOf(c), cursor));
      })
      .get('/:slug/media', async (c) => {
        const me = signedInPerson(c);
        return sendMediaList(c, await media.filteredFeed(me.id, readQuery(c, mediaPageSchema), { game: slugOf(c) }));
      })
      .put('/:slug/play', async (c) => {
        const me = signedInPerson(c);
        const { platform } = await readJson(c, playSchema);
        return c.json<GameDetailResponse>(await games.play(me.id, slugOf(c), platform));
      })
      .delete('/:slug/play', async (c) => c.json<GameDetailResponse>(await games.unplay(signedInPerson(c).id, slugOf(c))))
  );
}
