import { registerViaApi, signInWithForm } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';

test('signing out from the profile page returns to the sign-in page, signed out', { tag: '@phone' }, async ({ page }) => {
  const account = await registerViaApi(page);
  await page.goto('/profile');
  await expect(page).toHaveURL('/profile');
  await islandsHydrated(page); // Sign out is server-rendered: a click before hydration would do nothing
  await page.getByRole('button', { name: 'Sign out' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  const nav = page.getByRole('navigation');
  await expect(nav.getByRole('link', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profile', exact: true })).toHaveCount(0);

  // Really signed out on the server too: the greeting is gone and protected pages ask to sign in.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Welcome to Savepoint' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${account.username}!`)).toHaveCount(0);
  await page.goto('/profile');
  await expect(page).toHaveURL('/login?next=%2Fprofile');
});

test('a wrong password is refused with an alert; the right one signs in', async ({ page }) => {
  const account = await registerViaApi(page);
  await page.context().clearCookies();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await signInWithForm(page, account.email, `${account.password}x`);
  await expect(page.getByRole('alert')).toContainText('Invalid email or password');
  await expect(page).toHaveURL('/login');

  // Hold the request until the busy state has been seen, however long that takes; then let it through.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/login', async (route) => {
    await released;
    await route.continue();
  });
  await signInWithForm(page, account.email, account.password);
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();
  release();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toHaveCount(0);
});

test("'Don't have an account? Sign up' leads to the registration page", async ({ page }) => {
  await page.goto('/login');
  // Leaving while React is still hydrating the form unmounts a half-hydrated root, which React reports as an
  // error (#424) although nothing is wrong; a person cannot click that fast, so wait as they would.
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await page.getByRole('link', { name: "Don't have an account? Sign up" }).click();
  await expect(page).toHaveURL('/register');
  await expect(page.getByRole('heading', { name: 'Sign up', level: 1 })).toBeVisible();
});
