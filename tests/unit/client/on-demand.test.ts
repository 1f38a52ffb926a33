/**
 * Code loaded on first use (src/ui/on-demand.ts): one import shared by every user, kept once it arrived, and a
 * failed import forgotten so that the next use tries again instead of failing forever.
 */
import { describe, expect, it, vi } from 'vitest';
import { onDemand } from '../../../src/ui/on-demand.ts';

describe('onDemand', () => {
  it('shares one import between users and keeps the module once it arrived', async () => {
    const importer = vi.fn(async () => 'module');
    const view = onDemand(importer);
    expect(view.now()).toBeUndefined();
    const [a, b] = await Promise.all([view.load(), view.load()]);
    expect([a, b]).toEqual(['module', 'module']);
    expect(view.now()).toBe('module');
    await view.load();
    expect(importer).toHaveBeenCalledTimes(1);
  });

  it('forgets a failed import: the next use imports again and can succeed', async () => {
    const importer = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce('module');
    const view = onDemand(importer);
    await expect(view.load()).rejects.toThrow('Failed to fetch');
    expect(view.now()).toBeUndefined();
    await expect(view.load()).resolves.toBe('module');
    expect(view.now()).toBe('module');
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
