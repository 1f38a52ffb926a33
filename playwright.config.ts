/**
 * NOTE: end-to-end journeys in Debian's Chromium against the production build (`npm run test:e2e` builds it if
 * stale). globalSetup starts one server on a free loopback port with a throwaway DATA_DIR; specs import `test`
 * from tests/e2e/support/fixtures.ts, which takes the server's address from there (not from `use.baseURL`).
 */
import { defineConfig } from '@playwright/test';

// `npx playwright install` cannot download browsers here: Debian's chromium is the browser (.ci/run installs it).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './tests/e2e/support/global-setup.ts',
  // Two cores: one worker per core keeps timings steady while the server and its PostgreSQL share the machine.
  workers: 2,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['./tests/e2e/support/summary-reporter.ts']],
  use: {
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    { name: 'phone', use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true } },
  ],
});
