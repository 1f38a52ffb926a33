/**
 * Moderators at work (desktop; the @phone ones at phone width too): a reported post is removed from the queue and is gone for its author
 * and everyone else; a suspended member signed in elsewhere is sent to sign-in at once and told why they cannot
 * sign in; members (and signed-out visitors) get what an unknown path gets at /moderation; a moderator renames a
 * game and merges it into another, both found with the game picker.
 */
import { randomBytes } from 'node:crypto';
import { newAccount, registerViaApi, signInWithForm } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { csrfToken, PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';
import { reportAs } from './support/moderation.ts';
import { sendReport } from './support/reports.ts';
import { grantRole } from './support/roles.ts';
import { anotherPerson, socketConnected } from './support/people.ts';
import { focusPicker } from './support/combobox.ts';
import { islandsHydrated } from './support/islands.ts';

const SUSPENDED = 'This account is suspended by the moderators. You cannot sign in until they lift it.';

test(
  'a moderator removes a reported post from the queue; it is gone for its author and for others',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    const author = await registerViaApi(page, newAccount('auth'));
    const caption = uniqueCaption('rule breaker');
    const post = await uploadPost(page, PHOTO, caption);
    const witness = await anotherPerson(browser, testInfo, baseURL);
    const reporter = await registerViaApi(witness.page, newAccount('wit'));
    // The witness reports it from the feed, as a person would.
    await witness.page.goto('/feed');
    await islandsHydrated(witness.page);
    await postCard(witness.page, caption).getByRole('button', { name: 'Post options' }).click();
    await witness.page.getByRole('menuitem', { name: 'Report post' }).click();
    const reportDialog = await sendReport(witness.page, 'Report post', 'Harassment or bullying');
    await expect(reportDialog).toBeHidden();

    const mod = await anotherPerson(browser, testInfo, baseURL);
    const moderator = await registerViaApi(mod.page, newAccount('mod'));
    await grantRole(moderator.username, 'moderator');
    await mod.page.goto('/profile');
    await mod.page.getByRole('link', { name: 'Moderation', exact: true }).click();
    await expect(mod.page.getByRole('heading', { name: 'Moderation', level: 1 })).toBeVisible();
    const card = mod.page.getByRole('article').filter({ hasText: caption });
    await expect(card.getByRole('heading', { name: 'Harassment or bullying' })).toBeVisible();
    await expect(card).toContainText(`Reported by ${reporter.username}`);
    await expect(card.getByRole('img', { name: `Reported post by ${author.username}` })).toBeVisible();
    await card.getByRole('button', { name: 'Remove content' }).click();
    const confirm = mod.page.getByRole('dialog', { name: 'Remove content?' });
    await expect(confirm).toContainText(`This deletes ${author.username}'s post for everyone`);
    await confirm.getByLabel('Note for the audit log (optional)').fill('Harassing caption');
    await confirm.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(confirm).toBeHidden();
    await expect(mod.page.getByText('Content removed')).toBeVisible();
    await expect(card).toHaveCount(0);
    await mod.close();

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: `${author.username}'s Profile` })).toBeVisible();
    await page.goto('/feed');
    await expect(page.getByRole('main')).toBeVisible();
    await expect(postCard(page, caption)).toHaveCount(0);
    await witness.page.reload();
    await expect(postCard(witness.page, caption)).toHaveCount(0);
    const gone = await witness.page.request.get(`/api/media/${post.id}`);
    expect(gone.status()).toBe(404);
    await witness.close();
  },
);

test('a suspended member signed in elsewhere lands on sign-in at once and is told why they cannot sign in', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const member = await registerViaApi(page, newAccount('sus'));
  const connected = socketConnected(page);
  await page.goto('/feed');
  await connected;

  const mod = await anotherPerson(browser, testInfo, baseURL);
  const moderator = await registerViaApi(mod.page, newAccount('mod'));
  await grantRole(moderator.username, 'moderator');
  await reportAs(moderator.username, { type: 'user', owner: member.username });
  await mod.page.goto('/moderation');
  const card = mod.page.getByRole('article').filter({ hasText: `About ${member.username}` });
  await card.getByRole('button', { name: 'Suspend user' }).click();
  const confirm = mod.page.getByRole('dialog', { name: `Suspend ${member.username}?` });
  await expect(confirm).toContainText('signed out everywhere at once');
  await confirm.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(mod.page.getByText('User suspended')).toBeVisible();
  await expect(card).toHaveCount(0);
  await mod.close();

  // No reload, no click: the dropped socket sends the page to sign-in.
  await expect(page).toHaveURL(/\/login/);
  await signInWithForm(page, member.email, member.password);
  await expect(page.getByRole('alert')).toHaveText(SUSPENDED);
  await expect(page).toHaveURL(/\/login/);
});

