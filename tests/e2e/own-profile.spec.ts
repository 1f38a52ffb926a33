/**
 * The own profile page (spec §2 "Own profile", §4 "Profile", §5 profile picture, §8): bio, platforms, picture,
 * the people lists and keyboard use of the dialogs, against the real server at desktop width (the @phone ones at phone width too).
 */
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { PICTURE_EDGE_PX } from '../../src/shared/constants.ts';
import { LOAD_FAILED } from '../../src/ui/on-demand.ts';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';

// This file's journeys hold back or refuse script files with page.route, which never sees what a service worker
// fetches: they run without one (tests/e2e/pwa.spec.ts covers the worker).
test.use({ serviceWorkers: 'block' });

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const CROP_AREA = 'Use the arrow keys to move the crop selection area'; // ReactCrop's own accessible name

async function openProfile(page: Page): Promise<void> {
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Edit bio' })).toBeVisible();
}

/** Records the method, path and JSON body of every API request whose path starts with `prefix`. */
function recordRequests(page: Page, prefix: string) {
  const seen: Array<{ method: string; path: string; body: unknown }> = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (!pathname.startsWith(prefix) || request.method() === 'GET') return;
    const json = request.headers()['content-type']?.startsWith('application/json');
    seen.push({ method: request.method(), path: pathname, body: json ? request.postDataJSON() : null });
  });
  return seen;
}

/** A promise that holds routed requests until `release()` — to see a busy state without timing. */
function gate() {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  return { held, release };
}

async function chooseFile(page: Page, dialog: Locator, fixture: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /^Choose (another )?picture$/ }).click();
  await (await chooser).setFiles(path.join(FIXTURES, fixture));
}

type SentFile = { field: string; type: string; head: number[]; width: number; height: number };

/**
 * Playwright cannot read a request body made of blobs, so the page notes what each multipart fetch carried:
 * the field, the file's type, its first bytes and its decoded size (in `window.sentFiles`).
 */
async function recordSentFiles(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const sent: SentFile[] = [];
    (window as unknown as { sentFiles: SentFile[] }).sentFiles = sent;
    const original = window.fetch.bind(window);
    window.fetch = async (input, init) => {
      if (init?.body instanceof FormData) {
        for (const [field, value] of init.body) {
          if (!(value instanceof Blob)) continue;
          const bitmap = await createImageBitmap(value);
          const head = [...new Uint8Array(await value.slice(0, 3).arrayBuffer())];
          sent.push({ field, type: value.type, head, width: bitmap.width, height: bitmap.height });
        }
      }
      return original(input, init);
    };
  });
}

