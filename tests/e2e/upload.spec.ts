/**
 * Uploading (spec §2 "Upload dialog", §4 "Upload", §5, §9; ADR 015, 017) against the real server at desktop width (the @phone ones
 * at phone width too): the nav button and dialog, a photo with a caption, videos trimmed in the browser by stream copy
 * and by re-encoding (checked by the uploaded file's own length), the background upload that survives a
 * navigation, the toasts, and refusals.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import type { MediaItem, UploadResponse } from '../../src/shared/api-types.ts';
import { CAPTION_MAX } from '../../src/shared/constants.ts';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { befriend, createRoom, openRoom } from './support/chat-room.ts';
import { animationsDone } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { islandsHydrated } from './support/islands.ts';
import { anotherPerson } from './support/people.ts';

// This file's journeys hold back or refuse script files with page.route, which never sees what a service worker
// fetches: they run without one (tests/e2e/pwa.spec.ts covers the worker).
test.use({ serviceWorkers: 'block' });

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const COMPLETE = 'Upload complete! Click here to view your post';
// Loading 32 MB of WebAssembly and cutting a clip on a shared 2-core machine takes a while.
const TRIM_TIMEOUT_MS = 90_000;

async function openUploadDialog(page: Page): Promise<Locator> {
  await islandsHydrated(page);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Upload Content' });
  await expect(dialog).toBeVisible();
  return dialog;
}

async function chooseFile(page: Page, dialog: Locator, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^Choose (image or video|another file)$/ }).click();
  await (await chooser).setFiles(path.isAbsolute(file) ? file : path.join(FIXTURES, file));
}

/** Moves a trim thumb by keyboard, as a person would: Page Up/Down for whole seconds, arrows for tenths. */
async function moveThumb(thumb: Locator, target: number): Promise<void> {
  for (let i = 0; i < 80; i++) {
    const steps = Math.round((target - Number(await thumb.getAttribute('aria-valuenow'))) * 10);
    if (steps === 0) return;
    const key = Math.abs(steps) >= 10 ? (steps > 0 ? 'PageUp' : 'PageDown') : steps > 0 ? 'ArrowRight' : 'ArrowLeft';
    await thumb.press(key);
  }
  throw new Error(`could not move ${thumb.toString()} to ${target}`);
}

/** The length of the uploaded video as the browser plays it, from the media's signed URL. */
async function playedDuration(page: Page, url: string): Promise<number> {
  return page.evaluate(
    (src) =>
      new Promise<number>((resolve, reject) => {
        const video = document.createElement('video');
        video.preload = 'metadata';
        video.muted = true;
        video.onloadedmetadata = () => resolve(video.duration);
        video.onerror = () => reject(new Error(`the uploaded video does not play: ${video.error?.message ?? ''}`));
        video.src = src;
      }),
    url,
  );
}

const uploadAnswer = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/media/upload') && r.request().method() === 'POST', { timeout: TRIM_TIMEOUT_MS });

const toasts = (page: Page) => page.getByRole('region', { name: /Status messages/ });

