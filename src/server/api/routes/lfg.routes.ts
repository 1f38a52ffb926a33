/**
 * NOTE: looking for group (ADR 052), mounted at /lfg, all signed in. Thin: read the path and body with the shared
 * schemas, call a service, answer. An id that could not be one is 404 like an unknown one. /lfg/mine is registered
 * before /lfg/{id}. A join may come without a body (no note to the host).
 */
import { Hono, type Context } from 'hono';
import type { MessageResponse } from '../../../shared/api-types.ts';
import type { LfgDetailResponse, LfgJoinResponse, LfgListResponse, LfgPostResponse } from '../../../shared/lfg-types.ts';
import { MAX_INT_ID } from '../../../shared/schemas/fields.ts';
import { lfgJoinSchema, lfgListSchema, lfgPageSchema, newLfgSchema } from '../../../shared/schemas/lfg.ts';
import { ServiceError } from '../../errors.ts';
import { lfgNotFound } from '../../services/lfg/lfg.service.ts';
import type { Services } from '../../services/index.ts';
import type { ApiEnv } from '../context.ts';
import { signedInPerson } from '../session.ts';
import { pathId, readJson, readQuery } from '../validate.ts';

const postIdOf = (c: Context<ApiEnv>) => pathId(c, 'id', MAX_INT_ID, lfgNotFound);
const userIdOf = (c: Context<ApiEnv>) => pathId(c, 'userId', MAX_INT_ID, () => new ServiceError(404, 'Request not found'));
const done = (c: Context<ApiEnv>, message: string) => c.json<MessageResponse>({ message });

export function lfgRoutes(services: Services) {
  const { lfg, lfgParty: party } = services;
  if (!lfg) throw new Error('looking for group needs the job queue');
  return new Hono<ApiEnv>()
    .get('/', async (c) => c.json<LfgListResponse>(await lfg.list(signedInPerson(c).id, readQuery(c, lfgListSchema))))
    .post('/', async (c) => {
      const me = signedInPerson(c);
      return c.json<LfgPostResponse>({ lfg: await lfg.create(me.id, await readJson(c, newLfgSchema)) }, 201);
    })
    .get('/mine', async (c) => c.json<LfgListResponse>(await lfg.mine(signedInPerson(c).id, readQuery(c, lfgPageSchema).cursor)))
    .get('/:id', async (c) => c.json<LfgDetailResponse>({ lfg: await lfg.detail(signedInPerson(c).id, postIdOf(c)) }))
    .post('/:id/join', async (c) => {
      const me = signedInPerson(c);
      const id = postIdOf(c);
      const { message } = c.req.header('content-type') === undefined ? { message: '' } : await readJson(c, lfgJoinSchema);
      return c.json<LfgJoinResponse>(await party.join(me, id, message));
    })
    .post('/:id/requests/:userId/accept', async (c) => {
      await party.accept(signedInPerson(c), postIdOf(c), userIdOf(c));
      return done(c, 'Player accepted');
    })
    .post('/:id/requests/:userId/decline', async (c) => {
      await party.decline(signedInPerson(c), postIdOf(c), userIdOf(c));
      return done(c, 'Request declined');
    })
    .post('/:id/leave', async (c) => {
      await party.leave(signedInPerson(c), postIdOf(c));
      return done(c, 'You left the group');
    })
    .post('/:id/close', async (c) => {
      await party.close(signedInPerson(c), postIdOf(c));
      return done(c, 'Group closed');
    });
}
