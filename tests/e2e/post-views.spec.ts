/**
 * Posts opened from a profile (spec §2 "Own profile" media parts, "Post modal", "Another user's profile"; §4
 * deleting a post; §6 owner-only Delete) against the real server: the 'User Media' grid at both widths, the post
 * modal on desktop, and the full-page 'Posts' view with its comments drawer on phones.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page, TestInfo } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { CLIP, PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';

const isDesktop = (page: Page) => (page.viewportSize()?.width ?? 0) >= 1024;
const mediaGrid = (page: Page) => page.getByRole('list', { name: 'User Media' });

async function openOwnProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'User Media' })).toBeVisible();
}

/** Resolves once the page's realtime socket is accepted (socket.io's CONNECT answer); call before navigating. */
function socketConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => ws.on('framereceived', (f) => typeof f.payload === 'string' && f.payload.startsWith('40') && resolve()));
  });
}

/** axe's serious and critical findings, one line each. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.nodes.length}x), e.g. ${v.nodes[0]?.target.join(' ')}: ${v.nodes[0]?.failureSummary ?? v.help}`);
}

/** A second person in their own browser at the project's size. */
async function secondPerson(browser: Browser, testInfo: TestInfo, baseURL: string | undefined) {
  const { viewport, deviceScaleFactor, isMobile, hasTouch } = testInfo.project.use;
  const context = await browser.newContext({ viewport, deviceScaleFactor, isMobile, hasTouch, baseURL });
  const page = await context.newPage();
  await registerViaApi(page, newAccount('other'));
  return { page, close: () => context.close() };
}

test(
  'the User Media grid: three square thumbnails a row, a play overlay on videos, an empty state',
  { tag: '@phone' },
  async ({ page }) => {
    await registerViaApi(page);
    await openOwnProfile(page);
    await expect(page.getByText("You haven't shared anything yet")).toBeVisible();

    const captions = [uniqueCaption('first photo'), uniqueCaption('a clip'), uniqueCaption('last photo')] as const;
    await uploadPost(page, PHOTO, captions[0]);
    await uploadPost(page, CLIP, captions[1]);
    await uploadPost(page, PHOTO, captions[2]);
    await openOwnProfile(page);
    const thumbs = mediaGrid(page).getByRole('button');
    await expect(thumbs).toHaveCount(3);
    // Newest first: the last photo, the clip, the first photo, side by side and square.
    await expect(thumbs.nth(0)).toHaveAccessibleName(`Open image post: ${captions[2]}`);
    await expect(thumbs.nth(1)).toHaveAccessibleName(`Open video post: ${captions[1]}`);
    const boxes = await Promise.all([0, 1, 2].map((i) => thumbs.nth(i).boundingBox()));
    for (const box of boxes) expect(Math.abs((box?.width ?? 0) - (box?.height ?? 1))).toBeLessThan(2);
    expect(new Set(boxes.map((b) => Math.round(b?.y ?? -1))).size).toBe(1);
    await expect(thumbs.nth(1).locator('[data-play-overlay]')).toBeVisible();
    await expect(thumbs.nth(0).locator('[data-play-overlay]')).toHaveCount(0);
    await expect(thumbs.nth(0).locator('img')).toHaveJSProperty('complete', true);

    // An upload that finishes while the profile is open appears first, without a reload.
    const connected = socketConnected(page);
    await page.reload();
    await connected;
    const latest = uniqueCaption('just now');
    await uploadPost(page, PHOTO, latest);
    await expect(thumbs).toHaveCount(4);
    await expect(thumbs.nth(0)).toHaveAccessibleName(`Open image post: ${latest}`);
  },
);

test('an expired thumbnail is fetched again once; a thumbnail that still fails says so', async ({ page }) => {
  await registerViaApi(page);
  const caption = uniqueCaption('expiring');
  await uploadPost(page, PHOTO, caption);
  // The signed thumbnail URL answers 403 (expired): the grid asks /view for a fresh URL, which loads.
  await page.route('**/api/media/file/*/thumb?*', (route) => route.fulfill({ status: 403, json: { error: 'expired' } }));
  await openOwnProfile(page);
  const thumb = mediaGrid(page).getByRole('button', { name: `Open image post: ${caption}` });
  await expect(thumb.locator('img')).toHaveAttribute('src', /\/original\?/);
  await expect(thumb.locator('img')).toHaveJSProperty('naturalWidth', 1200);
  await expect(thumb.getByText('Error loading media')).toHaveCount(0);

  await page.route('**/api/media/*/view', (route) => route.fulfill({ status: 500, json: { error: 'down' } }));
  await page.reload();
  await expect(thumb.getByText('Error loading media')).toBeVisible();
});

