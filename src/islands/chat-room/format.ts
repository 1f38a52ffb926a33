/**
 * NOTE: how the room shows times (spec §2 "Chat room": each bubble has its time): the time of day on bubbles and
 * a day separator ('Today', 'Yesterday', 'Monday, March 4', a year when not this one). Pure, unit-tested.
 */
const timeOfDay = new Intl.DateTimeFormat('en', { hour: 'numeric', minute: '2-digit' });
const thisYearDay = new Intl.DateTimeFormat('en', { weekday: 'long', month: 'long', day: 'numeric' });
const otherYearDay = new Intl.DateTimeFormat('en', { month: 'long', day: 'numeric', year: 'numeric' });
const DAY_MS = 24 * 60 * 60 * 1000;

export function messageTime(iso: string): string {
  const at = Date.parse(iso);
  return Number.isNaN(at) ? '' : timeOfDay.format(at);
}

/** Local calendar day of an instant, as a key that changes exactly at local midnight. */
export function dayKey(iso: string): string {
  const d = new Date(iso);
  return `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
}

export function dayLabel(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return 'Today';
  if (at.getTime() >= startOfToday - DAY_MS) return 'Yesterday';
  return (at.getFullYear() === now.getFullYear() ? thisYearDay : otherYearDay).format(at);
}
