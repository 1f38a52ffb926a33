import type { Page } from '@playwright/test';
import { BIRTHDAY, newAccount, type Account } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';

async function fillRegistration(page: Page, account: Account, confirmPassword: string): Promise<void> {
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Username', { exact: true }).fill(account.username);
  await page.getByLabel('Birth month').selectOption(BIRTHDAY.month);
  await page.getByLabel('Birth day').selectOption(BIRTHDAY.day);
  await page.getByLabel('Birth year').selectOption(BIRTHDAY.year);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm Password', { exact: true }).fill(confirmPassword);
}

test('registering: a password mismatch is refused, then the account is created and greeted', { tag: '@phone' }, async ({ page }) => {
  const account = newAccount('reg');
  await page.goto('/register');
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
  expect(await hasNoSidewaysScroll(page)).toBe(true);

  await fillRegistration(page, account, `${account.password}-typo`);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page).toHaveURL('/register');

  // Nothing was created: the same email and password cannot sign in.
  const attempt = await page.request.get('/api/auth/verify');
  const { csrf_token: csrfToken } = (await attempt.json()) as { csrf_token: string };
  const login = await page.request.post('/api/auth/login', {
    headers: { 'X-CSRF-TOKEN': csrfToken },
    data: { email: account.email, password: account.password },
  });
  expect(login.status()).toBe(401);

  // Hold the request until the busy state has been seen, however long that takes; then let it through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/register', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByLabel('Confirm Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('button', { name: 'Signing up...' })).toBeDisabled();
  release();

  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  await expect(page.getByText('Ready to share your gaming adventures?')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Welcome to Savepoint' })).toHaveCount(0);
  const nav = page.getByRole('navigation');
  for (const name of ['Feed', 'Search', 'Games', 'Chats', 'Profile'])
    await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign in', exact: true })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Sign up', exact: true })).toHaveCount(0);
  expect(await hasNoSidewaysScroll(page)).toBe(true);

  // The session survives a reload, and the greeting arrives in the HTML itself: no marketing page flashes first.
  const reload = await page.reload();
  const html = (await reload?.text()) ?? '';
  expect(html).toContain(`Welcome, ${account.username}!`);
  expect(html).not.toContain('Welcome to Savepoint');
});

test('a taken username is reported and the form stays', async ({ page }) => {
  const first = newAccount('dup');
  await page.goto('/register');
  await fillRegistration(page, first, first.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await expect(page.getByRole('heading', { name: `Welcome, ${first.username}!` })).toBeVisible();

  // Leave the signed-in page before its cookies go: its app start (session check, then the socket) may still be
  // under way, would find the session gone and send the page to /login in the middle of the next navigation.
  await page.goto('about:blank');
  await page.context().clearCookies();
  const second = { ...newAccount('dup'), username: first.username.toUpperCase() };
  await page.goto('/register');
  await fillRegistration(page, second, second.password);
  await page.getByRole('button', { name: 'Sign Up' }).click();
  // Marked on the Username field itself, as every other problem is, and focused there.
  const username = page.getByLabel('Username', { exact: true });
  await expect(username).toHaveAccessibleDescription('Username is already taken');
  await expect(username).toHaveAttribute('aria-invalid', 'true');
  await expect(username).toBeFocused();
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page).toHaveURL('/register');
});

test("'Already have an account? Sign in' leads to the sign-in page", async ({ page }) => {
  await page.goto('/register');
  await expect(page.getByRole('button', { name: 'Sign Up' })).toBeEnabled(); // hydrated (see sign-in-out.spec.ts)
  await page.getByRole('link', { name: 'Already have an account? Sign in' }).click();
  await expect(page).toHaveURL('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
});
