/**
 * NOTE: the Profile calls of spec §7 plus the follow calls of ADR 011, all signed in, all about the caller's own
 * profile except `@{username}` paths. Pictures live in profile-picture.routes.ts (mounted here).
 */
import { Hono, type Context } from 'hono';
import type {
  FollowResponse,
  OtherProfileResponse,
  OwnProfileResponse,
  SearchResponse,
  VisibilityResponse,
} from '../../../shared/api-types.ts';
import type { ProfileGamesResponse } from '../../../shared/game-types.ts';
import { peopleSearchSchema, profileGamesSchema } from '../../../shared/schemas/games.ts';
import { bioSchema, platformSchema, searchQuerySchema, visibilitySchema } from '../../../shared/schemas/profile.ts';
import { PLATFORMS } from '../../../shared/profile-values.ts';
import { ServiceError } from '../../errors.ts';
import type { BlocksService } from '../../services/social/blocks.service.ts';
import type { GamesService } from '../../services/games/games.service.ts';
import type { FollowsService } from '../../services/social/follows.service.ts';
import type { ProfilePictureService } from '../../services/profiles/profile-picture.service.ts';
import type { ProfileService } from '../../services/profiles/profile.service.ts';
import type { SearchService } from '../../services/profiles/search.service.ts';
import { AT_USERNAME, usernameOf } from '../at-username.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInPerson, signedInSession } from '../session.ts';
import { readJson, readQuery } from '../validate.ts';
import { blockOperations, blockRoutes } from './blocks.routes.ts';
import { pictureOperations, pictureRoutes } from './profile-picture.routes.ts';

const edit = { 200: 'saved', 400: 'invalid field', 401: 'signed out', 403: 'bad CSRF token' };
const follow = {
  200: 'FollowResponse',
  400: 'yourself',
  401: 'signed out',
  403: 'bad CSRF token, or blocked either way',
  404: 'unknown user',
};
export const profileOperations: Operation[] = [
  {
    method: 'get',
    path: '/profile/',
    tag: 'profile',
    summary: 'Your profile',
    signedIn: true,
    responses: { 200: 'profile', 401: 'signed out' },
  },
  { method: 'put', path: '/profile/bio', tag: 'profile', summary: 'Set your bio', body: bioSchema, signedIn: true, responses: edit },
  ...PLATFORMS.map((p): Operation => ({
    method: 'put',
    path: p.path,
    tag: 'profile',
    summary: `Set your ${p.label} handle (null or '' clears it)`,
    body: platformSchema(p),
    signedIn: true,
    responses: p.id === 'discord' ? edit : { ...edit, 404: 'unknown console' },
  })),
  {
    method: 'put',
    path: '/profile/visibility',
    tag: 'profile',
    summary:
      "Who may see one handle: {platform: discord|playstation|xbox|steam|nintendo, visibility: everyone|friends|nobody}; answers every platform's setting",
    body: visibilitySchema,
    signedIn: true,
    responses: { ...edit, 200: '{message, handle_visibility}' },
  },
  {
    method: 'put',
    path: '/profile/games',
    tag: 'profile',
    summary: 'Replace what you play: {games: [{slug, platform}]} (at most 30, each once); answers the saved list keyed by slug',
    body: profileGamesSchema,
    signedIn: true,
    responses: { ...edit, 200: 'ProfileGamesResponse', 400: 'invalid field, too many games, or an unknown game (named)' },
  },
  {
    method: 'get',
    path: '/profile/search',
    tag: 'profile',
    summary:
      'Find people by username: ?query= (case-insensitive; prefix for 1-2 characters, substring from 3; never you); &game={slug} and/or &platform= narrow to players (the text may then be empty)',
    query: peopleSearchSchema,
    signedIn: true,
    responses: { 200: 'users', 400: 'empty or too long query, bad platform or slug', 401: 'signed out', 404: 'unknown game' },
  },
  {
    method: 'get',
    path: '/profile/@:username',
    tag: 'profile',
    summary: "Another user's profile with the friendship fields and is_following / follows_you",
    signedIn: true,
    responses: { 200: 'profile', 401: 'signed out', 404: 'unknown user, or blocked either way' },
  },
  {
    method: 'post',
    path: '/profile/@:username/follow',
    tag: 'profile',
    summary: 'Follow someone (idempotent)',
    signedIn: true,
    responses: follow,
  },
  {
    method: 'delete',
    path: '/profile/@:username/follow',
    tag: 'profile',
    summary: 'Unfollow someone (idempotent)',
    signedIn: true,
    responses: follow,
  },
  ...pictureOperations,
  ...blockOperations,
];

export function profileRoutes(deps: {
  profile: ProfileService;
  follows: FollowsService;
  search: SearchService;
  pictures: ProfilePictureService;
  blocks: BlocksService;
  games: GamesService;
}) {
  const { profile, follows, search } = deps;
  const me = signedInPerson;
  const setFollowing = (following: boolean) => async (c: Context<ApiEnv>) => {
    const outcome = await follows.setFollowing(me(c), usernameOf(c), following);
    const message = following ? 'Following' : 'Unfollowed';
    return c.json<FollowResponse>({ message, is_following: outcome.is_following, followers_count: outcome.followers_count });
  };

  const routes = new Hono<ApiEnv>()
    .get('/', async (c) => c.json<OwnProfileResponse>(await profile.own(me(c))))
    .put('/bio', async (c) => {
      const caller = me(c);
      const { bio } = await readJson(c, bioSchema);
      await profile.setBio(caller.id, bio);
      return c.json({ message: 'Bio updated', bio });
    })
    .put('/visibility', async (c) => {
      const caller = me(c);
      const { platform, visibility } = await readJson(c, visibilitySchema);
      const settings = await profile.setVisibility(caller.id, platform, visibility);
      return c.json<VisibilityResponse>({ message: 'Visibility updated', handle_visibility: settings });
    })
    .put('/games', async (c) => {
      const caller = me(c);
      const { games } = await readJson(c, profileGamesSchema);
      return c.json<ProfileGamesResponse>(await deps.games.setProfileGames(caller.id, games));
    })
    .get('/search', async (c) => {
      const caller = me(c);
      // With a game or platform filter the text may be empty; without one, the plain search's rules hold.
      const { game, platform } = c.req.query();
      if (game !== undefined || platform !== undefined)
        return c.json<SearchResponse>(await search.players(caller.id, readQuery(c, peopleSearchSchema)));
      const { query } = readQuery(c, searchQuerySchema);
      return c.json<SearchResponse>(await search.users(caller.id, query));
    })
    .get(`/${AT_USERNAME}`, async (c) => c.json<OtherProfileResponse>(await profile.other(me(c).id, usernameOf(c))))
    .post(`/${AT_USERNAME}/follow`, setFollowing(true))
    .delete(`/${AT_USERNAME}/follow`, setFollowing(false))
    .route('/', pictureRoutes(deps.pictures))
    .route('/', blockRoutes(deps.blocks));

  for (const platform of PLATFORMS) {
    const schema = platformSchema(platform);
    routes.put(platform.path.replace(/^\/profile/, ''), async (c) => {
      const caller = me(c);
      const value = ((await readJson(c, schema)) as Record<string, string | null>)[platform.key] ?? null;
      await profile.setHandle(caller.id, platform.id, value);
      return c.json({ message: `${platform.label} updated`, [platform.key]: value });
    });
  }
  routes.put('/consoles/:unknown', (c) => {
    signedInSession(c);
    throw new ServiceError(404, 'Unknown console');
  });
  return routes;
}
