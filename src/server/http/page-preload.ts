/**
 * NOTE: data a page renders into its first HTML (`Astro.locals.preload`), so the first screen paints without
 * waiting for its island to load and then ask the API (ADR 044). Rules:
 * - Each loader answers exactly what its API route would answer this viewer for the same query, through the same
 *   service and the same schemas: a page never shows more than the API would.
 * - Any refusal or failure answers null, never throws, and so does a load still running at the deadline (a slow
 *   or hung database must not hold the page): the island then asks the API itself and shows what it says (an
 *   unknown game's 404, a retry after an outage). Failures other than refusals, and timeouts, are logged.
 */
import * as v from 'valibot';
import type { MediaListResponse } from '../../shared/api-types.ts';
import type { PagePreload } from '../../shared/page-locals.ts';
import { feedGameFilterSchema } from '../../shared/schemas/games.ts';
import { mediaPageSchema } from '../../shared/schemas/media.ts';
import { ServiceError } from '../errors.ts';
import type { Logger } from '../logger.ts';
import type { createMediaService } from '../services/media/media.service.ts';

type Media = Pick<ReturnType<typeof createMediaService>, 'feed'>;

export type PreloadFor = (viewerId: number | null) => PagePreload;

/** How long a page waits for its data before it is sent without (a slow database must not hold the page). */
export const PRELOAD_DEADLINE_MS = 1_000;

export function createPagePreload(media: Media, log: Logger, deadlineMs = PRELOAD_DEADLINE_MS): PreloadFor {
  async function settle(what: string, load: () => Promise<MediaListResponse>): Promise<MediaListResponse | null> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, deadlineMs, null)));
    try {
      const answer = await Promise.race([load(), late]);
      if (answer === null) log.warn(`${what} preload took over ${deadlineMs} ms; the island asks the API itself`);
      return answer;
    } catch (err) {
      if (!(err instanceof ServiceError)) log.warn({ err }, `${what} preload failed; the island asks the API itself`);
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return (viewerId) => ({
    async feed(query) {
      const p = v.safeParse(mediaPageSchema, query);
      const filter = v.safeParse(feedGameFilterSchema, query);
      if (viewerId === null || !p.success || !filter.success) return null;
      return settle('feed', () => media.feed(viewerId, p.output, filter.output));
    },
  });
}
