/**
 * groupCommit's timing rules (src/server/db/group-commit.ts), on fake timers: items of one turn share a batch; a
 * lone item after a quiet spell goes at the next turn; with `gatherMs`, an item arriving soon after another waits
 * that long for company, and a full batch does not wait.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupCommit } from '../../../src/server/db/group-commit.ts';

let batches: number[][];
const run = async (items: number[]) => {
  batches.push(items);
  return items.map((value) => ({ status: 'fulfilled' as const, value }));
};

beforeEach(() => {
  batches = [];
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setImmediate', 'performance'] });
});
afterEach(() => vi.useRealTimers());

describe('groupCommit', () => {
  it('sends items of one turn together, and a lone item at the next turn', async () => {
    const submit = groupCommit(run, { maxBatch: 10, maxInFlight: 1 });
    const both = Promise.all([submit(1), submit(2)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(await both).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1000);
    const lone = submit(3);
    await vi.advanceTimersByTimeAsync(0);
    expect(await lone).toBe(3);
    expect(batches).toEqual([[1, 2], [3]]);
  });

  it('with gatherMs, holds an item that follows another closely until company arrives or the time is up', async () => {
    const submit = groupCommit(run, { maxBatch: 10, maxInFlight: 1, gatherMs: 8 });
    const first = submit(1); // after a quiet spell: next turn
    await vi.advanceTimersByTimeAsync(0);
    await first;
    await vi.advanceTimersByTimeAsync(3);
    const held = submit(2); // 3 ms after the previous one: waits for company
    await vi.advanceTimersByTimeAsync(3);
    expect(batches).toEqual([[1]]);
    const company = submit(3);
    await vi.advanceTimersByTimeAsync(5);
    expect(await Promise.all([held, company])).toEqual([2, 3]);
    expect(batches).toEqual([[1], [2, 3]]);
    await vi.advanceTimersByTimeAsync(1000);
    const later = submit(4); // quiet again: does not wait
    await vi.advanceTimersByTimeAsync(0);
    expect(await later).toBe(4);
    expect(batches.at(-1)).toEqual([4]);
  });

  it('does not hold a batch that is already full', async () => {
    const submit = groupCommit(run, { maxBatch: 3, maxInFlight: 1, gatherMs: 8 });
    await Promise.all([submit(0), vi.advanceTimersByTimeAsync(0)]);
    await vi.advanceTimersByTimeAsync(1);
    const three = [submit(1), submit(2), submit(3)];
    await vi.advanceTimersByTimeAsync(0);
    expect(await Promise.all(three)).toEqual([1, 2, 3]);
    expect(batches).toEqual([[0], [1, 2, 3]]);
  });
});
