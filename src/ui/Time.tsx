/**
 * NOTE: every time the app shows is a <Time>: `<time dateTime="ISO" title="the full date and time">` with the text
 * of a format from src/client/times.ts, in the reader's own locale and zone. Rules for callers:
 * - Pass the ISO string as it came from the API and the format that fits the place (see times.ts).
 * - On the server, and while React hydrates what the server rendered, it is an empty <time>: the server's locale
 *   and zone are not the reader's, and different text would fail hydration. The text appears right after.
 * - Relative formats re-render each minute from one shared clock; 'clock' never needs to, so it does not listen.
 * - `useNow` is for the rare text that must hold a time itself (an aria-label): null until hydrated.
 */
import { useSyncExternalStore } from 'react';
import { formatTime, fullTime, type TimeFormat } from '../client/times.ts';
import { getNow, subscribeNow } from '../stores/clock.ts';

const listenToNothing = () => () => {};
const beforeHydration = () => null;

/** The time to the minute, kept current (or read once with `live` false); null on the server and while hydrating. */
export function useNow(live = true): number | null {
  return useSyncExternalStore(live ? subscribeNow : listenToNothing, getNow, beforeHydration);
}

type Props = { iso: string; format: TimeFormat; className?: string };

export function Time({ iso, format, className }: Props) {
  const now = useNow(format !== 'clock');
  if (now === null) return <time className={className} dateTime={iso} />;
  return (
    <time className={className} dateTime={iso} title={fullTime(iso, format)}>
      {formatTime(iso, format, { now })}
    </time>
  );
}
