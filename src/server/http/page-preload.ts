/**
 * NOTE: data a page renders into its first HTML (`Astro.locals.preload`), so the first screen paints without
 * waiting for its island to load and then ask the API (ADR 044). Rules:
 * - Each loader answers exactly what its API route would answer this viewer for the same query, through the same
 *   service and the same schemas: a page never shows more than the API would.
 * - Any refusal or failure answers null, never throws, and so does a load still running at the deadline (a slow
 *   or hung database must not hold the page): the island then asks the API itself and shows what it says (an
 *   unknown game's 404, a retry after an outage). Failures other than refusals, and timeouts, are logged.
 * - `start` (the home page's first steps) is the one loader without an API route: it reads facts about the viewer
 *   alone, and on null the page simply marks no step as done.
 */
import * as v from 'valibot';
import type { PagePreload } from '../../shared/page-locals.ts';
import { feedGameFilterSchema } from '../../shared/schemas/games.ts';
import { mediaPageSchema } from '../../shared/schemas/media.ts';
import type { Logger } from '../logger.ts';
import type { createMediaService } from '../services/media/media.service.ts';
import type { ProfileService } from '../services/profiles/profile.service.ts';
import { PAGE_DATA_DEADLINE_MS, settle } from './page-deadline.ts';

type Deps = {
  media: Pick<ReturnType<typeof createMediaService>, 'feed'>;
  profile: Pick<ProfileService, 'startSteps'>;
};

export type PreloadFor = (viewerId: number | null) => PagePreload;

export function createPagePreload({ media, profile }: Deps, log: Logger, deadlineMs = PAGE_DATA_DEADLINE_MS): PreloadFor {
  return (viewerId) => ({
    async feed(query) {
      const p = v.safeParse(mediaPageSchema, query);
      const filter = v.safeParse(feedGameFilterSchema, query);
      if (viewerId === null || !p.success || !filter.success) return null;
      const settled = await settle('feed preload', () => media.feed(viewerId, p.output, filter.output), log, deadlineMs);
      return settled && 'answer' in settled ? settled.answer : null;
    },
    async start() {
      if (viewerId === null) return null;
      const settled = await settle('start steps', () => profile.startSteps(viewerId), log, deadlineMs);
      return settled && 'answer' in settled ? settled.answer : null;
    },
  });
}
