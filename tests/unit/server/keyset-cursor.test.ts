/** Keyset cursors (src/server/db/keyset-cursor.ts): only what this server made is read back; pages know their end. */
import { describe, expect, it } from 'vitest';
import { cursorFrom, cursorOf, pageOf } from '../../../src/server/db/keyset-cursor.ts';

describe('cursorFrom', () => {
  it('reads back the values a cursor was made of, kind by kind', () => {
    const cursor = cursorOf([2, '2026-11-27 08:50:00.123456+00', 41]);
    expect(cursorFrom(cursor, ['int', 'time', 'int'] as const)).toEqual([2, '2026-11-27 08:50:00.123456+00', 41]);
    expect(cursorFrom(cursorOf(['night raiders', 7]), ['text', 'int'] as const)).toEqual(['night raiders', 7]);
  });

  it('answers null for anything else: garbage, the wrong length, a kind that does not fit, a negative id', () => {
    for (const bad of [
      '',
      '%%%',
      'bm90IGpzb24',
      cursorOf([1]),
      cursorOf([1, 2, 3]),
      cursorOf(['x', 2]),
      cursorOf([-1, 2]),
      cursorOf([1.5, 2]),
    ])
      expect(cursorFrom(bad, ['int', 'int'] as const)).toBeNull();
    expect(cursorFrom(cursorOf(['yesterday', 1]), ['time', 'int'] as const)).toBeNull();
    expect(cursorFrom(cursorOf(['x'.repeat(201), 1]), ['text', 'int'] as const)).toBeNull();
  });
});

describe('pageOf', () => {
  it('keeps `size` rows and names the last one when an extra row says there is more', () => {
    const rows = [{ id: 5 }, { id: 4 }, { id: 3 }];
    const more = pageOf(rows, 2, (r) => [r.id]);
    expect(more.items).toEqual([{ id: 5 }, { id: 4 }]);
    expect(cursorFrom(more.next!, ['int'] as const)).toEqual([4]);
    expect(pageOf(rows, 3, (r) => [r.id]).next).toBeNull();
    expect(pageOf([], 3, () => [1]).next).toBeNull();
  });
});
