/**
 * One column system (src/ui/page-styles.ts): at 1280 px the reading pages are one centred column, and each
 * page's <h1> starts where its content does (the feed's filter and its empty card, the search box, the chats
 * list, the account's cards, the notifications), the empty feed card as wide as the column.
 */
import type { Locator, Page } from '@playwright/test';
import { registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { boxOf, hasNoSidewaysScroll, pageColumnOf } from './support/layout.ts';

const PAGES: Array<{ path: string; content: (page: Page) => Locator[] }> = [
  // A new member plays no game yet: 'My games' is the empty feed.
  { path: '/feed?view=my-games', content: (p) => [p.getByLabel('Show posts from'), p.getByRole('region', { name: 'No posts' })] },
  { path: '/search', content: (p) => [p.getByRole('region', { name: 'Players like you' })] },
  { path: '/chats', content: (p) => [p.getByText('No chats yet').locator('..')] },
  { path: '/account', content: (p) => [p.getByRole('region', { name: 'Password' })] },
  { path: '/notifications', content: (p) => [p.getByRole('region', { name: 'All notifications' })] },
  { path: '/', content: (p) => [p.getByRole('region', { name: 'Get started' })] },
];

test('at 1280 px each reading page is one centred column, its heading lined up with its content', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page);
  for (const { path, content } of PAGES) {
    await page.goto(path);
    for (const block of content(page)) await expect(block, `${path}: content shown`).toBeVisible();
    const { column, heading, pageWidth } = await pageColumnOf(page);
    expect(Math.abs(column.left - (pageWidth - column.right)), `${path}: column centred`).toBeLessThanOrEqual(1);
    expect(column.width, `${path}: a reading column`).toBeLessThan(720);
    expect(heading.left, `${path}: heading at the column's edge`).toBe(column.left);
    for (const block of content(page)) expect((await boxOf(block)).left, `${path}: ${block.toString()}`).toBe(heading.left);
    expect(await hasNoSidewaysScroll(page)).toBe(true);
  }
  await page.goto('/feed?view=my-games');
  const { column } = await pageColumnOf(page);
  expect((await boxOf(page.getByRole('region', { name: 'No posts' }))).width, 'the empty card fills the column').toBe(column.width);
});
