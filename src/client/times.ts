/**
 * NOTE: how every time on screen reads, in the reader's own language and clock (12 or 24 hours), in their own
 * time zone. Rules for callers:
 * - Show times through <Time> (src/ui/Time.tsx), not these functions directly: it waits for hydration (the
 *   server's locale and zone are not the reader's) and keeps relative times current.
 * - `locale` stays undefined in the app (the browser's own); tests pass one, and a fixed `now`.
 * - Formats: 'recency' for lists where what matters is how long ago ('now', '5 min', '2 hr', '3 days', then the
 *   date); 'ago' for the same in a sentence ('5 minutes ago', 'yesterday'); 'clock' for a chat message; 'chat'
 *   for the chats list (the same clock today, so a room and its last bubble agree, then 'Yesterday', then the
 *   date); 'day' for a chat's day separator; 'date' and 'dateTime' for records; 'upcoming' for when something
 *   starts ('Now', 'Today, 20:00', 'Tomorrow, 20:00', 'Fri 20:00', then the date). `fullTime` is the hover title.
 */
export type TimeFormat = 'recency' | 'ago' | 'clock' | 'chat' | 'day' | 'date' | 'dateTime' | 'upcoming';
export type TimeContext = { now: number; locale?: string };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const WEEK_DAYS = 7;

// Building a formatter costs far more than using one, and a chat shows hundreds of times.
const cache = new Map<string, Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>();
function cached<T extends Intl.DateTimeFormat | Intl.RelativeTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  let found = cache.get(key) as T | undefined;
  if (!found) cache.set(key, (found = make()));
  return found;
}
const dates = (locale: string | undefined, name: string, options: Intl.DateTimeFormatOptions) =>
  cached(`d|${locale}|${name}`, () => new Intl.DateTimeFormat(locale, options));
const relative = (locale: string | undefined) => cached(`r|${locale}`, () => new Intl.RelativeTimeFormat(locale, { numeric: 'auto' }));
const units = (locale: string | undefined, unit: 'minute' | 'hour' | 'day') =>
  cached(`u|${locale}|${unit}`, () => new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }));

/** Whole local calendar days from `then` to `now` (0 the same day, 1 yesterday); a DST day still counts as one. */
export function daysBetween(then: Date, now: Date): number {
  const start = (d: Date) => new Date(d.getFullYear(), d.getMonth(), d.getDate()).getTime();
  return Math.round((start(now) - start(then)) / (24 * HOUR));
}

/** The same local calendar day (a chat's day separators change exactly at the reader's midnight). */
export const sameDay = (a: string, b: string) => daysBetween(new Date(a), new Date(b)) === 0;

// 'today' and 'yesterday' stand alone as labels, so they start with a capital where the language has them.
const capital = (text: string, locale: string | undefined) => text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);

function shortDate(then: Date, now: Date, locale: string | undefined): string {
  return then.getFullYear() === now.getFullYear()
    ? dates(locale, 'monthDay', { month: 'short', day: 'numeric' }).format(then)
    : dates(locale, 'monthDayYear', { month: 'short', day: 'numeric', year: 'numeric' }).format(then);
}

/** 'now', then minutes, hours, calendar days up to a week; after that the date. A time ahead of us (clock skew) is now. */
function howLongAgo(then: Date, now: Date, locale: string | undefined, inSentence: boolean): string {
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < MINUTE) return relative(locale).format(0, 'second');
  const days = daysBetween(then, now);
  if (days >= WEEK_DAYS) return shortDate(then, now, locale);
  const [count, unit] =
    elapsed < HOUR
      ? [Math.floor(elapsed / MINUTE), 'minute' as const]
      : elapsed < 24 * HOUR
        ? [Math.floor(elapsed / HOUR), 'hour' as const]
        : [Math.max(1, days), 'day' as const];
  return inSentence ? relative(locale).format(-count, unit) : units(locale, unit).format(count);
}

function dayLabel(then: Date, now: Date, locale: string | undefined): string {
  const days = daysBetween(then, now);
  if (days === 0 || days === 1) return capital(relative(locale).format(-days, 'day'), locale);
  return then.getFullYear() === now.getFullYear()
    ? dates(locale, 'weekdayMonthDay', { weekday: 'long', month: 'long', day: 'numeric' }).format(then)
    : dates(locale, 'longDate', { month: 'long', day: 'numeric', year: 'numeric' }).format(then);
}

const clock = (then: Date, locale: string | undefined) => dates(locale, 'clock', { timeStyle: 'short' }).format(then);

/** When something starts: 'Now' once it has, else the day (today, tomorrow, a weekday within the week, the date) and the clock. */
function upcoming(then: Date, now: Date, locale: string | undefined): string {
  // `now` is to the minute: a start within it has come.
  if (then.getTime() < now.getTime() + MINUTE) return capital(relative(locale).format(0, 'second'), locale);
  const ahead = -daysBetween(then, now);
  const day =
    ahead <= 1
      ? capital(relative(locale).format(ahead, 'day'), locale)
      : ahead < WEEK_DAYS
        ? dates(locale, 'weekday', { weekday: 'short' }).format(then)
        : shortDate(then, now, locale);
  return `${day}, ${clock(then, locale)}`;
}

/** The text of a time in the given format; '' for something that is not a time. */
export function formatTime(iso: string, format: TimeFormat, { now, locale }: TimeContext): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  const today = new Date(now);
  switch (format) {
    case 'recency':
    case 'ago':
      return howLongAgo(then, today, locale, format === 'ago');
    case 'clock':
      return clock(then, locale);
    case 'chat': {
      const days = daysBetween(then, today);
      if (days <= 0) return clock(then, locale);
      return days === 1 ? capital(relative(locale).format(-1, 'day'), locale) : shortDate(then, today, locale);
    }
    case 'day':
      return dayLabel(then, today, locale);
    case 'date':
      return shortDate(then, today, locale);
    case 'dateTime':
      return dates(locale, 'dateTime', { dateStyle: 'medium', timeStyle: 'short' }).format(then);
    case 'upcoming':
      return upcoming(then, today, locale);
  }
}

/** The full date and time (just the date for a day separator), for the title shown on hover. */
export function fullTime(iso: string, format: TimeFormat, locale?: string): string {
  const then = new Date(iso);
  if (Number.isNaN(then.getTime())) return '';
  return format === 'day'
    ? dates(locale, 'fullDate', { dateStyle: 'full' }).format(then)
    : dates(locale, 'full', { dateStyle: 'full', timeStyle: 'short' }).format(then);
}
