/**
 * <Time> and its clock (src/ui/Time.tsx, src/stores/clock.ts): the server renders an empty <time> (its locale and
 * zone are not the reader's, so hydration would fail on different text), and one timer serves every time shown.
 */
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNow, subscribeNow } from '../../../src/stores/clock.ts';
import { Time } from '../../../src/ui/Time.tsx';

describe('<Time> on the server', () => {
  it('is an empty <time> with its ISO date and no title: the browser fills both in', () => {
    const html = renderToString(createElement(Time, { iso: '2026-03-04T18:08:00.000Z', format: 'recency', className: 'x' }));
    expect(html).toBe('<time class="x" dateTime="2026-03-04T18:08:00.000Z"></time>');
  });
});

describe('the clock', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('reads the time to the minute, ticks each new minute for every listener from one timer, and stops with the last', () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 4, 18, 30, 20) });
    const page = new EventTarget() as EventTarget & { visibilityState: string };
    page.visibilityState = 'visible';
    vi.stubGlobal('document', page);
    expect(getNow()).toBe(new Date(2026, 2, 4, 18, 30).getTime());

    const a = vi.fn();
    const b = vi.fn();
    const offA = subscribeNow(a);
    const offB = subscribeNow(b);
    expect(vi.getTimerCount()).toBe(1);
    vi.advanceTimersByTime(40_100); // just past 18:31
    expect([a.mock.calls.length, b.mock.calls.length]).toEqual([1, 1]);
    expect(getNow()).toBe(new Date(2026, 2, 4, 18, 31).getTime());
    vi.advanceTimersByTime(60_000);
    expect(a).toHaveBeenCalledTimes(2);

    // A hidden tab's timers are slowed: coming back into view tells everyone at once.
    page.dispatchEvent(new Event('visibilitychange'));
    expect(a).toHaveBeenCalledTimes(3);

    offA();
    offB();
    expect(vi.getTimerCount()).toBe(0);
    page.dispatchEvent(new Event('visibilitychange'));
    expect(a).toHaveBeenCalledTimes(3);
  });
});