test('edit the bio: Save shows Saving... and disables the form, the bio stays after a reload; Cancel discards', async ({ page }) => {
  const account = await registerViaApi(page);
  await openProfile(page);
  await expect(page.getByRole('heading', { level: 1, name: `${account.username}'s Profile` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  const bioCard = page.getByRole('region', { name: 'Bio' });
  await expect(bioCard.getByText('No bio added yet')).toBeVisible();

  await bioCard.getByRole('button', { name: 'Edit bio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Bio' });
  const textarea = dialog.getByPlaceholder('Tell us about yourself...');
  await expect(textarea).toBeFocused();
  await textarea.fill('Retro collector.\nCo-op on weekends.');
  await expect(dialog.getByText('35/500')).toBeVisible();

  const { held, release } = gate();
  await page.route('**/api/profile/bio', async (route) => {
    await held;
    await route.continue();
  });
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
  await expect(textarea).toBeDisabled();
  await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  release();
  await expect(dialog).toBeHidden();
  await expect(bioCard).toContainText('Retro collector.\nCo-op on weekends.');
  await page.unroute('**/api/profile/bio');

  await page.reload();
  await expect(bioCard).toContainText('Retro collector.\nCo-op on weekends.');

  await bioCard.getByRole('button', { name: 'Edit bio' }).click();
  await expect(textarea).toHaveValue('Retro collector.\nCo-op on weekends.');
  await textarea.fill('Something else');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(bioCard).toContainText('Retro collector.');
  await expect(bioCard.getByText('Something else')).toHaveCount(0);
});

test('a bio over 500 characters is refused before sending; a server refusal keeps the dialog open with its text', async ({ page }) => {
  await registerViaApi(page);
  await openProfile(page);
  const sent = recordRequests(page, '/api/profile/bio');
  await page.getByRole('button', { name: 'Edit bio' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Bio' });
  const textarea = dialog.getByRole('textbox', { name: 'Bio' });
  await textarea.fill('x'.repeat(501));
  await expect(dialog.getByText('501/500')).toBeVisible();
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Bio must be at most 500 characters');
  await expect(textarea).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  // Signed out behind the page's back: the server refuses, and the dialog says what it said.
  await textarea.fill('Still here');
  await page.context().clearCookies();
  const refusal = page.waitForResponse((r) => r.url().endsWith('/api/profile/bio'));
  await dialog.getByRole('button', { name: 'Save' }).click();
  const response = await refusal;
  expect(response.status()).toBeGreaterThanOrEqual(400);
  const { error } = (await response.json()) as { error: string };
  await expect(dialog.getByRole('alert')).toHaveText(error);
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeEnabled();
  await expect(textarea).toHaveValue('Still here');
});

test('set and clear platforms: only the handles that changed are sent', async ({ page }) => {
  await registerViaApi(page);
  await openProfile(page);
  const card = page.getByRole('region', { name: 'Platforms' });
  await expect(card.getByText('No platforms connected yet')).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'Edit Platforms' });
  const sent = recordRequests(page, '/api/profile/');

  await card.getByRole('button', { name: 'Edit platforms' }).click();
  for (const label of ['Discord', 'PlayStation', 'Xbox', 'Steam', 'Nintendo'])
    await expect(dialog.getByLabel(label, { exact: true })).toHaveValue('');
  await expect(dialog.getByLabel('Discord', { exact: true })).toBeFocused();
  await dialog.getByLabel('Discord', { exact: true }).fill('link_hyrule');
  await dialog.getByLabel('Steam', { exact: true }).fill('  hero_of_time  ');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([
    { method: 'PUT', path: '/api/profile/discord', body: { discord_username: 'link_hyrule' } },
    { method: 'PUT', path: '/api/profile/consoles/steam', body: { steam_username: 'hero_of_time' } },
  ]);
  await expect(card.getByRole('term')).toHaveText(['Discord', 'Steam']);
  await expect(card.getByRole('definition')).toHaveText(['link_hyrule', 'hero_of_time']);

  // Saving with nothing changed sends nothing and closes.
  sent.length = 0;
  await card.getByRole('button', { name: 'Edit platforms' }).click();
  await expect(dialog.getByLabel('Steam', { exact: true })).toHaveValue('hero_of_time');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([]);

  // Clearing one handle and adding another: exactly those two calls.
  await card.getByRole('button', { name: 'Edit platforms' }).click();
  await dialog.getByLabel('Discord', { exact: true }).fill('');
  await dialog.getByLabel('Nintendo', { exact: true }).fill('SW-1234-5678-9012');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([
    { method: 'PUT', path: '/api/profile/discord', body: { discord_username: null } },
    { method: 'PUT', path: '/api/profile/consoles/nintendo', body: { friend_code: 'SW-1234-5678-9012' } },
  ]);
  await page.reload();
  await expect(card.getByRole('term')).toHaveText(['Steam', 'Nintendo']);
  await expect(card.getByRole('definition')).toHaveText(['hero_of_time', 'SW-1234-5678-9012']);

  sent.length = 0;
  await card.getByRole('button', { name: 'Edit platforms' }).click();
  await dialog.getByLabel('Steam', { exact: true }).fill('   ');
  await dialog.getByLabel('Nintendo', { exact: true }).fill('');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(dialog).toBeHidden();
  expect(sent.map((r) => r.body)).toEqual([{ steam_username: null }, { friend_code: null }]);
  await expect(card.getByText('No platforms connected yet')).toBeVisible();
});

test(
  'upload a cropped picture: a 1:1 circle nudged by keyboard, sent as JPEG, then shown instead of the icon',
  { tag: '@phone' },
  async ({ page }) => {
    await registerViaApi(page);
    await recordSentFiles(page);
    await openProfile(page);
    const summary = page.getByRole('region', { name: 'Profile summary' });
    const avatar = summary.locator('[data-avatar]');
    await expect(avatar).toHaveAttribute('data-avatar', 'placeholder');

    await summary.getByRole('button', { name: 'Change profile picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });
    await expect(dialog.getByText('Select and crop your profile picture')).toBeVisible();
    const upload = dialog.getByRole('button', { name: 'Upload' });
    await expect(upload).toBeDisabled();
    await chooseFile(page, dialog, 'photo-1200x800.jpg');

    const cropArea = dialog.getByRole('group', { name: CROP_AREA });
    await expect(cropArea).toBeVisible();
    await expect(upload).toBeEnabled();
    const preview = await dialog.getByRole('img', { name: 'Picture to crop' }).boundingBox();
    expect(preview!.height).toBeLessThanOrEqual(300);
    await expect(cropArea).toHaveCSS('border-radius', '50%');
    const start = (await cropArea.boundingBox())!;
    expect(Math.abs(start.width - start.height)).toBeLessThan(1);

    // Nudges (spec §5): 1 px, 10 px with Shift, 100 px with Ctrl (Cmd on a Mac).
    const left = async () => (await cropArea.boundingBox())!.x;
    await cropArea.focus();
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => Math.round((await left()) - start.x)).toBe(-1);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Shift+ArrowRight');
    await expect.poll(async () => Math.round((await left()) - start.x)).toBe(39);
    await page.keyboard.press('Control+ArrowLeft');
    await expect.poll(async () => Math.round((await left()) - start.x)).toBe(-61);
    const end = (await cropArea.boundingBox())!;
    expect(Math.round(end.width)).toBe(Math.round(start.width));

    const sending = page.waitForRequest((r) => r.url().endsWith('/api/profile/picture') && r.method() === 'POST');
    const answered = page.waitForResponse((r) => r.url().endsWith('/api/profile/picture') && r.request().method() === 'POST');
    await upload.click();
    expect((await sending).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // The crop at the photo's natural resolution: 90% of its 800 px height, square, as JPEG in field `file`.
    const [file] = await page.evaluate(() => (window as unknown as { sentFiles: SentFile[] }).sentFiles);
    expect(file).toMatchObject({ field: 'file', type: 'image/jpeg', head: [0xff, 0xd8, 0xff] });
    expect(file!.width).toBe(file!.height);
    expect(Math.abs(file!.width - 720)).toBeLessThanOrEqual(2);
    expect((await answered).status()).toBe(200);

    await expect(dialog).toBeHidden();
    await expect(avatar).toHaveAttribute('data-avatar', 'picture');
    const naturalWidth = () => avatar.locator('img').evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
    await expect.poll(naturalWidth).toBe(PICTURE_EDGE_PX);
    await page.reload();
    await expect(avatar).toHaveAttribute('data-avatar', 'picture');
    await expect.poll(naturalWidth).toBe(PICTURE_EDGE_PX);
  },
);

test('a file that is not an image cannot be uploaded', async ({ page }) => {
  await registerViaApi(page);
  await openProfile(page);
  const sent = recordRequests(page, '/api/profile/picture');
  await page.getByRole('button', { name: 'Change profile picture' }).click();
  const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });
  await expect(dialog.locator('input[type=file]')).toHaveAttribute('accept', 'image/*');
  const upload = dialog.getByRole('button', { name: 'Upload' });

  await chooseFile(page, dialog, 'clip-6s-480x270.mp4');
  await expect(dialog.getByRole('alert')).toHaveText('Please choose an image file');
  await expect(dialog.getByRole('group', { name: CROP_AREA })).toHaveCount(0);
  await expect(upload).toBeDisabled();

  // Named .png (so typed image/png) but a shell script: it never decodes, so there is nothing to crop.
  await chooseFile(page, dialog, 'shell-script-named.png');
  await expect(dialog.getByRole('alert')).toHaveText('This file could not be read as an image');
  await expect(upload).toBeDisabled();

  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(sent).toEqual([]);
  await expect(page.locator('[data-avatar]')).toHaveAttribute('data-avatar', 'placeholder');
});

test('empty Friends, Followers and Following lists say so; Escape closes each and gives focus back', async ({ page }) => {
  await registerViaApi(page);
  await openProfile(page);
  for (const [title, empty] of [
    ['Friends', 'No friends yet'],
    ['Followers', 'No followers yet'],
    ['Following', 'No following yet'],
  ] as const) {
    const opener = page.getByRole('button', { name: `0 ${title}`, exact: true });
    await opener.click();
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByText(empty)).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1); // Escape before the dialog takes focus goes nowhere
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(opener).toBeFocused();
  }
});

const csrfOf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'csrf_token')!.value;

