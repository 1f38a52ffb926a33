/**
 * NOTE: more than one person in a journey. `anotherPerson` opens a fresh browser context at the project's size
 * (desktop or phone), watched for CSP violations and page errors like the fixtures' own page; its `close()`
 * fails the test if any happened. `socketConnected` resolves once a page's realtime socket has been accepted.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import { expect } from './fixtures.ts';

export type Person = { page: Page; close: () => Promise<void> };

export async function anotherPerson(browser: Browser, testInfo: TestInfo, baseURL: string | undefined): Promise<Person> {
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, baseURL });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (/content[- ]security[- ]policy/i.test(m.text())) problems.push(`CSP: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`uncaught: ${e.message}`));
  return {
    page,
    close: async () => {
      await context.close();
      expect(problems, 'CSP violations or uncaught errors in another person’s browser').toEqual([]);
    },
  };
}

/**
 * Resolves once the page's realtime socket has been accepted by the server (socket.io's CONNECT answer), so a
 * live event sent after this cannot be missed. Call before the navigation that opens the socket.
 */
export function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && f.payload.startsWith('40') && resolve()));
  });
}