test(
  'the Upload button opens an empty dialog; Upload stays disabled without a file; Escape and Cancel close it',
  { tag: '@phone' },
  async ({ page }) => {
    await registerViaApi(page);
    await page.goto('/');
    expect(await hasNoSidewaysScroll(page)).toBe(true); // the bar with its Upload button fits a phone
    const dialog = await openUploadDialog(page);
    await expect(dialog.getByRole('button', { name: 'Choose image or video' })).toBeFocused();
    await expect(dialog.getByText('No file chosen')).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();
    await expect(dialog.getByRole('textbox', { name: 'Caption' })).toBeVisible();
    await expect(dialog.getByRole('button', { name: 'Close' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Upload', exact: true })).toBeFocused();
    // Cancel closes it too, and a file chosen before is not kept.
    const again = await openUploadDialog(page);
    await chooseFile(page, again, 'avatar-400.png');
    await again.getByRole('button', { name: 'Cancel' }).click();
    await expect(again).toBeHidden();
    await expect((await openUploadDialog(page)).getByText('No file chosen')).toBeVisible();
  },
);

test(
  'on a phone a toast keeps clear of the controls: in a chat room the composer moves up above it',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'only a phone stacks the toast over the page');
    await registerViaApi(page);
    const other = await anotherPerson(browser, testInfo, baseURL);
    const friend = await registerViaApi(other.page, newAccount('tf'));
    await befriend(page, { page: other.page, username: friend.username });
    await openRoom(page, await createRoom(page, [other.page]));
    const dialog = await openUploadDialog(page);
    await chooseFile(page, dialog, 'photo-1200x800.jpg');
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    const toast = toasts(page).getByRole('button', { name: COMPLETE });
    await expect(toast).toBeVisible();
    const toastTop = (await toasts(page).getByRole('status').boundingBox())!.y;
    const send = (await page.getByRole('button', { name: 'Send', exact: true }).boundingBox())!;
    expect(send.y + send.height).toBeLessThanOrEqual(toastTop);
    await other.close();
  },
);

test(
  'a photo with a caption: preview, the dialog closes at once, progress in the bar, toasts, and the toast opens the feed',
  { tag: '@phone' },
  async ({ page }) => {
    const account = await registerViaApi(page);
    await page.goto('/search');
    const dialog = await openUploadDialog(page);
    await chooseFile(page, dialog, 'photo-1200x800.jpg');
    const preview = dialog.getByRole('img', { name: 'Preview of photo-1200x800.jpg' });
    await expect(preview).toBeVisible();
    expect((await preview.boundingBox())!.height).toBeLessThanOrEqual(300);
    await dialog.getByRole('textbox', { name: 'Caption' }).fill('  First clutch of the season  ');

    // Hold the request: the dialog must be gone, and the progress showing, before the server has answered.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/media/upload', async (route) => {
      await held;
      await route.continue();
    });
    const answered = uploadAnswer(page);
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();

    // The upload carries on across a ClientRouter navigation.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    release();
    const response = await answered;
    expect(response.status()).toBe(201);
    const { media } = (await response.json()) as UploadResponse;
    expect(media).toMatchObject({ media_type: 'image', caption: 'First clutch of the season', user: { username: account.username } });

    // One toast for the upload, which changed from 'being uploaded' to complete (never two stacked).
    await expect(toasts(page).getByRole('button', { name: COMPLETE })).toHaveCount(1);
    await expect(toasts(page).getByRole('status')).toHaveCount(1);
    await expect(toasts(page).getByText('Your media is being uploaded...')).toHaveCount(0);
    await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeHidden();
    await toasts(page).getByRole('button', { name: COMPLETE }).click();
    await expect(page).toHaveURL(/\/feed$/);
    // The post is in the feed, and in the User Media grid of the profile.
    const card = page.getByRole('article').filter({ hasText: 'First clutch of the season' });
    await expect(card.getByRole('link', { name: account.username }).first()).toBeVisible();
    await expect(card.getByRole('img').first()).toBeVisible();
    await page.goto('/profile');
    await expect(
      page.getByRole('list', { name: 'User Media' }).getByRole('button', { name: 'Open image post: First clutch of the season' }),
    ).toBeVisible();
    await page.goto('/feed');

    // Reopening starts empty (spec §4: the dialog resets).
    const again = await openUploadDialog(page);
    await expect(again.getByText('No file chosen')).toBeVisible();
    await expect(again.getByRole('textbox', { name: 'Caption' })).toHaveValue('');
  },
);

