/**
 * Issue 5 journeys in the chat room (/chats/{id}) with two and three people, each in their own browser context
 * at the project's size (desktop; the @phone ones at phone width too): text both ways live, images, the typing indicator, the group menu
 * (rename, add, remove, leave) updating the other screens live, paged history, and nothing lost or doubled
 * across a dropped connection.
 */
import AxeBuilder from '@axe-core/playwright';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { newAccount, registerViaApi } from './support/accounts.ts';
import { befriend, bubble, call, createRoom, messageLog, openRoom, say } from './support/chat-room.ts';
import { expect, test } from './support/fixtures.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { anotherPerson } from './support/people.ts';

const PHOTO = fs.readFileSync(path.resolve(import.meta.dirname, '../../../shared/fixtures/photo-1200x800.jpg'));
const composer = (page: Page) => page.getByRole('textbox', { name: 'Type a message...' });
const sendButton = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });

test(
  '1-on-1: text both ways live, typing indicator, Enter sends, images only, thumbnail for the other',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    const a = await registerViaApi(page, newAccount('ca'));
    const other = await anotherPerson(browser, testInfo, baseURL);
    const b = await registerViaApi(other.page, newAccount('cb'));
    await befriend(page, { page: other.page, username: b.username });
    const roomId = await createRoom(page, [other.page]);

    await openRoom(page, roomId);
    await openRoom(other.page, roomId);
    await expect(page.getByRole('heading', { level: 1, name: b.username })).toBeVisible();
    await expect(other.page.getByRole('heading', { level: 1, name: a.username })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Mute', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Group menu' })).toHaveCount(0);
    await expect(sendButton(page)).toBeDisabled();

    // A types: B sees it; Enter sends; the message arrives and the indicator goes.
    await composer(page).pressSequentially('Hello B');
    await expect(other.page.getByText(`${a.username} is typing...`)).toBeVisible();
    await composer(page).press('Shift+Enter');
    await composer(page).pressSequentially('second line');
    await composer(page).press('Enter');
    await expect(composer(page)).toHaveValue('');
    await expect(bubble(other.page, 'Hello B')).toContainText('second line');
    await expect(bubble(other.page, 'Hello B')).toContainText(a.username);
    await expect(other.page.getByText(`${a.username} is typing...`)).toHaveCount(0);
    await expect(bubble(page, 'Hello B')).toHaveCount(1);
    await expect(page.getByText('Sending...')).toHaveCount(0);

    // B replies with the Send button; own bubbles sit right, others' left.
    await composer(other.page).fill('Hi A!');
    await sendButton(other.page).click();
    await expect(bubble(page, 'Hi A!')).toBeVisible();
    const log = (await messageLog(page).boundingBox())!;
    const mine = (await bubble(page, 'Hello B').boundingBox())!;
    const theirs = (await bubble(page, 'Hi A!').boundingBox())!;
    expect(mine.x + mine.width).toBeGreaterThan(log.x + log.width - 40);
    expect(theirs.x).toBeLessThan(log.x + 40);
    expect(mine.width).toBeLessThanOrEqual(log.width * 0.7 + 1);

    // Only images can be attached; the chosen one shows with Remove; Send works with no text.
    const attach = page.locator('input[type=file][accept="image/*"]');
    await attach.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(page.getByRole('alert')).toContainText('Only images can be attached');
    // A file that says it is a GIF but is not one: the browser cannot open it, so it is refused here, never sent.
    await attach.setInputFiles({ name: 'funny.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a<?php echo "not really"; ?>') });
    await expect(page.getByRole('alert')).toHaveText('This image could not be opened. Please choose another image.');
    await expect(page.getByRole('img', { name: 'Selected image' })).toHaveCount(0);
    await expect(sendButton(page)).toBeDisabled();
    await attach.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await expect(page.getByRole('img', { name: 'Selected image' })).toBeVisible();
    await page.getByRole('button', { name: 'Remove', exact: true }).click();
    await expect(page.getByRole('img', { name: 'Selected image' })).toHaveCount(0);
    await expect(sendButton(page)).toBeDisabled();
    await attach.setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: PHOTO });
    await sendButton(page).click();

    const thumb = other.page.getByRole('img', { name: `Image from ${a.username}` });
    await expect(thumb).toBeVisible();
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const box = (await thumb.boundingBox())!;
    expect(Math.max(box.width, box.height)).toBeLessThanOrEqual(200.5);
    await expect(other.page.getByRole('link', { name: `Open the image from ${a.username} full size` })).toHaveAttribute(
      'href',
      /^\/api\/chat\/image\/\d+\/original$/,
    );
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    await other.close();
  },
);

