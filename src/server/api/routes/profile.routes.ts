import { Hono, type Context } from 'hono';
import type { FollowResponse, OtherProfileResponse, OwnProfileResponse } from '../../../shared/api-types.ts';
import { PLATFORMS, bioSchema, platformSchema } from '../../../shared/schemas/profile.ts';
import { ServiceError } from '../../services/errors.ts';
import type { FollowsService } from '../../services/follows.service.ts';
import type { ProfileService } from '../../services/profile.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInSession } from '../session.ts';
import { readJson } from '../validate.ts';

const edit = { 200: 'saved', 400: 'invalid field', 401: 'signed out', 403: 'bad CSRF token' };
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
    summary: `Set or clear (null or '') your ${p.label} handle`,
    body: platformSchema(p),
    signedIn: true,
    responses: edit,
  })),
  {
    method: 'get',
    path: '/profile/@:username',
    tag: 'profile',
    summary: "Another user's profile with the friendship fields and is_following / follows_you",
    signedIn: true,
    responses: { 200: 'profile', 401: 'signed out', 404: 'unknown user' },
  },
  {
    method: 'post',
    path: '/profile/@:username/follow',
    tag: 'profile',
    summary: 'Follow someone (idempotent; not in the spec, ADR 011)',
    signedIn: true,
    responses: { 200: 'following', 400: 'yourself', 401: 'signed out', 403: 'bad CSRF token', 404: 'unknown user' },
  },
  {
    method: 'delete',
    path: '/profile/@:username/follow',
    tag: 'profile',
    summary: 'Unfollow someone (idempotent; not in the spec, ADR 011)',
    signedIn: true,
    responses: { 200: 'not following', 400: 'yourself', 401: 'signed out', 403: 'bad CSRF token', 404: 'unknown user' },
  },
];

const AT_USERNAME = ':handle{@[^/]+}';

export function profileRoutes(profile: ProfileService, follows: FollowsService) {
  const targetOf = (c: Context<ApiEnv>) => profile.idOf(decodeURIComponent(c.req.param('handle')!.slice(1)));
  const setFollow = (on: boolean) => async (c: Context<ApiEnv>) => {
    const me = signedInSession(c).userId;
    const target = await targetOf(c);
    await follows.setFollowing(me, target, on);
    return c.json<FollowResponse>({
      message: on ? 'Following' : 'Unfollowed',
      is_following: on,
      followers_count: await follows.followersCount(target),
    });
  };

  const routes = new Hono<ApiEnv>()
    .get('/', async (c) => c.json<OwnProfileResponse>(await profile.own(signedInSession(c).userId)))
    .put('/bio', async (c) => {
      const me = signedInSession(c).userId;
      const { bio } = await readJson(c, bioSchema);
      await profile.setBio(me, bio);
      return c.json({ message: 'Bio updated', bio });
    })
    .get(`/${AT_USERNAME}`, async (c) => {
      const me = signedInSession(c).userId;
      return c.json<OtherProfileResponse>(await profile.other(me, await targetOf(c)));
    })
    .post(`/${AT_USERNAME}/follow`, setFollow(true))
    .delete(`/${AT_USERNAME}/follow`, setFollow(false));

  for (const platform of PLATFORMS) {
    const schema = platformSchema(platform);
    routes.put(platform.path.replace(/^\/profile/, ''), async (c) => {
      const me = signedInSession(c).userId;
      const body = (await readJson(c, schema)) as Record<string, string | null>;
      const value = body[platform.key] ?? null;
      await profile.setHandle(me, platform.id, value);
      return c.json({ message: `${platform.label} updated`, [platform.key]: value });
    });
  }
  routes.put('/consoles/:unknown', () => {
    throw new ServiceError(404, 'Unknown console');
  });
  return routes;
}
