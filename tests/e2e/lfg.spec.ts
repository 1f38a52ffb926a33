/**
 * Looking for group (issue 24), three people at both widths: A posts a group for a game tonight from the game's
 * page (the dialog opens with the game chosen); B finds it on the game page and C on /lfg, both ask to join with a
 * note; A sees the requests arrive live and accepts both; the post shows full; B opens the group chat and C reads
 * B's message there; C leaves and the post opens again on A's page without a reload. A walks it in the light
 * theme, B and C in the dark one; axe checks the board and the post page.
 */
import { randomBytes } from 'node:crypto';
import type { Page } from '@playwright/test';
import type { NewGameResponse } from '../../src/shared/game-types.ts';
import { registerViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { call } from './support/chat-room.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { anotherPerson, socketConnected } from './support/people.ts';

async function visit(page: Page, url: string): Promise<void> {
  const connected = socketConnected(page);
  await page.goto(url);
  await islandsHydrated(page);
  await connected;
}

/** Tonight at 23:00 in the browser's zone (or in two hours when that has passed), as a datetime-local value. */
const tonight = (page: Page) =>
  page.evaluate(() => {
    const d = new Date();
    d.setHours(23, 0, 0, 0);
    if (d.getTime() < Date.now() + 30 * 60_000) d.setTime(Date.now() + 2 * 3_600_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
  });

test(
  'post a group for tonight, two players find it and are accepted, chat, it fills, one leaves and it opens again',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(150_000);
    const run = randomBytes(3).toString('hex');
    const gameName = `Deep Rock ${run}`;
    const title = `Haz 5 dives ${run}`;
    await page.emulateMedia({ colorScheme: 'light' });
    const a = await registerViaApi(page);
    const { game } = await call<NewGameResponse>(page, 'post', '/games', { name: gameName });

    // A: the game page's 'Looking for group' card is empty and offers 'Post a group', which opens the dialog there.
    await visit(page, `/games/${game.slug}`);
    // The card sits at the foot of a column: its list loads as it comes into view (and replaces the stand-in).
    const card = page.getByRole('region', { name: 'Looking for group' });
    await expect(() => card.scrollIntoViewIfNeeded({ timeout: 1_000 })).toPass();
    await expect(card.getByText(`Nobody is looking for a ${gameName} group right now.`)).toBeVisible();
    await card.getByRole('link', { name: 'Post a group' }).click();
    const dialog = page.getByRole('dialog', { name: 'Post a group' });
    await expect(dialog.getByText(gameName)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('combobox', { name: 'Platform' }).selectOption('steam');
    await dialog.getByRole('combobox', { name: 'Players wanted' }).selectOption('2');
    await dialog.getByRole('combobox', { name: 'Starts' }).selectOption('later');
    await dialog.getByLabel('Date and time').fill(await tonight(page));
    await dialog.getByRole('checkbox', { name: 'Mic', exact: true }).check();
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Morkite runs, bring a scout.');
    await dialog.getByRole('button', { name: 'Post', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page).toHaveURL(/\/lfg\/\d+$/);
    const postUrl = new URL(page.url()).pathname;
    await expect(page.getByText('Hosting')).toBeVisible();
    await expect(page.getByText('2 of 2 spots left')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Requests' }).getByText('No requests waiting.')).toBeVisible();
    await islandsHydrated(page);

    // B (dark): finds it on the game page and asks with a note.
    const b = await anotherPerson(browser, testInfo, baseURL);
    await b.page.emulateMedia({ colorScheme: 'dark' });
    const bob = await registerViaApi(b.page);
    await visit(b.page, `/games/${game.slug}`);
    await expect(() => b.page.getByRole('region', { name: 'Looking for group' }).scrollIntoViewIfNeeded({ timeout: 1_000 })).toPass();
    await b.page.getByRole('region', { name: 'Looking for group' }).getByRole('link', { name: title }).click();
    await expect(b.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await islandsHydrated(b.page);
    await b.page.getByRole('textbox', { name: 'Message to the host (optional)' }).fill('Driller main, mic on');
    await b.page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(b.page.getByText('You asked to join. The host will answer soon.')).toBeVisible();

    // C (dark): finds it on the board, filtered by the game.
    const c = await anotherPerson(browser, testInfo, baseURL);
    await c.page.emulateMedia({ colorScheme: 'dark' });
    const cat = await registerViaApi(c.page);
    await visit(c.page, '/lfg');
    const board = c.page.getByRole('list', { name: 'Looking for group' });
    await expect(board.getByRole('link', { name: title })).toBeVisible();
    expect(await seriousViolations(c.page)).toEqual([]);
    expect(await hasNoSidewaysScroll(c.page)).toBe(true);
    await board.getByRole('link', { name: title }).click();
    await islandsHydrated(c.page);
    await c.page.getByRole('button', { name: 'Ask to join' }).click();
    await expect(c.page.getByText('Requested', { exact: true })).toBeVisible();

    // A: both requests arrived while the page stood open; A accepts both and the post is full.
    const requests = page.getByRole('list', { name: 'Requests' });
    await expect(requests.getByText('Driller main, mic on')).toBeVisible();
    await expect(requests.getByRole('link', { name: cat.username })).toBeVisible();
    await page.getByRole('button', { name: `Accept ${bob.username}` }).click();
    await page.getByRole('button', { name: `Accept ${cat.username}` }).click();
    await expect(page.getByText('Full', { exact: true })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Players' }).getByRole('link')).toHaveText([a.username, bob.username, cat.username]);
    expect(await seriousViolations(page)).toEqual([]);

    // B: now in, live; opens the group chat and says hello; C reads it there.
    await expect(b.page.getByText("You're in")).toBeVisible();
    await b.page.getByRole('link', { name: 'Open group chat' }).click();
    await islandsHydrated(b.page);
    await b.page.getByRole('textbox', { name: 'Type a message...' }).fill('Rock and stone! Lobby up in 5');
    await b.page.getByRole('button', { name: 'Send', exact: true }).click();
    await visit(c.page, postUrl);
    await c.page.getByRole('link', { name: 'Open group chat' }).click();
    await expect(c.page.getByText('Rock and stone! Lobby up in 5')).toBeVisible();

    // C leaves from the post: the slot frees on A's page, live.
    await visit(c.page, postUrl);
    await c.page.getByRole('button', { name: 'Leave group' }).click();
    await expect(c.page.getByRole('button', { name: 'Ask to join' })).toBeVisible();
    await expect(page.getByText('1 of 2 spots left')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Players' }).getByRole('link')).toHaveText([a.username, bob.username]);
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    await b.close();
    await c.close();
  },
);