test('already on /feed, the complete toast reloads the feed', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/feed');
  const dialog = await openUploadDialog(page);
  await chooseFile(page, dialog, 'avatar-400.png');
  await expect(dialog.getByRole('img', { name: 'Preview of avatar-400.png' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const complete = toasts(page).getByRole('button', { name: COMPLETE });
  await expect(complete).toBeVisible();
  await page.evaluate(() => ((window as unknown as { beforeReload: boolean }).beforeReload = true));
  await Promise.all([page.waitForEvent('load'), complete.click()]);
  await expect(page).toHaveURL(/\/feed$/);
  expect(await page.evaluate(() => (window as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
});

test('a 20 s clip trimmed to 2.0–16.0 s is cut by stream copy in the browser and uploads at that length', async ({ page }) => {
  test.setTimeout(3 * TRIM_TIMEOUT_MS);
  await registerViaApi(page);
  await page.goto('/');
  const dialog = await openUploadDialog(page);
  await chooseFile(page, dialog, 'clip-20s-640x360.mp4');
  const preview = dialog.getByLabel('Preview of clip-20s-640x360.mp4');
  await expect(preview).toBeVisible();
  expect((await preview.boundingBox())!.height).toBeLessThanOrEqual(300);
  const start = dialog.getByRole('slider', { name: 'Trim start' });
  const end = dialog.getByRole('slider', { name: 'Trim end' });
  await expect(start).toHaveAttribute('aria-valuenow', '0');
  await expect(end).toHaveAttribute('aria-valuenow', '20');
  await moveThumb(start, 2);
  await moveThumb(end, 16);
  await expect(dialog.getByTestId('trim-times')).toHaveText('Start 0:02.0 · End 0:16.0 · Length 14.0 s');
  await dialog.getByRole('textbox', { name: 'Caption' }).fill('Copy cut');

  const answered = uploadAnswer(page);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Processing video...')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('aria-valuetext', 'Processing video');
  const response = await answered;
  expect(response.status()).toBe(201);
  const { media } = (await response.json()) as { media: MediaItem };
  expect(media).toMatchObject({ media_type: 'video', caption: 'Copy cut' });
  await expect(toasts(page).getByRole('button', { name: COMPLETE })).toBeVisible();
  await expect(toasts(page).getByText('Processing video...')).toBeHidden();
  // Copy mode starts on the keyframe at or before 2.0 s, so the clip may be a little longer.
  expect(Math.abs((await playedDuration(page, media.url)) - 14)).toBeLessThanOrEqual(0.6);
});

test('a 6 s clip trimmed to 1.0–4.0 s is re-encoded in the browser and uploads at exactly that length', async ({ page }) => {
  test.setTimeout(3 * TRIM_TIMEOUT_MS);
  await registerViaApi(page);
  await page.goto('/');
  const dialog = await openUploadDialog(page);
  await chooseFile(page, dialog, 'clip-6s-480x270.mp4');
  const start = dialog.getByRole('slider', { name: 'Trim start' });
  const end = dialog.getByRole('slider', { name: 'Trim end' });
  await expect(end).toHaveAttribute('aria-valuenow', '6');
  await moveThumb(end, 4);
  await moveThumb(start, 1);
  // Start stays below end: pushing it past the end stops one step short.
  await start.press('End');
  await expect(start).toHaveAttribute('aria-valuenow', '3.9');
  await moveThumb(start, 1);
  await expect(dialog.getByTestId('trim-times')).toHaveText('Start 0:01.0 · End 0:04.0 · Length 3.0 s');

  const answered = uploadAnswer(page);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByText('Processing video...')).toBeVisible();
  const response = await answered;
  expect(response.status()).toBe(201);
  const { media } = (await response.json()) as { media: MediaItem };
  await expect(toasts(page).getByRole('button', { name: COMPLETE })).toBeVisible();
  expect(Math.abs((await playedDuration(page, media.url)) - 3)).toBeLessThanOrEqual(0.2);
});

test('an untouched video is uploaded as it is, without loading the video engine', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/');
  const engine: string[] = [];
  page.on('request', (r) => {
    if (/ffmpeg-core|worker-/.test(r.url())) engine.push(r.url());
  });
  const dialog = await openUploadDialog(page);
  await chooseFile(page, dialog, 'clip-6s-480x270.mp4');
  await expect(dialog.getByRole('slider', { name: 'Trim end' })).toBeVisible();
  const answered = uploadAnswer(page);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const response = await answered;
  expect(response.status()).toBe(201);
  await expect(toasts(page).getByRole('button', { name: COMPLETE })).toBeVisible();
  await expect(toasts(page).getByText('Processing video...')).toHaveCount(0);
  expect(engine).toEqual([]);
});

test('files that are not images or videos are refused with a clear message; a refusal by the server shows its text', async ({
  page,
}, testInfo) => {
  await registerViaApi(page);
  await page.goto('/');
  const dialog = await openUploadDialog(page);
  const notes = testInfo.outputPath('notes.txt');
  await writeFile(notes, 'just some text');
  await chooseFile(page, dialog, notes);
  await expect(dialog.getByRole('alert')).toHaveText('Please choose an image or a video file');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  // Named .png but a shell script: the browser cannot show it, so it is refused before anything is sent.
  await chooseFile(page, dialog, 'shell-script-named.png');
  await expect(dialog.getByRole('alert')).toHaveText('This file could not be opened. Please choose another image or video.');
  await expect(dialog.getByRole('button', { name: 'Upload', exact: true })).toBeDisabled();

  // An SVG previews in the browser, but the server refuses it (ADR 015): its error text shows as a toast.
  await chooseFile(page, dialog, 'script.svg');
  await expect(dialog.getByRole('img', { name: 'Preview of script.svg' })).toBeVisible();
  const answered = uploadAnswer(page);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  const response = await answered;
  expect(response.status()).toBe(415);
  const { error } = (await response.json()) as { error: string };
  await expect(toasts(page).getByRole('alert').filter({ hasText: error })).toHaveCount(1);
  await expect(toasts(page).getByRole('button', { name: COMPLETE })).toHaveCount(0);
});

test('when the video cannot be processed, an error toast says so and nothing is uploaded', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/');
  // The engine's script cannot be had (as on a broken deploy): trimming fails.
  await page.context().route('**/_astro/ffmpeg-core*.js', (route) => route.fulfill({ status: 404, body: '' }));
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/media/upload')) sent.push(r.url());
  });
  const dialog = await openUploadDialog(page);
  await chooseFile(page, dialog, 'clip-6s-480x270.mp4');
  await moveThumb(dialog.getByRole('slider', { name: 'Trim start' }), 1);
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toasts(page).getByRole('alert').filter({ hasText: 'Could not process the video. Nothing was uploaded.' })).toBeVisible({
    timeout: TRIM_TIMEOUT_MS,
  });
  await expect(toasts(page).getByText('Processing video...')).toBeHidden();
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeHidden();
  expect(sent).toEqual([]);
});

