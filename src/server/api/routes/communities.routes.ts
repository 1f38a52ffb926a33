/**
 * NOTE: communities (ADR 049), mounted at /communities, all signed in. Thin: read the path and body with the shared
 * schemas, call a service, answer. The icon and banner uploads stream from the raw request (COMMUNITY_UPLOAD_ROUTES,
 * exempt from the JSON body limit). A slug or user id that could not be one is 404 like an unknown one. Paths under
 * /communities/invites and /communities/mine are registered before /communities/{slug} (both words are reserved
 * slugs).
 */
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { MessageResponse } from '../../../shared/api-types.ts';
import type {
  AcceptInviteResponse,
  CommunitiesResponse,
  ChannelResponse,
  ChannelsResponse,
  CommunityBansResponse,
  CommunityMembersResponse,
  CommunityReportsResponse,
  CommunityResponse,
  InvitePreviewResponse,
  InviteResponse,
  JoinRequestsResponse,
  JoinResponse,
  ModlogResponse,
} from '../../../shared/community-types.ts';
import {
  banSchema,
  channelSchema,
  communityPageSchema,
  communitySearchSchema,
  communitySlugField,
  deleteCommunitySchema,
  editCommunitySchema,
  inviteCodeField,
  inviteSchema,
  newCommunitySchema,
  roleSchema,
  transferSchema,
} from '../../../shared/schemas/communities.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import { mediaPageSchema } from '../../../shared/schemas/media.ts';
import { POST_NOT_FOUND } from '../../services/media/post-errors.service.ts';
import { sendMediaList } from './media-list-json.ts';
import { serveStoredFile } from './stored-file.ts';
import { COMMUNITY_IMAGE_MAX_BYTES } from '../../../shared/community-values.ts';
import { UNSUPPORTED_COMMUNITY_IMAGE } from '../../services/communities/community-images.service.ts';
import { IMAGE_SIGNATURES } from '../../uploads/magic-bytes.ts';
import { collect, receiveFile } from '../../uploads/multipart.ts';
import { ServiceError } from '../../errors.ts';
import { COMMUNITY_NOT_FOUND } from '../../services/communities/access.ts';
import { INVITE_NOT_FOUND } from '../../services/communities/membership.service.ts';
import { MEMBER_NOT_FOUND } from '../../services/communities/community-moderation.service.ts';
import { CHANNEL_NOT_FOUND, MESSAGE_NOT_FOUND } from '../../services/communities/channels.service.ts';
import type { Services } from '../../services/index.ts';
import type { ApiEnv } from '../context.ts';
import { signedInPerson } from '../session.ts';
import { pathId, readJson, readQuery } from '../validate.ts';

/** The streamed uploads here, as `METHOD path` patterns (app.ts leaves their bodies alone). */
export const COMMUNITY_UPLOAD_ROUTES = [/^PUT \/api\/communities\/[a-z0-9-]+\/(icon|banner)$/];

function slugOf(c: Context<ApiEnv>): string {
  const parsed = v.safeParse(communitySlugField, c.req.param('slug'));
  if (!parsed.success) throw new ServiceError(404, COMMUNITY_NOT_FOUND);
  return parsed.output;
}
const userIdOf = (c: Context<ApiEnv>) => pathId(c, 'userId', MAX_INT_ID, () => new ServiceError(404, MEMBER_NOT_FOUND));
function inviteCodeOf(c: Context<ApiEnv>): string {
  const code = v.safeParse(inviteCodeField, c.req.param('code'));
  if (!code.success) throw new ServiceError(404, INVITE_NOT_FOUND);
  return code.output;
}
const channelIdOf = (c: Context<ApiEnv>) => pathId(c, 'roomId', MAX_INT_ID, () => new ServiceError(404, CHANNEL_NOT_FOUND));
// Chat message ids are bigints: any whole number within JavaScript's safe range may be one.
const messageIdOf = (c: Context<ApiEnv>) => pathId(c, 'messageId', Number.MAX_SAFE_INTEGER, () => new ServiceError(404, MESSAGE_NOT_FOUND));
const pinnedIdOf = (c: Context<ApiEnv>) => pathId(c, 'mediaId', MAX_INT_ID, () => new ServiceError(404, POST_NOT_FOUND));
const done = (c: Context<ApiEnv>, message: string) => c.json<MessageResponse>({ message });

