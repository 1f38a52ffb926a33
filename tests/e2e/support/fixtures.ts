/**
 * NOTE: every spec imports `test` and `expect` from here, never from '@playwright/test' directly:
 * - `baseURL` is the server globalSetup started (so `page.goto('/login')` works);
 * - every page is watched: a Content-Security-Policy violation in the console or an uncaught page error fails
 *   the test that caused it, after its own assertions.
 */
import { test as base, expect } from '@playwright/test';
import { ORIGIN_ENV } from './global-setup.ts';

type PageProblems = { pageProblems: string[] };

export const test = base.extend<PageProblems>({
  baseURL: async ({}, use) => {
    const origin = process.env[ORIGIN_ENV];
    if (!origin) throw new Error(`${ORIGIN_ENV} is not set: run the journeys with \`npm run test:e2e\``);
    await use(origin);
  },
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (/content[- ]security[- ]policy/i.test(message.text())) problems.push(`CSP: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
      await use(problems);
      expect(problems, 'CSP violations or uncaught errors on the pages visited').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
