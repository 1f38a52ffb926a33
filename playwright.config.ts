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
  // Generous limits: on two shared cores a page can take seconds to hydrate while the other worker's browsers,
  // the server and its PostgreSQL compete (CI measured 7-10 s for a profile page under load). A longer wait only
  // costs time when a test fails; it never lets a wrong result pass.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list'], ['./tests/e2e/support/summary-reporter.ts']],
  use: {
    launchOptions: { executablePath: CHROMIUM, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
    // The phone run is for what differs below the product's 768 px breakpoint, not a second run of every journey:
    // the server rules a journey walks through (friends, blocks, chat delivery, moderation, sessions) take the same
    // code path at any width, and the desktop run covers them. A journey is tagged `@phone` when
    //   - it checks layout or behaviour that depends on the width: it branches on the viewport, measures boxes, or
    //     checks that nothing scrolls sideways (the nav's icons, stacked cards, the comments panel, the Posts view,
    //     chat bubbles, dialogs and the bell fitting the screen), or
    //   - it is an axe check (the phone layout has its own landmarks, icon-only controls and contrast), or
    //   - it is the cheapest journey through a page no tagged journey opens yet, so every page is seen at 390 px.
    // A new journey about width-dependent layout or behaviour must carry the tag.
    // Layout depends on CSS pixels only; a device scale of 1 spares the software rasteriser 9x the pixels of 3.
    {
      name: 'phone',
      grep: /@phone/,
      use: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 1, isMobile: true, hasTouch: true },
    },
  ],
});
