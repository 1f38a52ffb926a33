/**
 * Communities, walked by two people at both widths: A opens a game's page, follows 'Create community' and creates
 * a request-to-join community for the game in the dialog (the game already chosen); B finds it on the game page
 * and through /communities search, asks to join ('Request sent'), A approves (through the API: the settings page
 * comes with a later slice), and B, reloading, sees the members with A marked as owner and can leave again.
 * A walks it in the light theme, B in the dark one; axe checks the communities page and the community page.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { NewGameResponse } from '../../src/shared/game-types.ts';
import { registerViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { csrfToken } from './support/media.ts';
import { anotherPerson } from './support/people.ts';

async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await islandsHydrated(page);
}

async function api<T>(page: Page, method: 'post' | 'get', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](`/api${url}`, { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test(
  'create a community for a game from its page, find it, ask to join, get approved, see its members',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const run = randomBytes(3).toString('hex');
    const gameName = `Raid Night ${run}`;
    const name = `Raiders ${run}`;
    await page.emulateMedia({ colorScheme: 'light' });
    const a = await registerViaApi(page);
    const { game } = await api<NewGameResponse>(page, 'post', '/games', { name: gameName });

    // A: the game page's Communities card offers 'Create community', which opens the dialog with the game chosen.
    await visit(page, `/games/${game.slug}`);
    const card = page.getByRole('region', { name: 'Communities' });
    await expect(card.getByText(`No community for ${gameName} yet.`)).toBeVisible();
    await card.getByRole('link', { name: 'Create community' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create community' });
    await expect(dialog.getByText(gameName)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Weekly raids.\nBring snacks.');
    await dialog.getByRole('combobox', { name: 'Who can join' }).selectOption('request');
    await dialog.getByRole('textbox', { name: 'Rules' }).fill('Be kind\nNo cheating');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/communities/raiders-${run}$`));
    await expect(page.getByText('1 member')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'No cheating' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Members' }).getByText(a.username)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // B: finds it on the game page and by search on /communities, and asks to join.
    const b = await anotherPerson(browser, testInfo, baseURL);
    await b.page.emulateMedia({ colorScheme: 'dark' });
    const bob = await registerViaApi(b.page);
    await visit(b.page, `/games/${game.slug}`);
    await expect(b.page.getByRole('region', { name: 'Communities' }).getByRole('link', { name })).toBeVisible();
    await visit(b.page, '/communities');
    await b.page.getByRole('searchbox', { name: 'Search communities' }).fill(`raiders ${run}`);
    const results = b.page.getByRole('list', { name: 'Results' });
    await expect(results.getByText('Request to join')).toBeVisible();
    expect(await hasNoSidewaysScroll(b.page)).toBe(true);
    expect(await seriousViolations(b.page)).toEqual([]);
    await results.getByRole('link', { name }).click();
    await expect(b.page.getByText('Join to see its members.')).toBeVisible();
    await b.page.getByRole('button', { name: 'Request to join' }).click();
    await expect(b.page.getByText('Request sent')).toBeVisible();

    // A approves; B sees the members, A marked as the owner, and may leave.
    const me = await api<{ user_id: number }>(b.page, 'get', '/auth/verify');
    await api(page, 'post', `/communities/raiders-${run}/requests/${me.user_id}/approve`);
    await b.page.reload();
    await islandsHydrated(b.page);
    const members = b.page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem').filter({ hasText: a.username }).getByText('Owner')).toBeVisible();
    await expect(members.getByText(bob.username)).toBeVisible();
    await expect(b.page.getByText('2 members')).toBeVisible();
    expect(await seriousViolations(b.page)).toEqual([]);
    await b.page.getByRole('button', { name: 'Leave' }).click();
    await expect(b.page.getByRole('button', { name: 'Request to join' })).toBeVisible();
    await b.close();
  },
);
