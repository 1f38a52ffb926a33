/**
 * How times read (src/client/times.ts): the reader's locale and clock, relative ages in lists, the same clock in
 * the chats list and a bubble, the full date on hover. Dates are built in local time, as the reader's zone is.
 */
import { describe, expect, it } from 'vitest';
import { daysBetween, formatTime, fullTime, sameDay, type TimeFormat } from '../../../src/client/times.ts';

const now = new Date(2026, 2, 4, 18, 30).getTime(); // Wednesday, March 4, 2026, 6:30 pm local
const at = (...parts: [number, number, number, number?, number?, number?]) => new Date(...parts).toISOString();
const before = (ms: number) => new Date(now - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const show = (iso: string, format: TimeFormat, locale = 'en-US') => formatTime(iso, format, { now, locale });

describe('recency (lists)', () => {
  it("reads 'now', then minutes, hours and days, in short words", () => {
    expect(show(before(20_000), 'recency')).toBe('now');
    expect(show(before(5 * MIN + 40_000), 'recency')).toBe('5 min');
    expect(show(before(2 * HOUR + 59 * MIN), 'recency')).toBe('2 hr');
    expect(show(at(2026, 2, 3, 12), 'recency')).toBe('1 day');
    expect(show(at(2026, 2, 1, 20), 'recency')).toBe('3 days');
  });

  it('counts days by the calendar: 25 hours back across two midnights is 2 days', () => {
    expect(show(at(2026, 2, 2, 17, 30), 'recency')).toBe('2 days');
  });

  it('gives the date from a week on, with the year only when it is not this one', () => {
    expect(show(at(2026, 1, 25, 12), 'recency')).toBe('Feb 25');
    expect(show(at(2024, 2, 5, 12), 'recency')).toBe('Mar 5, 2024');
  });

  it('treats a time slightly ahead (clock skew) as now, and nonsense as no text', () => {
    expect(show(before(-90_000), 'recency')).toBe('now');
    expect(show('not a date', 'recency')).toBe('');
    expect(fullTime('not a date', 'recency', 'en-US')).toBe('');
  });

  it("reads in the reader's language", () => {
    expect(show(before(20_000), 'recency', 'de-DE')).toBe('jetzt');
    expect(show(before(5 * MIN), 'recency', 'de-DE')).toBe('5 Min.');
    expect(show(before(2 * HOUR), 'recency', 'de-DE')).toBe('2 Std.');
    expect(show(at(2026, 1, 25, 12), 'recency', 'de-DE')).toBe('25. Feb.');
  });
});

describe('ago (in a sentence)', () => {
  it('says the same ages in words', () => {
    expect(show(before(20_000), 'ago')).toBe('now');
    expect(show(before(5 * MIN), 'ago')).toBe('5 minutes ago');
    expect(show(at(2026, 2, 3, 12), 'ago')).toBe('yesterday');
    expect(show(at(2026, 2, 1, 20), 'ago')).toBe('3 days ago');
    expect(show(before(2 * HOUR), 'ago', 'de-DE')).toBe('vor 2 Stunden');
  });
});

describe('chat times', () => {
  it('shows the same clock in the chats list (today) as on the bubble, in the reader’s 12 or 24 hours', () => {
    const sent = at(2026, 2, 4, 18, 8);
    expect(show(sent, 'clock')).toMatch(/^6:08\sPM$/);
    expect(show(sent, 'chat')).toBe(show(sent, 'clock'));
    expect(show(sent, 'clock', 'de-DE')).toBe('18:08');
    expect(show(sent, 'chat', 'de-DE')).toBe('18:08');
    expect(show(sent, 'clock', 'en-GB')).toBe('18:08');
    expect(show(at(2026, 2, 4, 6, 8), 'clock', 'de-DE')).toBe('06:08');
    expect(show(at(2026, 2, 4, 6, 8), 'clock')).toMatch(/^6:08\sAM$/);
  });

  it("lists an older room as 'Yesterday', then by its date", () => {
    expect(show(at(2026, 2, 3, 23, 59), 'chat')).toBe('Yesterday');
    expect(show(at(2026, 2, 3, 23, 59), 'chat', 'de-DE')).toBe('Gestern');
    expect(show(at(2026, 1, 14, 12), 'chat')).toBe('Feb 14');
    expect(show(at(2025, 11, 31, 12), 'chat')).toBe('Dec 31, 2025');
  });

  it("labels a day separator 'Today', 'Yesterday', the weekday and date, a year when not this one", () => {
    expect(show(at(2026, 2, 4, 0, 1), 'day')).toBe('Today');
    expect(show(at(2026, 2, 3, 23, 59), 'day')).toBe('Yesterday');
    expect(show(at(2026, 1, 14, 12), 'day')).toBe('Saturday, February 14');
    expect(show(at(2025, 11, 31, 12), 'day')).toBe('December 31, 2025');
    expect(show(at(2026, 2, 4, 9), 'day', 'de-DE')).toBe('Heute');
  });

  it('changes day exactly at local midnight', () => {
    expect(sameDay(at(2026, 2, 4, 0, 0), at(2026, 2, 4, 23, 59))).toBe(true);
    expect(sameDay(at(2026, 2, 3, 23, 59), at(2026, 2, 4, 0, 0))).toBe(false);
    // A day that is 23 or 25 hours long (daylight saving) is still one day.
    expect(daysBetween(new Date(2026, 2, 28, 12), new Date(2026, 2, 29, 12))).toBe(1);
    expect(daysBetween(new Date(2026, 9, 24, 12), new Date(2026, 9, 26, 12))).toBe(2);
  });
});

describe('upcoming (when a session starts)', () => {
  it("reads 'Now' once started, then today, tomorrow, a weekday this week, then the date, each with the clock", () => {
    expect(show(before(5 * MIN), 'upcoming')).toBe('Now');
    expect(show(new Date(now + 30_000).toISOString(), 'upcoming')).toBe('Now'); // within the minute shown
    expect(show(at(2026, 2, 4, 21, 0), 'upcoming')).toBe('Today, 9:00 PM');
    expect(show(at(2026, 2, 5, 0, 30), 'upcoming')).toBe('Tomorrow, 12:30 AM');
    expect(show(at(2026, 2, 7, 20, 0), 'upcoming')).toBe('Sat, 8:00 PM');
    expect(show(at(2026, 2, 14, 20, 0), 'upcoming')).toBe('Mar 14, 8:00 PM');
    expect(show(at(2026, 2, 4, 21, 0), 'upcoming', 'en-GB')).toBe('Today, 21:00');
  });
});

describe('records and the hover title', () => {
  it('gives dates, and dates with times, in the reader’s form', () => {
    expect(show(at(2026, 1, 14, 12), 'date')).toBe('Feb 14');
    expect(show(at(2025, 1, 14, 12), 'date')).toBe('Feb 14, 2025');
    expect(show(at(2026, 1, 14, 9, 5), 'dateTime')).toMatch(/^Feb 14, 2026, 9:05\sAM$/);
    expect(show(at(2026, 1, 14, 9, 5), 'dateTime', 'de-DE')).toBe('14.02.2026, 09:05');
  });

  it('titles every time with its full date and time (a day separator with its date)', () => {
    const sent = at(2026, 2, 4, 18, 8);
    expect(fullTime(sent, 'recency', 'en-US')).toMatch(/^Wednesday, March 4, 2026 at 6:08\sPM$/);
    expect(fullTime(sent, 'clock', 'de-DE')).toBe('Mittwoch, 4. März 2026 um 18:08');
    expect(fullTime(sent, 'day', 'en-US')).toBe('Wednesday, March 4, 2026');
  });
});
