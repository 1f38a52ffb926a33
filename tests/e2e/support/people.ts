/**
 * NOTE: journeys between several people. Each extra person gets a browser context of their own at the
 * project's size (desktop or phone), watched for CSP violations and page errors like the main page;
 * `close()` fails the test if any occurred. API helpers act as the page's signed-in person (cookie +
 * X-CSRF-TOKEN) and fail the test on an unexpected status.
 */
import type { Browser, Page, TestInfo } from '@playwright/test';
import type { Account } from './accounts.ts';
import { expect } from './fixtures.ts';

export async function secondPerson(browser: Browser, testInfo: TestInfo, baseURL: string | undefined) {
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
      expect(problems, 'CSP violations or uncaught errors in the second browser').toEqual([]);
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

export const csrfOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';

/** A state-changing JSON call as the page's person; resolves with the response body. */
export async function apiCall<T = unknown>(
  page: Page,
  method: 'post' | 'put',
  path: string,
  data?: unknown,
  status = [200, 201],
): Promise<T> {
  const res = await page.request[method](`/api${path}`, { headers: { 'X-CSRF-TOKEN': await csrfOf(page) }, data });
  expect(status, `${method.toUpperCase()} ${path}: ${res.status()} ${await res.text()}`).toContain(res.status());
  return (await res.json()) as T;
}

/** `asker` asks `accepter` (signed in on `accepterPage`) to be friends, and they accept. */
export async function befriend(askerPage: Page, accepterPage: Page, accepter: Account): Promise<void> {
  const { request_id } = await apiCall<{ request_id: number }>(askerPage, 'post', '/friends/request', { username: accepter.username });
  await apiCall(accepterPage, 'post', '/friends/accept', { request_id });
}
