/** NOTE: people to meet, mounted at /people (signed in). */
import { Hono } from 'hono';
import type { SuggestedPeopleResponse } from '../../../shared/game-types.ts';
import type { SuggestionsService } from '../../services/games/suggestions.service.ts';
import type { ApiEnv } from '../context.ts';
import type { Operation } from '../openapi.ts';
import { signedInPerson } from '../session.ts';

export const peopleOperations: Operation[] = [
  {
    method: 'get',
    path: '/people/suggested',
    tag: 'people',
    summary: "'Players like you': not yet friends, ranked by games shared, genres shared, then mutual friends (at most 10)",
    signedIn: true,
    responses: { 200: 'SuggestedPeopleResponse', 401: 'signed out' },
  },
];

export const peopleRoutes = (suggestions: SuggestionsService) =>
  new Hono<ApiEnv>().get('/suggested', async (c) => c.json<SuggestedPeopleResponse>(await suggestions.suggested(signedInPerson(c).id)));
