/**
 * NOTE: how a page waits for the server's data (preloads, not-found checks): never past a deadline, never failing
 * the page. Rules for callers: `settle` answers `{ answer }`, `{ refused }` (a ServiceError: the API would have
 * answered it too, so it is not logged), or null for a failure or a load still running at the deadline (both
 * logged, naming `what`). A null leaves the island to ask the API itself.
 */
import { ServiceError } from '../errors.ts';
import type { Logger } from '../logger.ts';

/** How long a page waits for its data before it is sent without (a slow database must not hold the page). */
export const PAGE_DATA_DEADLINE_MS = 1_000;

export type Settled<T> = { answer: T } | { refused: ServiceError } | null;

export async function settle<T>(what: string, load: () => Promise<T>, log: Logger, deadlineMs: number): Promise<Settled<T>> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(resolve, deadlineMs, null)));
  try {
    const answer = await Promise.race([load().then((a) => ({ answer: a })), late]);
    if (answer === null) log.warn(`${what} took over ${deadlineMs} ms; the island asks the API itself`);
    return answer;
  } catch (err) {
    if (err instanceof ServiceError) return { refused: err };
    log.warn({ err }, `${what} failed; the island asks the API itself`);
    return null;
  } finally {
    clearTimeout(timer);
  }
}