test('desktop: the post modal has the author, media, likes, caption and comments; Delete is the owner’s only', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.skip(!isDesktop(page), 'desktop and large desktop open posts in a modal');
  const me = await registerViaApi(page);
  const caption = uniqueCaption('modal clip');
  await uploadPost(page, CLIP, caption);
  const keep = uniqueCaption('stays');
  await uploadPost(page, PHOTO, keep);

  // Someone else: the menu offers Report, not Delete; likes (at once) and comments.
  const other = await secondPerson(browser, testInfo, baseURL);
  await other.page.goto(`/profile/${me.username}`);
  await mediaGrid(other.page)
    .getByRole('button', { name: `Open video post: ${caption}` })
    .click();
  const theirModal = other.page.getByRole('dialog', { name: `Post by ${me.username}` });
  await expect(theirModal.getByRole('link', { name: me.username })).toBeVisible();
  await expect(theirModal.getByRole('button', { name: 'Close' })).toBeVisible();
  await theirModal.getByRole('button', { name: 'Post options' }).click();
  await expect(other.page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
  await other.page.getByRole('menuitem', { name: 'Report post' }).click();
  await other.page.getByRole('dialog', { name: 'Report post' }).getByRole('button', { name: 'Cancel' }).click();
  await expect(other.page.getByRole('dialog', { name: 'Report post' })).toBeHidden();
  await theirModal.getByRole('button', { name: 'Like' }).click();
  await expect(theirModal.getByRole('button', { name: 'Like' })).toHaveText('1');
  await theirModal.getByPlaceholder('Add a comment...').fill('great clip');
  await theirModal.getByPlaceholder('Add a comment...').press('Enter');
  await expect(theirModal.getByRole('list', { name: 'Comments' })).toContainText('great clip');
  await other.close();

  await openOwnProfile(page);
  await mediaGrid(page)
    .getByRole('button', { name: `Open video post: ${caption}` })
    .click();
  const modal = page.getByRole('dialog', { name: `Post by ${me.username}` });
  const video = modal.locator('video');
  await expect(video).toHaveAttribute('controls', '');
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => !v.paused && v.currentTime > 0)).toBe(true);
  await expect(modal.getByText(caption)).toBeVisible();
  await expect(modal.getByRole('button', { name: 'Like' })).toHaveText('1');
  await expect(modal.getByRole('list', { name: 'Comments' })).toContainText('great clip');
  await expect(modal.getByPlaceholder('Add a comment...')).toBeVisible();

  // Keyboard: the menu opens with Enter, Delete asks first; Cancel keeps the post.
  await modal.getByRole('button', { name: 'Post options' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete post?' });
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  await modal.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const reloaded = page.waitForEvent('load');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await reloaded;
  await expect(mediaGrid(page).getByRole('button')).toHaveCount(1);
  await expect(mediaGrid(page).getByRole('button', { name: `Open image post: ${keep}` })).toBeVisible();
});

test(
  'phone: the browser’s Back closes the Posts view and stays on the profile; once closed, Back leaves it',
  { tag: '@phone' },
  async ({ page }) => {
    test.skip(isDesktop(page), 'smaller screens open posts in the Posts view');
    await registerViaApi(page);
    const caption = uniqueCaption('back gesture');
    await uploadPost(page, PHOTO, caption);
    await page.goto('/feed');
    await page.getByRole('navigation').getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    const view = page.getByRole('region', { name: 'Posts' });
    const open = () =>
      mediaGrid(page)
        .getByRole('button', { name: `Open image post: ${caption}` })
        .click();

    await open();
    await expect(view).toBeVisible();
    await page.goBack();
    await expect(view).toBeHidden();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(mediaGrid(page).getByRole('button')).toHaveCount(1);

    // Closed with its own Back button, the view leaves no entry behind: the browser's Back goes to the feed.
    await open();
    await expect(view).toBeVisible();
    await view.getByRole('button', { name: 'Back' }).click();
    await expect(view).toBeHidden();
    await page.goBack();
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Media Feed' })).toBeVisible();
  },
);

