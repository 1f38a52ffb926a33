/**
 * Games as the organising idea, walked by two people at both widths: both add games (A through the profile's
 * Edit Games dialog, B with 'I play this' on the game page), A finds B through 'Players like you' and through
 * search by game, asks to be friends (B accepts), and uploads a clip tagged with their shared game through the
 * upload dialog; B sees it on the game page and in the feed's 'My games' view, with the game as a link.
 * A walks it in the light theme and B in the dark one; axe checks the Edit Games dialog and the filtered search
 * (light) and the game page and 'My games' feed (dark). Games are created through POST /api/games with names unique to the run, so parallel specs never share them.
 */
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import type { NewGameResponse } from '../../src/shared/game-types.ts';
import { registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { seriousViolations } from './support/axe.ts';
import { sendFriendRequest } from './support/friends.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { CLIP, csrfToken, postCard, uniqueCaption } from './support/media.ts';
import { anotherPerson } from './support/people.ts';
import { focusPicker } from './support/combobox.ts';
import { islandsHydrated } from './support/islands.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const COMPLETE = 'Upload complete! Click here to view your post';

async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await islandsHydrated(page);
}

async function addGameViaApi(page: Page, name: string): Promise<string> {
  const res = await page.request.post('/api/games', { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data: { name } });
  if (!res.ok()) throw new Error(`add game ${name}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as NewGameResponse).game.slug;
}

/** Where a game picker's options are: its list is portalled to the end of the page. */
const listOf = (scope: Locator | Page): Page => ('page' in scope ? scope.page() : scope);

/** Types into a game picker and picks the option with this name (names here have no regex characters), by keyboard. */
async function pickGame(scope: Locator | Page, label: string, name: string): Promise<void> {
  const box = scope.getByRole('combobox', { name: label, exact: true });
  await focusPicker(box);
  await box.fill(name);
  // An option may carry a note after the name ('Your game').
  // The list floats in a portal at the end of the page (so a scrolling dialog never clips it), outside `scope`.
  const option = listOf(scope).getByRole('option', { name: new RegExp(`^${name}( |$)`) });
  await expect(option).toBeVisible();
  // The highlighted option is the box's active descendant (aria-selected would mean 'chosen').
  while ((await box.getAttribute('aria-activedescendant')) !== (await option.getAttribute('id'))) await box.press('ArrowDown');
  await box.press('Enter');
}

test(
  'two players share a game: profile, players like you, search by game, a tagged clip on the game page and in My games',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(180_000);
    const run = randomBytes(3).toString('hex');
    const shared = `Journey Quest ${run}`;
    const mine = `Lonely Racer ${run}`;
    const a = await registerViaApi(page);
    const b = await anotherPerson(browser, testInfo, baseURL);
    // A walks it in the light theme, B in the dark one, so every screen here is checked in both.
    await b.page.addInitScript(() => localStorage.setItem('mui-mode', 'dark'));
    const bAccount = await registerViaApi(b.page);
    const slug = await addGameViaApi(page, shared);
    await addGameViaApi(page, mine);

    // A lists two games through the Edit Games dialog; a brand-new title can be added from the picker too.
    await visit(page, '/profile');
    const gamesCard = page.getByRole('region', { name: 'Games' });
    await expect(gamesCard.getByText('No games added yet')).toBeVisible();
    await gamesCard.getByRole('button', { name: 'Edit games' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Games' });
    await pickGame(dialog, 'Add a game', shared);
    await pickGame(dialog, 'Add a game', mine);
    await expect(dialog.getByText('2/30')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('combobox', { name: 'Add a game' }).fill(`Brand New ${run}`);
    await expect(page.getByRole('option', { name: `Add "Brand New ${run}" as a new game` })).toBeVisible();
    await dialog.getByRole('combobox', { name: 'Add a game' }).fill('');
    await dialog.getByRole('combobox', { name: 'Add a game' }).press('Escape');
    await expect(dialog).toBeVisible();
    // New titles list no platform, and A has no handles yet: nothing is guessed, and Save asks.
    await expect(dialog.getByLabel(`Platform for ${shared}`)).toHaveValue('');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog.getByRole('alert')).toHaveText(new RegExp(`^Choose the platform you play (${shared}|${mine}) on$`));
    await expect(dialog.getByLabel(`Platform for ${shared}`)).toHaveAttribute('aria-invalid', 'true');
    await dialog.getByLabel(`Platform for ${shared}`).selectOption('playstation');
    await dialog.getByLabel(`Platform for ${mine}`).selectOption('steam');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(dialog).toBeHidden();
    await expect(gamesCard.getByRole('link', { name: shared })).toHaveAttribute('href', `/games/${slug}`);
    await expect(gamesCard.getByText('PlayStation')).toBeVisible();

    // B opens the game's page and says 'I play this'.
    await visit(b.page, `/games/${slug}`);
    await expect(b.page.getByRole('heading', { level: 1, name: shared })).toBeVisible();
    await expect(b.page.locator('html')).toHaveAttribute('data-theme', 'dark');
    await expect(b.page).toHaveTitle(`${shared} · Savepoint`);
    await expect(b.page.getByText('1 player', { exact: true })).toBeVisible();
    await expect(b.page.getByRole('region', { name: 'Players' }).getByRole('link', { name: new RegExp(a.username) })).toBeVisible();
    await b.page.getByRole('button', { name: 'I play this' }).click();
    await expect(b.page.getByRole('button', { name: 'I play this' })).toHaveAttribute('aria-pressed', 'true');
    await expect(b.page.getByText('2 players', { exact: true })).toBeVisible();
    expect(await seriousViolations(b.page)).toEqual([]);

    // A finds B among 'Players like you' on the home page, saying what they share.
    await visit(page, '/');
    const suggestions = page.getByRole('region', { name: 'Players like you' });
    const bRow = suggestions.getByRole('listitem').filter({ hasText: bAccount.username });
    await expect(bRow).toContainText(`Plays ${shared}`);

    // ...and by searching for players of the game, with no text.
    await visit(page, '/search');
    await pickGame(page, 'Plays', shared);
    const results = page.getByRole('list', { name: 'Search results' });
    await expect(results.getByRole('link', { name: bAccount.username })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`game=${slug}`));
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A asks from the suggestions; B accepts (by asking back).
    await page
      .getByRole('region', { name: 'Players like you' })
      .getByRole('button', { name: `Add ${bAccount.username} as a friend` })
      .click();
    await expect(page.getByRole('region', { name: 'Players like you' }).getByRole('button', { name: 'Request sent' })).toBeVisible();
    await sendFriendRequest(b.page, a.username);

    // B's profile, seen by A, highlights the shared game.
    await visit(page, `/profile/${bAccount.username}`);
    const bGames = page.getByRole('region', { name: 'Games' });
    await expect(bGames.getByRole('listitem').filter({ hasText: shared })).toContainText('You play this too');

    // A uploads a clip tagged with the shared game: their own games are offered first.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload', exact: true }).click();
    const upload = page.getByRole('dialog', { name: 'Upload Content' });
    const chooser = page.waitForEvent('filechooser');
    await upload.getByRole('button', { name: /^Choose (image or video|another file)$/ }).click();
    await (await chooser).setFiles(path.join(FIXTURES, CLIP.name));
    const caption = uniqueCaption('Clutch round');
    await upload.getByLabel('Caption').fill(caption);
    await focusPicker(upload.getByRole('combobox', { name: 'Game (optional)' }));
    await upload.getByRole('combobox', { name: 'Game (optional)' }).press('ArrowDown');
    await expect(page.getByRole('option', { name: new RegExp(`${shared}.*Your game`) })).toBeVisible();
    await pickGame(upload, 'Game (optional)', shared);
    await expect(upload.getByRole('button', { name: `Remove game ${shared}` })).toBeVisible();
    await upload.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(page.getByRole('region', { name: /Status messages/ }).getByRole('button', { name: COMPLETE })).toBeVisible({
      timeout: 60_000,
    });

    // B sees it on the game page...
    await visit(b.page, `/games/${slug}`);
    const posts = b.page.getByRole('region', { name: 'Posts' });
    await expect(posts.getByRole('list', { name: `Posts about ${shared}` }).getByRole('listitem')).toHaveCount(1);

    // ...and in the feed's 'My games' view, where the card links the game.
    await visit(b.page, '/feed');
    await b.page.getByLabel('Show posts from').selectOption({ label: 'My games' });
    await expect(b.page).toHaveURL(/view=my-games/);
    const card = postCard(b.page, caption);
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: `Game: ${shared}` })).toHaveAttribute('href', `/games/${slug}`);
    // Opened from the address, the view is the same.
    await visit(b.page, `/feed?game=${slug}`);
    await expect(postCard(b.page, caption)).toBeVisible();
    expect(await seriousViolations(b.page)).toEqual([]);
    expect(await hasNoSidewaysScroll(b.page)).toBe(true);
    await b.close();
  },
);

test('an unknown game shows Game not found', async ({ page }) => {
  await registerViaApi(page);
  await visit(page, '/games/no-such-game-anywhere');
  await expect(page.getByRole('heading', { name: 'Game not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Browse games' })).toHaveAttribute('href', '/games');
});

test('with nobody to suggest, Players like you says why: no games yet, or nobody else plays them yet', async ({ page }) => {
  await registerViaApi(page);
  await visit(page, '/');
  const suggestions = page.getByRole('region', { name: 'Players like you' });
  await expect(suggestions).toContainText('No suggestions yet. Add the games you play to find people who share them.');
  const slug = await addGameViaApi(page, `Quiet Corner ${randomBytes(3).toString('hex')}`);
  const saved = await page.request.put('/api/profile/games', {
    headers: { 'X-CSRF-TOKEN': await csrfToken(page) },
    data: { games: [{ slug, platform: 'steam' }] },
  });
  expect(saved.status()).toBe(200);
  await visit(page, '/');
  await expect(suggestions).toContainText("Nobody else plays your games yet. Look for players on your games' pages or in Search.");
  await expect(suggestions.getByRole('link', { name: 'Add the games you play' })).toHaveCount(0);
});

/** `page`'s person says 'I play this' about `slug`, through the API. */
async function playViaApi(page: Page, slug: string): Promise<void> {
  const res = await page.request.put(`/api/games/${slug}/play`, {
    headers: { 'X-CSRF-TOKEN': await csrfToken(page) },
    data: { platform: 'steam' },
  });
  if (!res.ok()) throw new Error(`play ${slug}: ${res.status()} ${await res.text()}`);
}

test(
  'the Games link opens the games index: your games first, most played with counts, and search opens a game',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const run = randomBytes(3).toString('hex');
    const star = `Index Star ${run}`;
    const solo = `Index Solo ${run}`;
    await registerViaApi(page);
    const starSlug = await addGameViaApi(page, star);
    const soloSlug = await addGameViaApi(page, solo);
    for (const slug of [starSlug, soloSlug]) await playViaApi(page, slug);
    // Two more players: three rank it above the one- and two-player games other journeys leave behind.
    for (let i = 0; i < 2; i += 1) {
      const other = await anotherPerson(browser, testInfo, baseURL);
      await registerViaApi(other.page);
      await playViaApi(other.page, starSlug);
      await other.close();
    }

    // The bar's Games link (an icon on phones) leads to the index, and is the current page there and on a game's page.
    await visit(page, '/feed');
    const gamesLink = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Games', exact: true });
    await expect(gamesLink).not.toHaveAttribute('aria-current');
    await expect(gamesLink.locator('svg')).toBeVisible({ visible: testInfo.project.name === 'phone' });
    await gamesLink.click();
    await expect(page).toHaveURL('/games');
    await expect(page).toHaveTitle(/^Games/);
    await expect(page.getByRole('heading', { level: 1, name: 'Games' })).toBeVisible();
    await expect(gamesLink).toHaveAttribute('aria-current', 'page');
    await islandsHydrated(page);

    // Your games first, then the most played ones with their player counts.
    await expect(page.getByRole('main').getByRole('heading', { level: 2 })).toHaveText(['Your games', 'Most played']);
    const yours = page.getByRole('region', { name: 'Your games' });
    await expect(yours.getByRole('link', { name: solo })).toHaveAttribute('href', `/games/${soloSlug}`);
    await expect(yours.getByRole('link', { name: star })).toBeVisible();
    const starRow = page.getByRole('list', { name: 'Most played games' }).getByRole('listitem').filter({ hasText: star });
    await expect(starRow).toContainText('3 players');
    await expect(starRow).toContainText('You play this');
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // Search finds the game; the keyboard reaches it from the box and opens its page.
    const box = page.getByRole('searchbox', { name: 'Search games' });
    await box.fill(star);
    const results = page.getByRole('region', { name: 'Search results' });
    await expect(results.getByRole('status')).toHaveText('1 game found');
    await expect(page.getByRole('region', { name: 'Most played' })).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`[?&]q=Index(\\+|%20)Star`));
    await box.press('Tab');
    await expect(results.getByRole('link', { name: star })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(`/games/${starSlug}`);
    await expect(page.getByRole('heading', { level: 1, name: star })).toBeVisible();
    await expect(page.getByText('3 players', { exact: true })).toBeVisible();
    await expect(gamesLink).toHaveAttribute('aria-current', 'page');

    // Back returns to the same search; a title nobody has added yet can be added from there.
    await page.goBack();
    await expect(box).toHaveValue(star);
    await expect(results.getByRole('link', { name: star })).toBeVisible();
    await islandsHydrated(page);
    const missing = `Not Yet Listed ${run}`;
    await box.fill(missing);
    await expect(results.getByRole('status')).toHaveText(`No games match “${missing}”.`);
    await results.getByRole('button', { name: `Add “${missing}” as a new game` }).click();
    await expect(page.getByRole('heading', { level: 1, name: missing })).toBeVisible();
    await expect(page.getByText('0 players', { exact: true })).toBeVisible();
  },
);