test('a follower is listed under Followers and links to their profile; a friend is listed under Friends', async ({
  page,
  browser,
  baseURL,
}) => {
  const me = await registerViaApi(page);
  const theirContext = await browser.newContext({ baseURL });
  const theirPage = await theirContext.newPage();
  const fan = await registerViaApi(theirPage, newAccount('fan'));
  const theirHeaders = { 'X-CSRF-TOKEN': await csrfOf(theirPage) };
  const followed = await theirPage.request.post(`/api/profile/@${me.username}/follow`, { headers: theirHeaders });
  expect(followed.status()).toBe(200);

  await openProfile(page);
  await expect(page.getByRole('button', { name: '0 Friends', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: '0 Following', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '1 Followers', exact: true }).click();
  const followers = page.getByRole('dialog', { name: 'Followers' });
  const link = followers.getByRole('link', { name: fan.username });
  await expect(link.locator('[data-avatar]')).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(`/profile/${fan.username}`);
  await expect(page.getByRole('heading', { level: 1, name: fan.username })).toBeVisible();

  // They ask to be friends and I accept: the Friends list (GET /api/friends/) shows them.
  const asked = await theirPage.request.post('/api/friends/request', { headers: theirHeaders, data: { username: me.username } });
  const { request_id: requestId } = (await asked.json()) as { request_id: number };
  const accepted = await page.request.post('/api/friends/accept', {
    headers: { 'X-CSRF-TOKEN': await csrfOf(page) },
    data: { request_id: requestId },
  });
  expect(accepted.status()).toBe(200);
  await theirContext.close();

  await openProfile(page);
  await expect(page.getByRole('button', { name: '1 Following', exact: true })).toBeVisible();
  await page.getByRole('button', { name: '1 Friends', exact: true }).click();
  const friends = page.getByRole('dialog', { name: 'Friends' });
  await expect(friends.getByRole('link', { name: fan.username })).toHaveAttribute('href', `/profile/${fan.username}`);
  await expect(friends.getByText('No friends yet')).toHaveCount(0);
});

test('the dialogs work by keyboard: focus moves in and stays in, Escape and Close shut them, Enter saves', async ({ page }) => {
  await registerViaApi(page);
  await openProfile(page);
  const edit = page.getByRole('button', { name: 'Edit bio' });
  const dialog = page.getByRole('dialog', { name: 'Edit Bio' });
  const textarea = dialog.getByRole('textbox', { name: 'Bio' });

  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(textarea).toBeFocused();
  await page.keyboard.type('Typed, not saved');
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    await expect(dialog.locator(':focus')).toHaveCount(1);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(edit).toBeFocused();
  await expect(page.getByText('No bio added yet')).toBeVisible();

  await page.keyboard.press('Enter');
  await expect(textarea).toBeFocused();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  await edit.focus();
  await page.keyboard.press('Enter');
  await expect(textarea).toBeFocused(); // typing before focus moves in would go nowhere
  await page.keyboard.type('Saved from the keyboard');
  await page.keyboard.press('Tab'); // Cancel
  await page.keyboard.press('Tab'); // Save
  await expect(dialog.getByRole('button', { name: 'Save' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('region', { name: 'Bio' })).toContainText('Saved from the keyboard');

  // Platforms: Enter in a field submits the form.
  await page.getByRole('button', { name: 'Edit platforms' }).click();
  const platforms = page.getByRole('dialog', { name: 'Edit Platforms' });
  await expect(platforms.getByLabel('Discord', { exact: true })).toBeFocused();
  await page.keyboard.type('keyboard_hero');
  await page.keyboard.press('Enter');
  await expect(platforms).toBeHidden();
  await expect(page.getByRole('region', { name: 'Platforms' })).toContainText('keyboard_hero');
});

test("the profile shows a spinner while it loads; a failed load says 'Failed to fetch profile' and offers a retry", async ({ page }) => {
  await registerViaApi(page);
  const { held, release } = gate();
  await page.route('**/api/profile/', async (route) => {
    await held;
    await route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' });
  });
  await page.goto('/profile');
  await expect(page.getByRole('progressbar', { name: 'Loading profile' })).toBeVisible();
  release();
  await expect(page.getByRole('alert')).toHaveText('Failed to fetch profile');
  await expect(page.getByRole('progressbar', { name: 'Loading profile' })).toHaveCount(0);
  await page.unroute('**/api/profile/');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByText('No bio added yet')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

/** Waits until no finite animation (dialog fade-ins) is still running: axe measures contrast on what is painted. */
for (const mode of ['light', 'dark'] as const) {
  test.describe(`axe finds no serious problems (${mode} mode)`, { tag: '@phone' }, () => {
    test.beforeEach(async ({ page }) => {
      await page.addInitScript((m) => localStorage.setItem('mui-mode', m), mode);
      await registerViaApi(page);
      await openProfile(page);
      await expect(page.locator('html')).toHaveAttribute('data-theme', mode);
    });

    test('on the own profile, Edit Bio and a people list', async ({ page }) => {
      expect(await seriousViolations(page), 'profile page').toEqual([]);
      await page.getByRole('button', { name: 'Edit bio' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Bio' })).toBeVisible();
      expect(await seriousViolations(page), 'Edit Bio').toEqual([]);
      await expect(page.getByRole('dialog', { name: 'Edit Bio' }).locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: '0 Followers', exact: true }).click();
      await expect(page.getByRole('dialog', { name: 'Followers' })).toBeVisible();
      expect(await seriousViolations(page), 'Followers').toEqual([]);
    });

    test('in Edit Platforms and Update Profile Picture', async ({ page }) => {
      await page.getByRole('button', { name: 'Edit platforms' }).click();
      await expect(page.getByRole('dialog', { name: 'Edit Platforms' })).toBeVisible();
      expect(await seriousViolations(page), 'Edit Platforms').toEqual([]);
      await expect(page.getByRole('dialog', { name: 'Edit Platforms' }).locator(':focus')).toHaveCount(1);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Change profile picture' }).click();
      const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });
      await chooseFile(page, dialog, 'avatar-400.png');
      await expect(dialog.getByRole('group', { name: CROP_AREA })).toBeVisible();
      expect(await seriousViolations(page), 'Update Profile Picture').toEqual([]);
    });
  });
}

test('when a dialog’s code cannot be loaded, a toast says so and the next click opens it', async ({ page }) => {
  await registerViaApi(page);
  // Each dialog's code fails to arrive once (a dropped phone connection), then arrives.
  for (const chunk of [/\/_astro\/BioDialog\.[\w-]+\.js$/, /\/_astro\/UploadDialog\.[\w-]+\.js$/]) {
    await page.route(chunk, (route) => route.fulfill({ status: 503, body: '' }), { times: 1 });
  }
  await openProfile(page);
  await islandsHydrated(page);
  const failed = page.getByText(LOAD_FAILED);

  await page.getByRole('button', { name: 'Edit bio' }).click();
  await expect(failed).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.getByRole('button', { name: 'Edit bio' }).click();
  await expect(page.getByRole('dialog', { name: 'Edit Bio' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const upload = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Upload', exact: true });
  await upload.click();
  await expect(failed).toHaveCount(2);
  await expect(upload).toHaveAttribute('aria-expanded', 'false');
  await upload.click();
  await expect(page.getByRole('dialog', { name: 'Upload Content' })).toBeVisible();
});
