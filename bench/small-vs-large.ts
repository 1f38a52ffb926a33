/**
 * NOTE: what the sections comparing a small site with a large one share (games, communities): API calls as the
 * signed-in bench account, and the rows that judge large over small. Budget: the large median within BUDGET× the
 * small one; a row in `recordedOnly` is shown without failing the bench.
 */
import { csrfOf, type Latency } from './media.ts';

export const BUDGET = 2;

export async function call<T>(origin: string, cookie: string, path: string, method = 'GET', body?: unknown): Promise<T> {
  const res = await fetch(`${origin}${path}`, {
    method,
    headers: { Cookie: cookie, 'X-CSRF-TOKEN': csrfOf(cookie), 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`bench: ${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** One row per measure: large against small, median and p95, judged on the median. */
export function ratioRows(
  small: Record<string, Latency>,
  large: Record<string, Latency>,
  labelOf: (kind: string) => string,
  recordedOnly: ReadonlySet<string> = new Set(),
): { rows: string[][]; failures: string[] } {
  const rows: string[][] = [];
  const failures: string[] = [];
  for (const kind of Object.keys(small)) {
    const [s, l] = [small[kind]!, large[kind]!];
    const [median, p95] = [l.medianMs / s.medianMs, l.p95Ms / s.p95Ms];
    const label = labelOf(kind);
    rows.push([
      label,
      `${l.medianMs} / ${l.p95Ms} ms vs ${s.medianMs} / ${s.p95Ms} ms`,
      `median ${median.toFixed(2)}×, p95 ${p95.toFixed(2)}× (budget ≤ ${BUDGET}× median)`,
      median <= BUDGET ? 'ok' : recordedOnly.has(kind) ? 'recorded' : 'OVER',
    ]);
    if (median > BUDGET && !recordedOnly.has(kind)) failures.push(`${label}: median ${median.toFixed(2)}× is over ${BUDGET}×.`);
  }
  return { rows, failures };
}