test('a caption over the limit is refused before anything is sent', async ({ page }) => {
  await registerViaApi(page);
  await page.goto('/');
  const dialog = await openUploadDialog(page);
  await chooseFile(page, dialog, 'photo-1200x800.jpg');
  const caption = dialog.getByRole('textbox', { name: 'Caption' });
  await caption.fill('x'.repeat(CAPTION_MAX + 1));
  await expect(dialog.getByText(`${CAPTION_MAX + 1}/${CAPTION_MAX}`)).toBeVisible();
  await expect(caption).toHaveAttribute('aria-invalid', 'true');
  await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(dialog.getByRole('alert')).toHaveText(`Caption must be at most ${CAPTION_MAX} characters`);
  await expect(dialog).toBeVisible();
});

test('axe finds no serious problems in the dialog with a video and its sliders, light and dark', { tag: '@phone' }, async ({ page }) => {
  await registerViaApi(page);
  for (const mode of ['light', 'dark']) {
    await page.addInitScript((m) => localStorage.setItem('mui-mode', m), mode);
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    const dialog = await openUploadDialog(page);
    await chooseFile(page, dialog, 'clip-6s-480x270.mp4');
    await expect(dialog.getByRole('slider', { name: 'Trim end' })).toBeVisible();
    await animationsDone(page); // the dialog's fade-in: axe measures contrast on what is painted
    const results = await new AxeBuilder({ page }).include('[role=dialog]').analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id);
    expect(serious, `${mode} mode`).toEqual([]);
  }
});