test('phone: a post opens the full-page Posts view at that post, with Back and a comments drawer', { tag: '@phone' }, async ({ page }) => {
  test.skip(isDesktop(page), 'smaller screens open posts in the Posts view');
  const me = await registerViaApi(page);
  const captions = [uniqueCaption('oldest'), uniqueCaption('chosen'), uniqueCaption('newest')] as const;
  for (const caption of captions) await uploadPost(page, PHOTO, caption);
  await openOwnProfile(page);
  await mediaGrid(page)
    .getByRole('button', { name: `Open image post: ${captions[1]}` })
    .click();

  const view = page.getByRole('region', { name: 'Posts' });
  await expect(view.getByRole('heading', { name: 'Posts' })).toBeVisible();
  await expect(view.getByRole('button', { name: 'Back' })).toBeFocused();
  await expect(view.getByRole('article')).toHaveCount(3);
  // Scrolled to the chosen post (the middle one) after the short delay: its top just below the bar.
  const card = postCard(view, captions[1]);
  await expect.poll(async () => Math.round((await card.boundingBox())?.y ?? -1)).toBeGreaterThan(40);
  await expect.poll(async () => Math.round((await card.boundingBox())?.y ?? -1)).toBeLessThan(120);
  await expect(postCard(view, captions[2]).getByRole('link', { name: me.username })).not.toBeInViewport();

  await card.getByRole('button', { name: 'Comments', exact: true }).click();
  const drawer = page.getByRole('dialog', { name: 'Comments' });
  await expect(drawer).toBeVisible();
  await drawer.getByPlaceholder('Add a comment...').fill('from my phone');
  await drawer.getByRole('button', { name: 'Send' }).click();
  await expect(drawer.getByRole('list', { name: 'Comments' })).toContainText(new RegExp(`${me.username}.*from my phone`));
  await drawer.getByRole('button', { name: 'Close' }).click();
  await expect(drawer).toBeHidden();
  await expect(card.getByRole('button', { name: 'Comments', exact: true })).toHaveText('1');
  await expect(card.getByRole('button', { name: 'Post options' })).toBeVisible();

  await view.getByRole('button', { name: 'Back' }).click();
  await expect(view).toBeHidden();
  await expect(mediaGrid(page).getByRole('button')).toHaveCount(3);

  // The owner deletes from the card's menu: confirm, then the page reloads without the post.
  await mediaGrid(page)
    .getByRole('button', { name: `Open image post: ${captions[2]}` })
    .click();
  await postCard(view, captions[2]).getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const reloaded = page.waitForEvent('load');
  await page.getByRole('dialog', { name: 'Delete post?' }).getByRole('button', { name: 'Delete' }).click();
  await reloaded;
  await expect(mediaGrid(page).getByRole('button')).toHaveCount(2);
  await expect(mediaGrid(page).getByRole('button', { name: `Open image post: ${captions[2]}` })).toHaveCount(0);
});

test(
  'phone: another user’s post in the Posts view has no Delete; Escape goes back',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.skip(isDesktop(page), 'smaller screens open posts in the Posts view');
    const author = await registerViaApi(page);
    const caption = uniqueCaption('not yours');
    await uploadPost(page, CLIP, caption);
    const other = await secondPerson(browser, testInfo, baseURL);
    await other.page.goto(`/profile/${author.username}`);
    await mediaGrid(other.page)
      .getByRole('button', { name: `Open video post: ${caption}` })
      .click();
    const view = other.page.getByRole('region', { name: 'Posts' });
    const card = postCard(view, caption);
    await expect(card.locator('video')).toBeVisible();
    await card.getByRole('button', { name: 'Post options' }).click();
    await expect(other.page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0);
    await other.page.getByRole('menuitem', { name: 'Report post' }).click();
    await other.page.getByRole('dialog', { name: 'Report post' }).getByRole('button', { name: 'Cancel' }).click();
    await expect(other.page.getByRole('dialog', { name: 'Report post' })).toBeHidden();
    await card.getByRole('button', { name: 'Like' }).click();
    await expect(card.getByRole('button', { name: 'Like' })).toHaveText('1');
    await other.page.keyboard.press('Escape');
    await expect(view).toBeHidden();
    await other.close();
  },
);

test('axe finds no serious problems on the feed, the opened post and the profile media', { tag: '@phone' }, async ({ page }) => {
  await registerViaApi(page);
  const caption = uniqueCaption('checked');
  await uploadPost(page, CLIP, caption);
  await uploadPost(page, PHOTO, uniqueCaption('also checked'));
  await page.goto('/feed');
  await expect(postCard(page, caption)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await postCard(page, caption).getByRole('button', { name: 'Comments', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await openOwnProfile(page);
  await expect(mediaGrid(page).getByRole('button')).toHaveCount(2);
  expect(await seriousViolations(page)).toEqual([]);
  await mediaGrid(page).getByRole('button').first().click();
  await expect(page.getByRole(isDesktop(page) ? 'dialog' : 'region', { name: isDesktop(page) ? /^Post by/ : 'Posts' })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