test('members and signed-out visitors get at /moderation what any unknown path gives them', async ({ page }) => {
  await page.goto('/moderation');
  await expect(page).toHaveURL(/\/$/);
  await registerViaApi(page, newAccount('mem'));
  await page.goto('/no-such-page');
  const unknown = page.url();
  await page.goto('/moderation');
  expect(page.url()).toBe(unknown);
  await expect(page.getByRole('heading', { name: 'Moderation' })).toHaveCount(0);
  await page.goto('/profile');
  await expect(page.getByRole('button', { name: 'Sign out' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
});

test('a moderator finds a game with the picker, renames it and merges it into another', { tag: '@phone' }, async ({ page }) => {
  const run = randomBytes(3).toString('hex');
  const moderator = await registerViaApi(page, newAccount('gmod'));
  await grantRole(moderator.username, 'moderator');
  for (const name of [`Dupe Quest ${run}`, `True Quest ${run}`]) {
    const res = await page.request.post('/api/games', { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data: { name } });
    expect(res.ok()).toBe(true);
  }
  await page.goto('/moderation');
  await islandsHydrated(page); // the tabs are server-rendered: a click before hydration would not switch them
  await page.getByRole('tab', { name: 'Games' }).click();
  const find = page.getByRole('combobox', { name: 'Find a game' });
  await focusPicker(find);
  await find.fill(`Dupe Quest ${run}`);
  // Each option shows the game's address after its name (names may repeat; addresses never do).
  await page.getByRole('option', { name: new RegExp(`^Dupe Quest ${run} /games/`) }).click();
  await expect(find).toHaveValue('');
  await page.getByLabel(`New name for Dupe Quest ${run}`).fill(`Dupe Quest II ${run}`);
  await page.getByRole('button', { name: 'Rename' }).click();
  await expect(page.getByText(`Renamed to Dupe Quest II ${run}`)).toBeVisible();

  const into = page.getByRole('combobox', { name: `Merge Dupe Quest II ${run} into` });
  await focusPicker(into);
  await into.fill(`Dupe Quest II ${run}`);
  await expect(page.getByText('No games found')).toBeVisible(); // the selected game itself is never offered
  await into.fill(`True Quest ${run}`);
  await expect(page.getByRole('option', { name: new RegExp(`^True Quest ${run} `) })).toBeVisible();
  await into.press('ArrowDown');
  await into.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Merge games?' });
  await confirm.getByRole('button', { name: 'Merge', exact: true }).click();
  await expect(page.getByText(`Dupe Quest II ${run} merged into True Quest ${run}`)).toBeVisible();
});

test("the tabs work from the keyboard from the start: Tab reaches them, arrows move between them and show each one's panel", async ({
  page,
}) => {
  const admin = await registerViaApi(page, newAccount('kmod'));
  await grantRole(admin.username, 'admin');
  await page.goto('/moderation');
  await islandsHydrated(page);
  const reports = page.getByRole('tab', { name: 'Reports' });
  // The list starts as plain tabs; focusing one loads Ark's list, which must keep the focus where it was.
  await reports.focus();
  await expect(reports).toBeFocused();
  await expect(reports).toHaveAttribute('aria-selected', 'true');
  await page.keyboard.press('ArrowRight');
  const games = page.getByRole('tab', { name: 'Games' });
  await expect(games).toBeFocused();
  await expect(games).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel', { name: 'Games' })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Find a game' })).toBeVisible();
  await page.keyboard.press('End');
  await expect(page.getByRole('tab', { name: 'Audit log' })).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Audit log' })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Reports' })).toBeHidden();
  await page.keyboard.press('Home');
  await expect(reports).toBeFocused();
  await expect(page.getByRole('tabpanel', { name: 'Reports' })).toBeVisible();
});
