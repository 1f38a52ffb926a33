/**
 * Issue 23's journey (ADR 051): a phone's clip (HEVC 10-bit in a .mov, recorded turned) is uploaded from the dialog,
 * shows as being prepared on its author's profile, then as its poster; someone else finds it in the feed and it
 * plays in their Chromium (a decoded frame). At desktop and phone widths. And a picture slow to arrive shows its
 * placeholder meanwhile.
 */
import type { Page } from '@playwright/test';
import { registerViaApi } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { PHOTO, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson } from './support/people.ts';
import { clip } from '../integration/support/videos.ts';

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

test('a phone clip is prepared on the server, shows its poster, and plays for someone else @phone', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(240_000);
  const file = await clip('phone-720p-8s.mov');
  await registerViaApi(page);
  await page.goto('/profile');
  await islandsHydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Content' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose image or video' }).click();
  await (await chooser).setFiles(file);
  const caption = uniqueCaption('Clutch from my phone');
  await dialog.getByLabel('Caption').fill(caption);
  const upload = dialog.getByRole('button', { name: 'Upload', exact: true });
  await expect(upload).toBeEnabled();
  await upload.click();

  // While the server prepares it: a toast with the share done, and a tile saying so on the profile.
  await expect(toasts(page).getByText(/Preparing your video for everyone\.\.\. \d+%/)).toBeVisible({ timeout: 30_000 });
  const grid = page.getByRole('list', { name: 'User Media' });
  await expect(grid.getByRole('status').filter({ hasText: /Preparing video…/ })).toBeVisible();

  // Ready: the toast says so, and the tile is the poster.
  // Both widths' clips may share one worker on a busy machine (CI): the second waits for the first.
  await expect(toasts(page).getByRole('button', { name: 'Upload complete! Click here to view your post' })).toBeVisible({
    timeout: 150_000,
  });
  const tile = grid.getByRole('button', { name: `Open video post: ${caption}` });
  await expect(tile.locator('img')).toBeVisible();
  await expect(grid.getByRole('status')).toHaveCount(0);
  // Shown over its placeholder at once; loaded a moment later on a busy machine.
  await expect.poll(() => tile.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  // Someone else: the feed card shows the poster, upright, and the clip plays.
  const ben = await anotherPerson(browser, testInfo, baseURL);
  await registerViaApi(ben.page);
  await ben.page.goto('/feed');
  const card = ben.page.getByRole('article').filter({ hasText: caption });
  const video = card.locator('video');
  await expect(video).toHaveAttribute('poster', /\/poster\?/);
  const size = await video.evaluate((v: HTMLVideoElement) => [Number(v.getAttribute('width')), Number(v.getAttribute('height'))]);
  expect(size).toEqual([720, 1280]);
  const played = await video.evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    await v.play();
    await new Promise<void>((resolve) => v.requestVideoFrameCallback(() => resolve()));
    v.pause();
    return {
      frames: v.getVideoPlaybackQuality().totalVideoFrames,
      width: v.videoWidth,
      height: v.videoHeight,
      error: v.error?.code ?? null,
    };
  });
  expect(played).toMatchObject({ width: 720, height: 1280, error: null });
  expect(played.frames).toBeGreaterThan(0);
  await ben.close();
});

test('a picture still on its way shows its placeholder, in the size it will have', async ({ page }) => {
  await registerViaApi(page);
  const caption = uniqueCaption('Slow network sunset');
  await uploadPost(page, PHOTO, caption);
  // The picture takes its time (a slow network); everything else is as usual.
  await page.route('**/api/media/file/**', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await route.continue();
  });
  await page.goto('/feed');
  const picture = page.getByRole('article').filter({ hasText: caption }).getByRole('img', { name: caption });
  await expect(picture).toHaveAttribute('width', '1200');
  await expect.poll(() => picture.evaluate((img) => getComputedStyle(img).backgroundImage)).toMatch(/^url\("data:image\/png;base64,/);
  const box = await picture.boundingBox();
  expect(box!.width / box!.height).toBeCloseTo(1200 / 800, 1);
});
