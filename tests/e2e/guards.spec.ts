import { registerViaApi, signInWithForm } from './support/accounts.ts';
import { expect, test } from './support/fixtures.ts';

const PROTECTED = ['/feed', '/search', '/games', '/chats', '/chats/1', '/profile', '/profile/somebody'];

test('signed-out visitors of protected pages are sent to sign in, remembering the page', async ({ page }) => {
  for (const path of PROTECTED) {
    await page.goto(path);
    await expect(page, `${path} asks to sign in`).toHaveURL(`/login?next=${encodeURIComponent(path)}`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  }
});

test('after signing in, the visitor lands on the page they wanted', async ({ page }) => {
  const account = await registerViaApi(page);
  await page.context().clearCookies();

  await page.goto('/search');
  await expect(page).toHaveURL('/login?next=%2Fsearch');
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/search');
});

test('a `next` pointing to another site is ignored after signing in', async ({ page, baseURL }) => {
  const account = await registerViaApi(page);
  await page.context().clearCookies();

  await page.goto(`/login?next=${encodeURIComponent('//evil.example/phish')}`);
  await signInWithForm(page, account.email, account.password);
  await expect(page).toHaveURL('/');
  expect(new URL(page.url()).origin).toBe(baseURL);
  await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
});

test('signed-in users are sent away from /login and /register; unknown paths go home', async ({ page }) => {
  const account = await registerViaApi(page);
  for (const path of ['/login', '/register', '/login?next=%2Ffeed', '/definitely-not-a-page']) {
    await page.goto(path);
    await expect(page, `${path} goes home`).toHaveURL('/');
    await expect(page.getByRole('heading', { name: `Welcome, ${account.username}!` })).toBeVisible();
  }
  for (const path of PROTECTED.filter((p) => !p.startsWith('/chats/') && !p.startsWith('/profile/'))) {
    await page.goto(path);
    await expect(page, `${path} opens when signed in`).toHaveURL(path);
  }
});
