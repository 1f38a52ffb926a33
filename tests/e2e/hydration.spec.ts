/**
 * A person who follows a link before the page's islands have finished hydrating (a slow phone) sees the next
 * page and no error: ClientRouter unmounts the half-hydrated islands, which React reports as an uncaught error
 * unless the island guard (src/components/island-guard.ts) cancels that one report. The CPU is slowed down so
 * that hydration is still under way when the link is followed.
 */
import { registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

test('following a link while the page is still hydrating leaves no error behind', async ({ page }) => {
  await registerViaApi(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
  await page.goto('/profile', { waitUntil: 'commit' });
  // The moment every island has called hydrateRoot (Astro drops `ssr` then), before React has finished.
  await page.waitForFunction(
    () => document.querySelectorAll('astro-island').length > 0 && !document.querySelector('astro-island[ssr]'),
    undefined,
    { polling: 'raf' },
  );
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('nav a[href="/feed"]')!.click());
  await expect(page.getByRole('heading', { level: 1, name: 'Media Feed' })).toBeVisible({ timeout: 60_000 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
});
