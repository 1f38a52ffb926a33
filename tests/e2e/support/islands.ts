/**
 * NOTE: Astro server-renders each island and drops its `ssr` attribute once React has hydrated it. A click on an
 * island's control before then is lost (as a person's would be), so journeys wait for this before their first
 * click or key on a freshly loaded page.
 */
import type { Page } from '@playwright/test';

export async function islandsHydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}