export function communityRoutes(services: Services) {
  const {
    communities,
    membership,
    discovery,
    communityModeration: moderation,
    communityPosts: posts,
    communityImages: images,
    channels,
  } = services;
  const routes = new Hono<ApiEnv>()
    .get('/', async (c) => {
      const me = signedInPerson(c);
      return c.json<CommunitiesResponse>(await discovery.search(me.id, readQuery(c, communitySearchSchema)));
    })
    .post('/', async (c) => {
      const me = signedInPerson(c);
      return c.json<CommunityResponse>(await communities.create(me.id, await readJson(c, newCommunitySchema)), 201);
    })
    // Before '/:slug': 'mine' and 'invites' are reserved slugs.
    .get('/mine', async (c) => {
      const me = signedInPerson(c);
      return c.json<CommunitiesResponse>(await discovery.mine(me.id, readQuery(c, communityPageSchema).cursor));
    })
    .get('/invites/:code', async (c) => {
      const me = signedInPerson(c);
      return c.json<InvitePreviewResponse>(await membership.previewInvite(inviteCodeOf(c), me.id));
    })
    .post('/invites/:code/accept', async (c) => {
      const me = signedInPerson(c);
      return c.json<AcceptInviteResponse>(await membership.acceptInvite(inviteCodeOf(c), me.id));
    })
    .get('/:slug', async (c) => c.json<CommunityResponse>(await communities.about(slugOf(c), signedInPerson(c).id)))
    .patch('/:slug', async (c) => {
      const me = signedInPerson(c);
      return c.json<CommunityResponse>(await communities.edit(slugOf(c), me.id, await readJson(c, editCommunitySchema)));
    })
    .delete('/:slug', async (c) => {
      const me = signedInPerson(c);
      const { password } = await readJson(c, deleteCommunitySchema);
      await communities.remove(slugOf(c), me.id, password);
      return done(c, 'Community deleted');
    })
    .post('/:slug/join', async (c) => c.json<JoinResponse>(await membership.join(slugOf(c), signedInPerson(c).id)))
    .post('/:slug/leave', async (c) => {
      await membership.leave(slugOf(c), signedInPerson(c).id);
      return done(c, 'Left the community');
    })
    .get('/:slug/members', async (c) => {
      const me = signedInPerson(c);
      const { cursor } = readQuery(c, communityPageSchema);
      return c.json<CommunityMembersResponse>(await membership.members(slugOf(c), me.id, cursor));
    })
    .get('/:slug/requests', async (c) => {
      const me = signedInPerson(c);
      const { cursor } = readQuery(c, communityPageSchema);
      return c.json<JoinRequestsResponse>(await membership.requests(slugOf(c), me.id, cursor));
    })
    .post('/:slug/requests/:userId/approve', async (c) => {
      await membership.answerRequest(slugOf(c), signedInPerson(c).id, userIdOf(c), true);
      return done(c, 'Request approved');
    })
    .post('/:slug/requests/:userId/reject', async (c) => {
      await membership.answerRequest(slugOf(c), signedInPerson(c).id, userIdOf(c), false);
      return done(c, 'Request rejected');
    })
    .post('/:slug/invites', async (c) => {
      const me = signedInPerson(c);
      return c.json<InviteResponse>(await membership.invite(slugOf(c), me.id, await readJson(c, inviteSchema)), 201);
    })
    .put('/:slug/members/:userId/role', async (c) => {
      const me = signedInPerson(c);
      const { role } = await readJson(c, roleSchema);
      await moderation.setRole(slugOf(c), me.id, userIdOf(c), role);
      return done(c, 'Role changed');
    })
    .post('/:slug/transfer', async (c) => {
      const me = signedInPerson(c);
      const { user_id } = await readJson(c, transferSchema);
      await moderation.transfer(slugOf(c), me.id, user_id);
      return done(c, 'Community handed over');
    })
    .delete('/:slug/members/:userId', async (c) => {
      await moderation.kick(slugOf(c), signedInPerson(c).id, userIdOf(c));
      return done(c, 'Member removed');
    })
    .get('/:slug/bans', async (c) => c.json<CommunityBansResponse>(await moderation.bans(slugOf(c), signedInPerson(c).id)))
    .post('/:slug/bans', async (c) => {
      const me = signedInPerson(c);
      await moderation.ban(slugOf(c), me.id, await readJson(c, banSchema));
      return done(c, 'Banned');
    })
    .delete('/:slug/bans/:userId', async (c) => {
      await moderation.unban(slugOf(c), signedInPerson(c).id, userIdOf(c));
      return done(c, 'Ban lifted');
    })
    .get('/:slug/media', async (c) => sendMediaList(c, await posts.posts(slugOf(c), signedInPerson(c).id, readQuery(c, mediaPageSchema))))
    .put('/:slug/pins/:mediaId', async (c) => {
      await posts.pin(slugOf(c), signedInPerson(c).id, pinnedIdOf(c), true);
      return done(c, 'Post pinned');
    })
    .delete('/:slug/pins/:mediaId', async (c) => {
      await posts.pin(slugOf(c), signedInPerson(c).id, pinnedIdOf(c), false);
      return done(c, 'Post unpinned');
    })
    .get('/:slug/channels', async (c) => c.json<ChannelsResponse>(await channels.list(slugOf(c), signedInPerson(c).id)))
    .post('/:slug/channels', async (c) => {
      const me = signedInPerson(c);
      const { name } = await readJson(c, channelSchema);
      return c.json<ChannelResponse>(await channels.add(slugOf(c), me.id, name), 201);
    })
    .patch('/:slug/channels/:roomId', async (c) => {
      const me = signedInPerson(c);
      const { name } = await readJson(c, channelSchema);
      return c.json<ChannelResponse>(await channels.rename(slugOf(c), me.id, channelIdOf(c), name));
    })
    .delete('/:slug/channels/:roomId', async (c) => {
      await channels.remove(slugOf(c), signedInPerson(c).id, channelIdOf(c));
      return done(c, 'Channel removed');
    })
    .delete('/:slug/messages/:messageId', async (c) => {
      await channels.removeMessage(slugOf(c), signedInPerson(c).id, messageIdOf(c));
      return done(c, 'Message removed');
    })
    .get('/:slug/reports', async (c) => {
      const me = signedInPerson(c);
      const { cursor } = readQuery(c, communityPageSchema);
      return c.json<CommunityReportsResponse>(await moderation.reports(slugOf(c), me.id, cursor));
    })
    .get('/:slug/modlog', async (c) => {
      const me = signedInPerson(c);
      const { cursor } = readQuery(c, communityPageSchema);
      return c.json<ModlogResponse>(await moderation.modlog(slugOf(c), me.id, cursor));
    });

  // The icon and the banner: the same three calls each (a regex param would also match longer paths).
  for (const kind of ['icon', 'banner'] as const) {
    const name = kind === 'icon' ? 'Icon' : 'Banner';
    routes
      .put(`/:slug/${kind}`, async (c) => {
        const me = signedInPerson(c);
        const { file } = await receiveFile(c.env.incoming, {
          field: 'file',
          maxBytes: COMMUNITY_IMAGE_MAX_BYTES,
          signatures: IMAGE_SIGNATURES,
          messages: {
            missing: 'Choose a picture to upload (form field "file")',
            unsupported: UNSUPPORTED_COMMUNITY_IMAGE,
            tooLarge: `The picture must be at most ${COMMUNITY_IMAGE_MAX_BYTES / 2 ** 20} MB`,
          },
          sink: async (stream, type) => ({ bytes: await collect(stream), type }),
        });
        await images.replace(slugOf(c), me.id, kind, file.bytes, file.type);
        return done(c, `${name} updated`);
      })
      .delete(`/:slug/${kind}`, async (c) => {
        await images.remove(slugOf(c), signedInPerson(c).id, kind);
        return done(c, `${name} removed`);
      })
      .get(`/:slug/${kind}`, async (c) => {
        const file = await images.file(slugOf(c), signedInPerson(c).id, kind);
        return serveStoredFile(c, services.storage, file, { cacheControl: 'private, no-cache' });
      });
  }
  return routes;
}
