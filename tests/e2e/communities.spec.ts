/**
 * Communities, walked by two people at both widths: A opens a game's page, follows 'Create community' and creates
 * a request-to-join community for the game in the dialog (the game already chosen); B finds it on the game page
 * and through /communities search, asks to join ('Request sent'), A approves in the settings' Requests tab, and B,
 * reloading, sees the members with A marked as owner and the icon and banner A gave it, and can leave again. A walks it in the light theme, B in the
 * dark one; axe checks the communities page, the community page and the settings.
 * Then, at the desktop width, three people: A invites B (a friend) by name and makes an invite link for C, to an
 * invite-only community; B follows the notification, C the link, and both join; B shares a clip from the community's page, A pins it (first, marked); C reports it and A finds the report
 * in the settings' Reports tab; A makes B a moderator and bans C
 * from the Members tab; C loses the community; the mod log says it all.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Page } from '@playwright/test';
import type { NewGameResponse } from '../../src/shared/game-types.ts';
import { registerViaApi } from './support/accounts.ts';
import { seriousViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { hasNoSidewaysScroll } from './support/layout.ts';
import { CLIP, csrfToken, uniqueCaption } from './support/media.ts';
import { bell } from './support/bell.ts';
import { makeFriends } from './support/friends.ts';
import { anotherPerson } from './support/people.ts';
import { sendReport } from './support/reports.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures');
const COMPLETE = 'Upload complete! Click here to view your post';

async function visit(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await islandsHydrated(page);
}

async function api<T>(page: Page, method: 'post' | 'get', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](`/api${url}`, { headers: { 'X-CSRF-TOKEN': await csrfToken(page) }, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

test(
  'create a community for a game from its page, find it, ask to join, get approved, see its members',
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const run = randomBytes(3).toString('hex');
    const gameName = `Raid Night ${run}`;
    const name = `Raiders ${run}`;
    await page.emulateMedia({ colorScheme: 'light' });
    const a = await registerViaApi(page);
    const { game } = await api<NewGameResponse>(page, 'post', '/games', { name: gameName });

    // A: the game page's Communities card offers 'Create community', which opens the dialog with the game chosen.
    await visit(page, `/games/${game.slug}`);
    const card = page.getByRole('region', { name: 'Communities' });
    await expect(card.getByText(`No community for ${gameName} yet.`)).toBeVisible();
    await card.getByRole('link', { name: 'Create community' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create community' });
    await expect(dialog.getByText(gameName)).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Weekly raids.\nBring snacks.');
    await dialog.getByRole('combobox', { name: 'Who can join' }).selectOption('request');
    await dialog.getByRole('textbox', { name: 'Rules' }).fill('Be kind\nNo cheating');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/communities/raiders-${run}$`));
    await expect(page.getByText('1 member')).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: 'No cheating' })).toBeVisible();
    await expect(page.getByRole('list', { name: 'Members' }).getByText(a.username)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // B: finds it on the game page and by search on /communities, and asks to join.
    const b = await anotherPerson(browser, testInfo, baseURL);
    await b.page.emulateMedia({ colorScheme: 'dark' });
    const bob = await registerViaApi(b.page);
    await visit(b.page, `/games/${game.slug}`);
    await expect(b.page.getByRole('region', { name: 'Communities' }).getByRole('link', { name })).toBeVisible();
    await visit(b.page, '/communities');
    await b.page.getByRole('searchbox', { name: 'Search communities' }).fill(`raiders ${run}`);
    const results = b.page.getByRole('list', { name: 'Results' });
    await expect(results.getByText('Request to join')).toBeVisible();
    expect(await hasNoSidewaysScroll(b.page)).toBe(true);
    expect(await seriousViolations(b.page)).toEqual([]);
    await results.getByRole('link', { name }).click();
    await expect(b.page.getByText('Join to see its members.')).toBeVisible();
    await b.page.getByRole('button', { name: 'Request to join' }).click();
    await expect(b.page.getByText('Request sent')).toBeVisible();

    // A approves in the community's settings; B sees the members, A marked as the owner, and may leave.
    await page.getByRole('link', { name: 'Settings' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Community settings' })).toBeVisible();
    await page.getByRole('tab', { name: 'Requests' }).click();
    const request = page.getByRole('list', { name: 'Join requests' }).getByRole('listitem').filter({ hasText: bob.username });
    await request.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('No one is waiting to join.')).toBeVisible();
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // A gives it an icon and a banner, which B sees on its page.
    await page.getByRole('tab', { name: 'Details' }).click();
    const pictures = page.getByRole('region', { name: 'Icon and banner' });
    await pictures.getByLabel('Icon file').setInputFiles(path.join(FIXTURES, 'photo-1200x800.jpg'));
    await expect(pictures.getByRole('button', { name: 'Replace icon' })).toBeVisible();
    await pictures.getByLabel('Banner file').setInputFiles(path.join(FIXTURES, 'photo-1200x800.jpg'));
    await expect(pictures.getByRole('button', { name: 'Replace banner' })).toBeVisible();
    await b.page.reload();
    await islandsHydrated(b.page);
    const members = b.page.getByRole('list', { name: 'Members' });
    await expect(members.getByRole('listitem').filter({ hasText: a.username }).getByText('Owner')).toBeVisible();
    await expect(members.getByText(bob.username)).toBeVisible();
    await expect(b.page.getByText('2 members')).toBeVisible();
    const banner = b.page.locator(`img[src="/api/communities/raiders-${run}/banner"]`);
    await expect(banner).toBeVisible();
    expect(await banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1500);
    expect(await seriousViolations(b.page)).toEqual([]);
    await b.page.getByRole('button', { name: 'Leave' }).click();
    await expect(b.page.getByRole('button', { name: 'Request to join' })).toBeVisible();
    await b.close();
  },
);

test('invite by link, share, pin and report a clip, make a moderator, ban someone who then loses the community', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const run = randomBytes(3).toString('hex');
  const name = `Night Owls ${run}`;
  const a = await registerViaApi(page);
  const { community } = await api<{ community: { slug: string } }>(page, 'post', '/communities', { name, visibility: 'invite' });
  const b = await anotherPerson(browser, testInfo, baseURL);
  const bob = await registerViaApi(b.page);
  const c = await anotherPerson(browser, testInfo, baseURL);
  await c.page.emulateMedia({ colorScheme: 'dark' });
  const cid = await registerViaApi(c.page);

  // A invites B, a friend, by name: B's bell leads to the invite. A makes a link for C, who opens it. Both join.
  await makeFriends(b.page, page, a.username);
  await visit(page, `/communities/${community.slug}/settings`);
  await page.getByRole('tab', { name: 'Invites' }).click();
  await page.getByRole('combobox', { name: 'Invite a friend' }).selectOption({ label: bob.username });
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${bob.username}`)).toBeVisible();
  await visit(b.page, '/feed');
  await bell(b.page).click();
  await b.page
    .getByRole('dialog', { name: 'Notifications' })
    .getByRole('link', { name: new RegExp(`Invitation.*${a.username} invited you to join ${name}`) })
    .click();
  await page.getByRole('combobox', { name: 'Can be used' }).selectOption('5');
  await page.getByRole('button', { name: 'Make invite link' }).click();
  const link = await page.getByRole('textbox', { name: 'Invite link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${baseURL}/communities/invites/[A-Za-z0-9]{12}$`));
  await visit(c.page, link);
  for (const person of [b, c]) {
    await expect(person.page.getByText('You are invited to join')).toBeVisible();
    await person.page.getByRole('button', { name: `Join ${name}` }).click();
    await expect(person.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }
  await expect(c.page.getByText('3 members')).toBeVisible();
  expect(await seriousViolations(c.page)).toEqual([]);

  // B shares a clip in the community from its page; A pins it, and it shows first, marked.
  await b.page.getByRole('button', { name: 'Share a post' }).click();
  const upload = b.page.getByRole('dialog', { name: 'Upload Content' });
  await expect(upload.getByRole('combobox', { name: 'Share in' })).toHaveValue(community.slug);
  const chooser = b.page.waitForEvent('filechooser');
  await upload.getByRole('button', { name: /^Choose (image or video|another file)$/ }).click();
  await (await chooser).setFiles(path.join(FIXTURES, CLIP.name));
  const caption = uniqueCaption('Night clip');
  await upload.getByLabel('Caption').fill(caption);
  await upload.getByRole('button', { name: 'Upload', exact: true }).click();
  await expect(b.page.getByRole('region', { name: /Status messages/ }).getByRole('button', { name: COMPLETE })).toBeVisible({
    timeout: 60_000,
  });
  const grid = (p: Page) => p.getByRole('list', { name: `Posts in ${name}` });
  await expect(grid(b.page).getByRole('button', { name: `Open video post: ${caption}` })).toBeVisible();
  await visit(page, `/communities/${community.slug}`);
  await grid(page)
    .getByRole('button', { name: `Open video post: ${caption}` })
    .click();
  const modal = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Post options' }) });
  await modal.getByRole('button', { name: 'Post options' }).click();
  await page.getByRole('menuitem', { name: 'Pin to community' }).click();
  await expect(page.getByText('Post pinned')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(grid(page).getByRole('button', { name: `Pinned. Open video post: ${caption}` })).toBeVisible();

  // C reports the clip; A finds it under the settings' Reports tab, without C's name.
  await visit(c.page, `/communities/${community.slug}`);
  await grid(c.page)
    .getByRole('button', { name: `Pinned. Open video post: ${caption}` })
    .click();
  await c.page.getByRole('dialog').getByRole('button', { name: 'Post options' }).click();
  await c.page.getByRole('menuitem', { name: 'Report post' }).click();
  await sendReport(c.page, 'Report post', 'Spam or scam');
  await expect(c.page.getByText('Thanks — the moderators will look at it')).toBeVisible();
  await visit(page, `/communities/${community.slug}/settings#reports`);
  const reports = page.getByRole('list', { name: 'Open reports' });
  await expect(reports.getByText(`A post by ${bob.username}: Spam or scam`)).toBeVisible();
  await expect(reports).not.toContainText(cid.username);

  // A makes B a moderator and bans C, for a reason, from the Members tab.
  await visit(page, `/communities/${community.slug}/settings`);
  await page.getByRole('tab', { name: 'Members' }).click();
  const members = page.getByRole('list', { name: 'Members' });
  await members.getByRole('button', { name: `Actions for ${bob.username}` }).click();
  await page.getByRole('menuitem', { name: 'Make moderator' }).click();
  await expect(members.getByRole('listitem').filter({ hasText: bob.username }).getByText('Moderator')).toBeVisible();
  await members.getByRole('button', { name: `Actions for ${cid.username}` }).click();
  await page.getByRole('menuitem', { name: 'Ban' }).click();
  const ban = page.getByRole('dialog', { name: `Ban ${cid.username}?` });
  await ban.getByRole('textbox', { name: 'Reason' }).fill('Spamming the channels');
  await ban.getByRole('combobox', { name: 'For' }).selectOption('24');
  await ban.getByRole('button', { name: 'Ban' }).click();
  await expect(ban).toBeHidden();
  await expect(members.getByText(cid.username)).toBeHidden();
  await page.getByRole('tab', { name: 'Bans' }).click();
  await expect(page.getByRole('list', { name: 'Bans' }).getByText('Spamming the channels')).toBeVisible();
  await page.getByRole('tab', { name: 'Mod log' }).click();
  const log = page.getByRole('list', { name: 'Mod log' });
  await expect(log.getByText(`banned ${cid.username} for 24 hours`)).toBeVisible();
  await expect(log.getByText(`made ${bob.username} a moderator`)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  // C, banned from an invite-only community, no longer finds it; B, now a moderator, reaches its settings.
  await c.page.reload();
  await expect(c.page.getByRole('heading', { name: 'Community not found' })).toBeVisible();
  await visit(b.page, `/communities/${community.slug}`);
  await b.page.getByRole('link', { name: 'Settings' }).click();
  await expect(b.page.getByRole('heading', { level: 1, name: 'Community settings' })).toBeVisible();
  await b.close();
  await c.close();
});

test(
  "chat live in a community's channels: open 'general' from its page, talk, remove a message, add and remove a channel, lose it when removed",
  { tag: '@phone' },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    const run = randomBytes(3).toString('hex');
    const name = `Lobby ${run}`;
    await page.emulateMedia({ colorScheme: 'light' });
    await registerViaApi(page);
    const { community } = await api<{ community: { slug: string } }>(page, 'post', '/communities', { name, visibility: 'public' });
    const b = await anotherPerson(browser, testInfo, baseURL);
    await b.page.emulateMedia({ colorScheme: 'dark' });
    const bob = await registerViaApi(b.page);
    await api(b.page, 'post', `/communities/${community.slug}/join`);
    const composer = (p: Page) => p.getByRole('textbox', { name: 'Type a message...' });

    // A opens 'general' from the community's Channels card.
    await visit(page, `/communities/${community.slug}`);
    await page.getByRole('list', { name: 'Channels' }).getByRole('link', { name: 'general' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '# general' })).toBeVisible();
    await expect(page.getByText(`Channel of ${name}`)).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // B finds it in the chats list, under the community's name, and opens it; they talk live.
    await visit(b.page, '/chats');
    const channels = b.page.getByRole('list', { name: `Channels of ${name}` });
    await expect(b.page.getByRole('link', { name })).toBeVisible();
    await channels.getByRole('link', { name: /general/ }).click();
    await expect(b.page.getByRole('heading', { level: 1, name: '# general' })).toBeVisible();
    // Typing shows to the other member with the channel open.
    await composer(b.page).pressSequentially('hey');
    await expect(page.getByText(`${bob.username} is typing...`)).toBeVisible();
    await composer(b.page).fill('');
    await composer(page).fill('Raid at nine?');
    await composer(page).press('Enter');
    await expect(b.page.getByText('Raid at nine?')).toBeVisible();
    await composer(b.page).fill("I'm in");
    await composer(b.page).press('Enter');
    await expect(page.getByText("I'm in")).toBeVisible();
    // A, the owner, removes a message of B's from its menu; it leaves B's screen too.
    await composer(b.page).fill('buy cheap gold');
    await composer(b.page).press('Enter');
    await expect(page.getByText('buy cheap gold')).toBeVisible();
    await page
      .getByRole('button', { name: `Options for the message from ${bob.username}` })
      .last()
      .click();
    await page.getByRole('menuitem', { name: 'Remove message' }).click();
    await page.getByRole('dialog', { name: 'Remove this message?' }).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('buy cheap gold')).toBeHidden();
    await expect(b.page.getByText('buy cheap gold')).toBeHidden();
    await expect(b.page.getByText("I'm in")).toBeVisible();
    expect(await hasNoSidewaysScroll(b.page)).toBe(true);
    expect(await seriousViolations(b.page)).toEqual([]);

    // A adds a channel in the settings; B's chats list shows it at once, and loses it when A removes it.
    await visit(b.page, '/chats');
    await visit(page, `/communities/${community.slug}/settings#channels`);
    await page.getByRole('textbox', { name: 'New channel' }).fill('Looking for group');
    await page.getByRole('button', { name: 'Add channel' }).click();
    await expect(page.getByText('#looking-for-group added')).toBeVisible();
    await expect(channels.getByRole('link', { name: /looking-for-group/ })).toBeVisible();
    expect(await hasNoSidewaysScroll(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Remove #looking-for-group' }).click();
    await page.getByRole('dialog', { name: 'Remove #looking-for-group?' }).getByRole('button', { name: 'Remove channel' }).click();
    await expect(channels.getByRole('link', { name: /looking-for-group/ })).toBeHidden();

    // B is in 'general' when A removes them from the community: the channel closes for them.
    await channels.getByRole('link', { name: /general/ }).click();
    await expect(composer(b.page)).toBeVisible();
    const bobId = (
      await api<{ members: Array<{ user_id: number; username: string }> }>(page, 'get', `/communities/${community.slug}/members`)
    ).members.find((m) => m.username === bob.username)!.user_id;
    const res = await page.request.delete(`/api/communities/${community.slug}/members/${bobId}`, {
      headers: { 'X-CSRF-TOKEN': await csrfToken(page) },
    });
    expect(res.ok()).toBe(true);
    await expect(b.page.getByText('#general is no longer available to you')).toBeVisible();
    await expect(b.page).toHaveURL(/\/chats$/);
    await b.close();
  },
);