test('a group of three: rename and add show live, only the owner removes, removed and leaving people go to /chats', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const owner = await registerViaApi(page, newAccount('go'));
  const [bee, cee, dee] = await Promise.all([1, 2, 3].map(() => anotherPerson(browser, testInfo, baseURL)));
  const b = await registerViaApi(bee!.page, newAccount('gb'));
  const c = await registerViaApi(cee!.page, newAccount('gc'));
  const d = await registerViaApi(dee!.page, newAccount('gd'));
  await befriend(
    page,
    { page: bee!.page, username: b.username },
    { page: cee!.page, username: c.username },
    { page: dee!.page, username: d.username },
  );
  const roomId = await createRoom(page, [bee!.page, cee!.page], 'Raid night');
  for (const p of [page, bee!.page, cee!.page]) await openRoom(p, roomId);

  // B renames: everyone's heading changes without a reload.
  await bee!.page.getByRole('button', { name: 'Group menu' }).click();
  await bee!.page.getByRole('menuitem', { name: 'Rename Group' }).click();
  const rename = bee!.page.getByRole('dialog', { name: 'Rename Group' });
  await rename.getByLabel('Group name').fill('Boss rush');
  await rename.getByRole('button', { name: 'Save' }).click();
  await expect(rename).toHaveCount(0);
  for (const p of [page, bee!.page, cee!.page]) await expect(p.getByRole('heading', { level: 1, name: 'Boss rush' })).toBeVisible();

  // The owner adds D (a friend not yet in the room): the others see D join.
  await page.getByRole('button', { name: 'Group menu' }).click();
  await page.getByRole('menuitem', { name: 'Add User' }).click();
  const add = page.getByRole('dialog', { name: 'Add User' });
  await expect(add.getByRole('radio')).toHaveCount(1);
  await add.getByRole('radio', { name: d.username }).check();
  await add.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(add).toHaveCount(0);
  await expect(cee!.page.getByText(new RegExp(`4 people: .*${d.username}`))).toBeVisible();

  // B is not the owner: the menu offers only what B may do (no Remove User); Mute sits in the header, as in a 1-on-1.
  await bee!.page.getByRole('button', { name: 'Group menu' }).click();
  await expect(bee!.page.getByRole('menuitem')).toHaveText(['Rename Group', 'Add User', 'Leave Group']);
  await bee!.page.keyboard.press('Escape');
  await bee!.page.getByRole('button', { name: 'Mute', exact: true }).click();
  await expect(bee!.page.getByRole('button', { name: 'Unmute', exact: true })).toBeVisible();
  await expect(bee!.page.getByText(/^Muted · 4 people/)).toBeVisible();

  // The owner removes C: C's screen goes to the chat list; the others' lists lose C.
  await page.getByRole('button', { name: 'Group menu' }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Rename Group', 'Add User', 'Remove User', 'Leave Group']);
  await page.getByRole('menuitem', { name: 'Remove User' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove User' });
  await expect(remove.getByRole('radio', { name: owner.username })).toHaveCount(0);
  await remove.getByRole('radio', { name: c.username }).check();
  await remove.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(cee!.page).toHaveURL('/chats');
  await expect(bee!.page.getByText(new RegExp(`3 people: .*${d.username}`))).toBeVisible();

  // B leaves after the spec's question: B goes to /chats, the owner is told.
  await bee!.page.getByRole('button', { name: 'Group menu' }).click();
  await bee!.page.getByRole('menuitem', { name: 'Leave Group' }).click();
  const leave = bee!.page.getByRole('dialog', { name: 'Leave Group' });
  await expect(leave.getByText('Are you sure you want to leave this group?', { exact: true })).toBeVisible();
  await leave.getByRole('button', { name: 'Leave', exact: true }).click();
  await expect(bee!.page).toHaveURL('/chats');
  await expect(page.getByText(`2 people: you, ${d.username}`)).toBeVisible();
  for (const p of [bee!, cee!, dee!]) await p.close();
});

test('older messages load when scrolling up, keeping the place; the newest show first', async ({ page, browser, baseURL }, testInfo) => {
  await registerViaApi(page, newAccount('ha'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const b = await registerViaApi(other.page, newAccount('hb'));
  await befriend(page, { page: other.page, username: b.username });
  const roomId = await createRoom(page, [other.page]);
  for (let i = 1; i <= 45; i++) await say(i % 2 ? page : other.page, roomId, `History message ${i}.`);
  await other.close();

  await openRoom(page, roomId);
  await expect(bubble(page, 'History message 45.')).toBeInViewport();
  await expect(bubble(page, 'History message 1.')).toHaveCount(0);
  const log = messageLog(page);
  await log.evaluate((el) => el.scrollTo({ top: 0 }));
  await expect(bubble(page, 'History message 1.')).toHaveCount(1);
  // The place is kept: what was at the top before the older page came is still on screen, not the oldest.
  await expect(bubble(page, 'History message 15.')).toBeInViewport();
  await expect(log.getByRole('article')).toHaveCount(45);
});

test('a message sent while the connection is down shows exactly once; a send made offline goes when back', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  await registerViaApi(page, newAccount('ra'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const b = await registerViaApi(other.page, newAccount('rb'));
  await befriend(page, { page: other.page, username: b.username });
  const roomId = await createRoom(page, [other.page]);

  const firstSocketClosed = new Promise<void>((resolve) => other.page.once('websocket', (ws) => ws.on('close', () => resolve())));
  await openRoom(other.page, roomId);
  await openRoom(page, roomId);

  // Offline closes B's socket; A's message is stored meanwhile; B's socket tries to reconnect and is refused (a
  // websocket opened after this point can only be such a try until B is back); back online, it reconnects.
  const refusedWhileOffline = new Promise<void>((resolve) => other.page.on('websocket', (ws) => ws.on('socketerror', () => resolve())));
  await other.page.context().setOffline(true);
  await firstSocketClosed;
  await say(page, roomId, 'Sent while you were away');
  await refusedWhileOffline;
  await other.page.context().setOffline(false);
  await expect(bubble(other.page, 'Sent while you were away')).toHaveCount(1, { timeout: 30_000 });

  // B goes offline and sends: the send fails, it waits as 'Sending...' and goes once the browser is back online.
  await other.page.context().setOffline(true);
  const sendFailed = other.page.waitForEvent('requestfailed', (r) => r.url().includes('/api/chat/send-message'));
  await composer(other.page).fill('Written offline');
  await composer(other.page).press('Enter');
  await sendFailed;
  await expect(bubble(other.page, 'Written offline')).toContainText('Sending...');
  await other.page.context().setOffline(false);
  await expect(bubble(page, 'Written offline')).toHaveCount(1);
  await expect(bubble(other.page, 'Written offline')).not.toContainText('Sending...');
  await expect(bubble(other.page, 'Written offline')).toHaveCount(1);
  await page.reload();
  await expect(bubble(page, 'Written offline')).toHaveCount(1);
  await other.close();
});

test('a 1-on-1 blocked either way: the composer is closed with the reason, and a send made before knowing it offers no Retry', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const me = await registerViaApi(page, newAccount('bk'));
  const other = await anotherPerson(browser, testInfo, baseURL);
  const them = await registerViaApi(other.page, newAccount('bt'));
  await befriend(page, { page: other.page, username: them.username });
  const roomId = await createRoom(page, [other.page]);
  await say(other.page, roomId, 'see you later');
  await openRoom(page, roomId);
  await expect(composer(page)).toBeEnabled();

  // They block me while my room is open: my next send is refused, the room says why and no Retry is offered.
  await call(other.page, 'post', `/profile/@${me.username}/block`);
  await composer(page).fill('are you there?');
  await page.keyboard.press('Enter');
  const refused = page.getByRole('article', { name: 'Message not sent' });
  await expect(refused).toContainText("You can't interact with this user");
  await expect(page.getByText(`You can't send messages to ${them.username}.`)).toBeVisible();
  await expect(composer(page)).toBeDisabled(); // aria-disabled and read-only: the focus stays where it was
  await expect(composer(page)).not.toBeEditable();
  await expect(composer(page)).toBeFocused();
  await expect(page.getByRole('button', { name: 'Attach image' })).toBeDisabled();
  await expect(refused.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await refused.getByRole('button', { name: 'Discard' }).click();
  await expect(refused).toHaveCount(0);

  // The one who blocked is told it is their own block, from the moment the room opens.
  await openRoom(other.page, roomId);
  await expect(other.page.getByText(`You blocked ${me.username}. Unblock them`)).toBeVisible();
  await expect(composer(other.page)).toBeDisabled();
  await expect(bubble(other.page, 'see you later')).toBeVisible(); // the history stays
  await other.close();
});

test('a room that does not exist or is not yours says so and leads back to the list', async ({ page }) => {
  await registerViaApi(page, newAccount('nf'));
  await page.goto('/chats/987654321');
  await expect(page.getByRole('heading', { level: 1, name: 'Chat not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Back to chats' }).click();
  await expect(page).toHaveURL('/chats');
});

for (const mode of ['light', 'dark'] as const) {
  test(
    `axe finds no serious problems in a group room with messages (${mode} mode)`,
    { tag: '@phone' },
    async ({ page, browser, baseURL }, testInfo) => {
      await page.addInitScript((m) => localStorage.setItem('mui-mode', m), mode);
      await registerViaApi(page, newAccount('xa'));
      const other = await anotherPerson(browser, testInfo, baseURL);
      const b = await registerViaApi(other.page, newAccount('xb'));
      await befriend(page, { page: other.page, username: b.username });
      const roomId = await createRoom(page, [other.page], 'Axe squad');
      await say(page, roomId, 'Mine');
      await say(other.page, roomId, 'Theirs');
      await other.close();
      await openRoom(page, roomId);
      await expect(bubble(page, 'Theirs')).toBeVisible();
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
      expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(' ')} ${v.nodes[0]?.failureSummary ?? ''}`)).toEqual([]);
    },
  );
}
