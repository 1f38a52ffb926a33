/**
 * NOTE: test accounts. Names and emails are unique per call (time + random), so specs run in parallel
 * against one server without colliding. `registerViaApi` signs the page's browser context in (same cookie jar)
 * for journeys that are not about registering; the registration journey itself goes through the form.
 */
import { randomBytes } from 'node:crypto';
import { expect, type Page } from '@playwright/test';

export type Account = { email: string; username: string; password: string };
export const BIRTHDAY = { month: '5', day: '17', year: '1995' };

export function newAccount(prefix = 'e2e'): Account {
  const id = `${Date.now().toString(36)}${randomBytes(4).toString('hex')}`;
  return { email: `${prefix}.${id}@example.test`, username: `${prefix}_${id}`, password: `Pw-${randomBytes(6).toString('hex')}` };
}

export async function registerViaApi(page: Page, account: Account = newAccount()): Promise<Account> {
  const visitor = await page.request.get('/api/auth/verify');
  const { csrf_token: csrfToken } = (await visitor.json()) as { csrf_token: string };
  const response = await page.request.post('/api/auth/register', {
    // A client address of its own (the e2e server trusts the header): see global-setup.ts.
    headers: { 'X-CSRF-TOKEN': csrfToken, 'X-Forwarded-For': `10.${randomBytes(3).join('.')}` },
    data: { ...account, confirmPassword: account.password, birthMonth: 5, birthDay: 17, birthYear: 1995 },
  });
  if (response.status() !== 201) throw new Error(`register ${account.username}: ${response.status()} ${await response.text()}`);
  return account;
}

/**
 * Fills the sign-in form and submits it with the keyboard, as a person would — once the form has hydrated
 * (its button is disabled until then, and Enter does nothing).
 */
export async function signInWithForm(page: Page, email: string, password: string): Promise<void> {
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Password', { exact: true }).press('Enter');
}
