/**
 * NOTE: `npm run screenshots [-- name-filter[,name-filter…]]`: looks at the screens. Starts the production build on a throwaway
 * DATA_DIR, creates two people with some data through the API, and saves every screen in `.tmp/shots/` at
 * 1280 and 390 px, light and dark. For people, not CI: nothing is asserted; open the PNGs and compare them
 * with the spec's words. Add a screen to SCREENS when you build one.
 */
import { chromium, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { newAccount, registerViaApi, type Account } from '../tests/e2e/support/accounts.ts';
import { CLIP, PHOTO, uploadFile, uploadPost } from '../tests/e2e/support/media.ts';
import { clip } from '../tests/integration/support/videos.ts';
import { DATA_DIR_ENV } from '../tests/e2e/support/global-setup.ts';
import { startProductionServer } from '../tests/e2e/support/production-server.ts';
import { grantRole } from '../tests/e2e/support/roles.ts';

const OUT = path.resolve(import.meta.dirname, '../.tmp/shots');
const WIDTHS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
const MODES = ['light', 'dark'] as const;

/** `friend` is my friend, `asked` has my pending request, `pest` is the one I block. */
type Cast = {
  me: Account;
  other: Account;
  friend: Account;
  asked: Account;
  pest: Account;
  chatRoomId: number;
  directRoomId: number;
  /** A game both me and other play (other's clip is tagged with it). */
  gameSlug: string;
  /** My looking-for-group post (other asked to join it), and one of other's. */
  myGroupId: number;
  theirGroupId: number;
};
type Screen = { name: string; show: (page: Page, cast: Cast) => Promise<void> };

const csrf = async (page: Page) => (await page.context().cookies()).find((c) => c.name === 'csrf_token')?.value ?? '';
async function call<T = unknown>(page: Page, method: 'post' | 'put' | 'delete', url: string, data?: unknown): Promise<T> {
  const res = await page.request[method](`/api${url}`, { headers: { 'X-CSRF-TOKEN': await csrf(page) }, data });
  if (!res.ok()) throw new Error(`${method} ${url}: ${res.status()} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Makes sure `who` is not blocked (a screen before may have blocked them): any answer will do. */
const unblock = async (page: Page, who: Account) =>
  page.request.delete(`/api/profile/@${who.username}/block`, { headers: { 'X-CSRF-TOKEN': await csrf(page) } });

/** The Create New Chat dialog, opened from /chats with `kind` chosen. */
/** Opens a page and waits until its islands have hydrated (clicks before that do nothing). */
async function visit(p: Page, url: string) {
  await p.goto(url);
  await p.waitForFunction(() => !document.querySelector('astro-island[ssr]'));
}

/** The upload dialog, opened from the feed, with `file` chosen. */
async function uploadDialogWith(p: Page, file: string) {
  await visit(p, '/feed');
  await p.getByRole('button', { name: 'Upload', exact: true }).click();
  const dialog = p.getByRole('dialog', { name: 'Upload Content' });
  const chooser = p.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Choose image or video' }).click();
  await (await chooser).setFiles(file);
  return dialog;
}

/** 'Night Raiders', mine, for the game (made once: creating is limited per hour; later screens reuse it). */
async function ensureCommunity(p: Page, gameSlug: string) {
  const mine = (await (await p.request.get('/api/communities/mine')).json()) as { communities: unknown[] };
  if (mine.communities.length > 0) return;
  await call(p, 'post', '/communities', {
    name: 'Night Raiders',
    description: 'Late-night raids, every weekday. Chill, no tryhards.',
    visibility: 'public',
    games: [gameSlug],
    rules: ['Be kind', 'No cheating', 'Spoilers in spoiler tags'],
  });
  const buffer = readFileSync(path.resolve(import.meta.dirname, '../../shared/fixtures/photo-1200x800.jpg'));
  for (const kind of ['icon', 'banner']) {
    await p.request.put(`/api/communities/night-raiders/${kind}`, {
      headers: { 'X-CSRF-TOKEN': await csrf(p) },
      multipart: { file: { name: `${kind}.jpg`, mimeType: 'image/jpeg', buffer } },
    });
  }
  for (const name of ['looking-for-group', 'clips']) await call(p, 'post', '/communities/night-raiders/channels', { name });
  const general = await generalOf(p);
  for (const content of ['Raid tonight at nine, who is in?', 'Bring potions this time'])
    await call(p, 'post', '/chat/send-message', { room_id: general, content });
}

/** The room id of Night Raiders' 'general' channel. */
async function generalOf(p: Page): Promise<number> {
  const { channels } = (await (await p.request.get('/api/communities/night-raiders/channels')).json()) as {
    channels: Array<{ room_id: number }>;
  };
  return channels[0]!.room_id;
}

/** Another user's profile with its 'More options' menu open. */
async function openMoreOptions(p: Page, who: Account) {
  await unblock(p, who);
  await visit(p, `/profile/${who.username}`);
  await p.getByRole('button', { name: 'More options' }).click();
}

async function openNewChat(p: Page, kind: 'Group Chat' | '1-on-1 Chat') {
  await visit(p, '/chats');
  await p.getByRole('button', { name: 'New Chat' }).click();
  const dialog = p.getByRole('dialog', { name: 'Create New Chat' });
  await dialog.getByRole('radio', { name: kind }).check();
  if (kind === 'Group Chat') {
    await dialog.getByLabel('Enter chat name').fill('Friday raid');
    await dialog.getByRole('checkbox').first().check();
  }
}

/** The other person's photo with its comments: the modal on desktop, the Posts view's comments drawer on phones. */
async function openCommentsOfPhoto(p: Page) {
  await p.getByRole('button', { name: /^Open image post/ }).click();
  if ((p.viewportSize()?.width ?? 1280) >= 768) return;
  const card = p.getByRole('article').filter({ hasText: 'New setup, finally cable-managed' });
  await card.getByRole('button', { name: 'Comments', exact: true }).click();
}

const SCREENS: Screen[] = [
  { name: 'lfg-board', show: (p) => visit(p, '/lfg').then(() => p.getByRole('list', { name: 'Looking for group' }).waitFor()) },
  { name: 'lfg-new', show: (p) => visit(p, '/lfg?new=1').then(() => p.getByRole('dialog', { name: 'Post a group' }).waitFor()) },
  {
    name: 'lfg-post-host',
    show: (p, { myGroupId }) => visit(p, `/lfg/${myGroupId}`).then(() => p.getByRole('list', { name: 'Requests' }).waitFor()),
  },
  {
    name: 'lfg-post-guest',
    show: (p, { theirGroupId }) => visit(p, `/lfg/${theirGroupId}`).then(() => p.getByRole('button', { name: 'Ask to join' }).waitFor()),
  },
  { name: 'feed', show: (p) => p.goto('/feed').then(() => p.getByRole('article').first().waitFor()) },
  {
    name: 'post-opened',
    show: async (p) => {
      await visit(p, '/feed');
      await p
        .getByRole('article')
        .first()
        .getByRole('button', { name: /comment/i })
        .first()
        .click();
      await p.waitForTimeout(500);
    },
  },
  {
    name: 'upload-dialog',
    show: async (p) => {
      await visit(p, '/feed');
      await p.getByRole('button', { name: 'Upload', exact: true }).click();
      await p.getByRole('dialog', { name: 'Upload Content' }).waitFor();
    },
  },
  {
    name: 'upload-dialog-photo',
    show: async (p) => {
      const dialog = await uploadDialogWith(p, path.resolve(import.meta.dirname, '../../shared/fixtures', PHOTO.name));
      await dialog.getByRole('img', { name: /^Preview of/ }).waitFor();
    },
  },
  {
    name: 'upload-dialog-phone-clip',
    show: async (p) => {
      const dialog = await uploadDialogWith(p, await clip('phone-720p-20s.mov'));
      await dialog.getByRole('button', { name: 'Upload', exact: true }).and(p.locator(':enabled')).waitFor();
    },
  },
  {
    name: 'video-processing',
    show: async (p) => {
      await uploadFile(p, await clip('phone-720p-20s.mov'), 'video/quicktime', 'Straight off my phone', undefined, false);
      await visit(p, '/profile');
      await p.getByRole('list', { name: 'User Media' }).getByRole('status').first().waitFor();
      await p.waitForTimeout(2500); // a progress report
    },
  },
  { name: 'other-grid', show: (p, { other }) => p.goto(`/profile/${other.username}`).then(() => p.getByText('User Media').waitFor()) },
  { name: 'own-profile', show: (p) => p.goto('/profile').then(() => p.getByText('Platforms').first().waitFor()) },
  {
    name: 'other-profile',
    show: (p, { other }) => p.goto(`/profile/${other.username}`).then(() => p.getByRole('heading', { name: other.username }).waitFor()),
  },
  {
    name: 'search',
    show: (p, { other }) =>
      p
        .goto(`/search?q=${other.username.slice(0, 4)}`)
        .then(() => p.getByRole('list', { name: 'Search results' }).getByRole('link', { name: other.username }).waitFor()),
  },
  {
    name: 'bell-open',
    show: async (p) => {
      await visit(p, '/profile');
      await p.getByRole('button', { name: /^Notifications/ }).click();
      await p.waitForTimeout(400);
    },
  },
  {
    name: 'notifications',
    show: (p) => visit(p, '/notifications').then(() => p.getByRole('region', { name: 'All notifications' }).waitFor()),
  },
  {
    name: 'chat-room',
    show: (p, { chatRoomId }) => p.goto(`/chats/${chatRoomId}`).then(() => p.getByRole('img', { name: /^Image from/ }).waitFor()),
  },
  {
    name: 'chat-room-menu',
    show: async (p, { chatRoomId }) => {
      await visit(p, `/chats/${chatRoomId}`);
      await p.getByRole('button', { name: 'Group menu' }).click();
      await p.waitForTimeout(300);
    },
  },
  {
    name: 'chats-list',
    show: (p) => p.goto('/chats').then(() => p.getByRole('list', { name: 'Chats' }).waitFor()),
  },
  {
    name: 'other-profile-friend',
    show: (p, { friend }) => p.goto(`/profile/${friend.username}`).then(() => p.getByRole('button', { name: 'Unfriend' }).waitFor()),
  },
  {
    name: 'other-profile-request-sent',
    show: (p, { asked }) => p.goto(`/profile/${asked.username}`).then(() => p.getByRole('button', { name: 'Cancel Request' }).waitFor()),
  },
  {
    name: 'unfriend-dialog',
    show: async (p, { friend }) => {
      await visit(p, `/profile/${friend.username}`);
      await p.getByRole('button', { name: 'Unfriend' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'other-profile-menu',
    show: async (p, { pest }) => {
      await openMoreOptions(p, pest);
      await p.getByRole('menuitem').first().waitFor();
    },
  },
  {
    name: 'block-dialog',
    show: async (p, { pest }) => {
      await openMoreOptions(p, pest);
      await p.getByRole('menuitem', { name: `Block ${pest.username}` }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'blocked-notice',
    show: async (p, { pest }) => {
      await openMoreOptions(p, pest);
      await p.getByRole('menuitem', { name: `Block ${pest.username}` }).click();
      await p.getByRole('dialog').getByRole('button', { name: 'Block', exact: true }).click();
      await p.getByRole('heading', { name: `You blocked ${pest.username}` }).waitFor();
    },
  },
  {
    name: 'blocked-users',
    show: async (p, { pest }) => {
      await p.request.post(`/api/profile/@${pest.username}/block`, { headers: { 'X-CSRF-TOKEN': await csrf(p) } });
      await visit(p, '/profile');
      await p.getByRole('button', { name: 'View blocked users' }).click();
      await p.getByRole('list', { name: 'Blocked users' }).waitFor();
    },
  },
  {
    name: 'blocked-users-empty',
    show: async (p, { pest }) => {
      await unblock(p, pest);
      await visit(p, '/profile');
      await p.getByRole('button', { name: 'View blocked users' }).click();
      await p.getByText("You haven't blocked anyone").waitFor();
    },
  },
  { name: 'chats-new-group', show: (p) => openNewChat(p, 'Group Chat') },
  { name: 'chats-new-direct', show: (p) => openNewChat(p, '1-on-1 Chat') },
  {
    name: 'members-direct-leave',
    show: async (p, { directRoomId }) => {
      await visit(p, `/chats/${directRoomId}`);
      await p.getByRole('button', { name: 'Chat menu' }).click();
      await p.getByRole('menuitem', { name: 'Leave Chat' }).click();
      await p.getByRole('dialog', { name: 'Leave Chat' }).waitFor();
    },
  },
  {
    name: 'members-platforms-dialog',
    show: async (p) => {
      await visit(p, '/profile');
      await p.getByRole('button', { name: 'Edit platforms' }).click();
      await p.getByRole('dialog', { name: 'Edit Platforms' }).waitFor();
    },
  },
  {
    name: 'members-comment-delete',
    show: async (p, { other }) => {
      await visit(p, `/profile/${other.username}`);
      await openCommentsOfPhoto(p);
      await p.getByRole('button', { name: 'Delete comment' }).first().waitFor();
    },
  },
  {
    name: 'members-comment-confirm',
    show: async (p, { other }) => {
      await visit(p, `/profile/${other.username}`);
      await openCommentsOfPhoto(p);
      await p.getByRole('button', { name: 'Delete comment' }).first().click();
      await p.getByRole('dialog', { name: 'Delete comment?' }).waitFor();
    },
  },
  {
    name: 'members-register-errors',
    show: async (p, { me }) => {
      await p.context().clearCookies();
      await p.goto('/register');
      await p.getByRole('button', { name: 'Sign Up' }).and(p.locator(':enabled')).waitFor();
      await p.getByLabel('Email', { exact: true }).fill('not-an-email');
      await p.getByLabel('Username', { exact: true }).fill(me.username);
      await p.getByLabel('Password', { exact: true }).fill('Correct-horse-1');
      await p.getByLabel('Confirm Password', { exact: true }).fill('Correct-horse-2');
      await p.getByRole('button', { name: 'Sign Up' }).click();
      await p.getByText('Passwords do not match').waitFor();
    },
  },
  {
    name: 'games-dialog',
    show: async (p) => {
      await visit(p, '/profile');
      await p.getByRole('button', { name: 'Edit games' }).click();
      const dialog = p.getByRole('dialog', { name: 'Edit Games' });
      await dialog.getByRole('combobox', { name: 'Add a game' }).fill('zz new title');
      await p.getByRole('listbox', { name: 'Add a game' }).getByRole('option').first().waitFor(); // in a portal, outside the dialog
    },
  },
  {
    name: 'communities',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      await visit(p, '/communities');
      await p.getByRole('list', { name: 'Your communities' }).waitFor();
    },
  },
  {
    name: 'community-create',
    show: async (p, { gameSlug }) => {
      await visit(p, `/communities?create=${gameSlug}`);
      await p.getByRole('dialog', { name: 'Create community' }).waitFor();
    },
  },
  {
    name: 'community-page',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      await visit(p, '/communities/night-raiders');
      await p.getByRole('list', { name: 'Members' }).waitFor();
    },
  },
  {
    name: 'community-settings',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      await visit(p, '/communities/night-raiders/settings');
      await p.getByRole('form', { name: 'Community details' }).waitFor();
    },
  },
  {
    name: 'community-settings-invites',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      await visit(p, '/communities/night-raiders/settings');
      await p.getByRole('tab', { name: 'Invites' }).click();
      await p.getByRole('button', { name: 'Make invite link' }).click();
      await p.getByRole('textbox', { name: 'Invite link' }).waitFor();
    },
  },
  {
    name: 'community-settings-channels',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      await visit(p, '/communities/night-raiders/settings#channels');
      await p.getByRole('list', { name: 'Channels' }).waitFor();
    },
  },
  {
    name: 'chats-list-channels',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      await visit(p, '/chats');
      await p.getByRole('list', { name: 'Channels of Night Raiders' }).waitFor();
    },
  },
  {
    name: 'community-channel',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      await visit(p, `/chats/${await generalOf(p)}`);
      await p.getByText('Bring potions this time').waitFor();
    },
  },
  {
    name: 'community-invite',
    show: async (p, { gameSlug }) => {
      await ensureCommunity(p, gameSlug);
      const made = await call<{ invite: { code: string } }>(p, 'post', '/communities/night-raiders/invites', {
        max_uses: 5,
        expires_in_hours: 24,
      });
      await visit(p, `/communities/invites/${made.invite.code}`);
      await p.getByText('You are invited to join').waitFor();
    },
  },
  {
    name: 'games-index',
    show: (p) => visit(p, '/games').then(() => p.getByRole('list', { name: 'Most played games' }).waitFor()),
  },
  {
    name: 'games-index-search',
    show: async (p) => {
      await visit(p, '/games?q=mi');
      await p.getByRole('list', { name: 'Games found' }).waitFor();
      // The first result focused from the box, to see the focus ring on a whole row.
      await p.getByRole('searchbox', { name: 'Search games' }).press('Tab');
    },
  },
  {
    name: 'game-page',
    show: (p, { gameSlug }) =>
      visit(p, `/games/${gameSlug}`).then(() => p.getByRole('region', { name: 'Posts' }).getByRole('listitem').first().waitFor()),
  },
  {
    name: 'upload-game-picker',
    show: async (p) => {
      await visit(p, '/feed');
      await p.getByRole('button', { name: 'Upload', exact: true }).click();
      await p.getByRole('combobox', { name: 'Game (optional)' }).click();
      await p.getByRole('listbox', { name: 'Game (optional)' }).getByRole('option').first().waitFor();
    },
  },
  { name: 'home-players', show: (p) => visit(p, '/').then(() => p.getByRole('list', { name: 'Players like you' }).waitFor()) },
  // The signed-in home: the first steps (games and players done, profile and first clip to do).
  { name: 'home', show: (p) => visit(p, '/').then(() => p.getByRole('region', { name: 'Get started' }).waitFor()) },
  // A game nobody posted about: the empty card under the filter, the same width.
  { name: 'feed-empty', show: (p) => visit(p, '/feed?game=celeste').then(() => p.getByRole('region', { name: 'No posts' }).waitFor()) },
  {
    // Someone else posts while the feed is open: the "new posts" pill under the bar (ADR 045).
    name: 'feed-new-posts',
    show: async (p, { other }) => {
      await visit(p, '/feed');
      await p.waitForTimeout(1000); // the socket connects and the page says what it shows
      const elsewhere = await p
        .context()
        .browser()!
        .newContext({ baseURL: new URL(p.url()).origin });
      const them = await elsewhere.newPage();
      const visitor = await them.request.get('/api/auth/verify');
      const { csrf_token: token } = (await visitor.json()) as { csrf_token: string };
      await them.request.post('/api/auth/login', {
        headers: { 'X-CSRF-TOKEN': token },
        data: { email: other.email, password: other.password },
      });
      await uploadPost(them, PHOTO, 'Fresh from the other side');
      await elsewhere.close();
      await p.evaluate(() => window.scrollTo(0, 300));
      await p.getByRole('button', { name: /new post/ }).waitFor();
    },
  },
  { name: 'feed-my-games', show: (p) => visit(p, '/feed?view=my-games').then(() => p.getByRole('article').first().waitFor()) },
  {
    name: 'search-game',
    show: (p, { gameSlug }) => visit(p, `/search?game=${gameSlug}`).then(() => p.getByRole('list', { name: 'Search results' }).waitFor()),
  },
  { name: 'account', show: (p) => visit(p, '/account').then(() => p.getByText('This device', { exact: true }).waitFor()) },
  {
    name: 'account-notifications',
    show: async (p) => {
      await visit(p, '/account');
      const card = p.getByRole('region', { name: 'Notifications on this device' });
      await card.getByText('Likes on your posts').waitFor();
      await card.scrollIntoViewIfNeeded();
    },
  },
  {
    name: 'offline',
    show: async (p) => {
      await visit(p, '/feed');
      await p.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await p.context().setOffline(true);
      await p.goto('/games');
      await p.getByRole('heading', { name: "You're offline" }).waitFor();
      await p.context().setOffline(false);
    },
  },
  {
    name: 'account-delete-dialog',
    show: async (p) => {
      await visit(p, '/account');
      await p.getByRole('button', { name: 'Delete account' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'report-dialog',
    show: async (p, { other }) => {
      await openMoreOptions(p, other);
      await p.getByRole('menuitem', { name: `Report ${other.username}` }).click();
      await p.getByRole('dialog', { name: `Report ${other.username}` }).waitFor();
    },
  },
  {
    name: 'report-message-menu',
    show: async (p, { chatRoomId }) => {
      await visit(p, `/chats/${chatRoomId}`);
      await p
        .getByRole('button', { name: /^Options for the message from/ })
        .first()
        .click();
      await p.getByRole('menuitem', { name: 'Report message' }).waitFor();
    },
  },
  { name: 'moderation-queue', show: (p) => visit(p, '/moderation').then(() => p.getByRole('article').first().waitFor()) },
  {
    name: 'moderation-confirm',
    show: async (p) => {
      await visit(p, '/moderation');
      await p.getByRole('article').first().getByRole('button', { name: 'Suspend user' }).click();
      await p.getByRole('dialog').waitFor();
    },
  },
  {
    name: 'moderation-games',
    show: async (p) => {
      await visit(p, '/moderation');
      await p.getByRole('tab', { name: 'Games' }).click();
      await p.getByRole('combobox', { name: 'Find a game' }).click();
      await p.getByRole('listbox', { name: 'Find a game' }).getByRole('option').first().waitFor();
    },
  },
  {
    name: 'moderation-audit',
    show: async (p) => {
      await visit(p, '/moderation');
      await p.getByRole('tab', { name: 'Audit log' }).click();
      await p
        .getByText('grant_role')
        .or(p.getByText(/granted|role/i))
        .first()
        .waitFor();
    },
  },
  // The one not-found state (a 404 page) and the post's, above one's own profile (a 200).
  {
    name: 'not-found-user',
    show: (p) => visit(p, '/profile/nobody_by_that_name').then(() => p.getByRole('heading', { name: 'User not found' }).waitFor()),
  },
  {
    name: 'not-found-chat',
    show: (p) => visit(p, '/chats/987654321').then(() => p.getByRole('heading', { name: 'Chat not found' }).waitFor()),
  },
  {
    name: 'not-found-post',
    show: (p) => visit(p, '/profile?post=987654321').then(() => p.getByText('Platforms').first().waitFor()),
  },
];

/** A group chat of me, the rival and a teammate (friends of the teammate), with text both ways and an image. */
async function setUpChat(browser: Browser, origin: string, people: Array<{ page: Page; account: Account }>): Promise<number> {
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await registerViaApi(page, newAccount('mate'));
  const ids: number[] = [];
  for (const { page: theirs, account } of people) {
    const { request_id } = await call<{ request_id: number }>(page, 'post', '/friends/request', { username: account.username });
    await call(theirs, 'post', '/friends/accept', { request_id });
    ids.push(((await (await theirs.request.get('/api/auth/verify')).json()) as { user_id: number }).user_id);
  }
  const { room_id } = await call<{ room_id: number }>(page, 'post', '/chat/create-room', {
    name: 'Friday raid',
    user_ids: ids,
    is_group: true,
  });
  const lines: Array<[Page, string]> = [
    [page, 'Raid starts at 9. Bring potions!'],
    [people[1]!.page, 'I will be a bit late, saving the world at work first.'],
    [people[0]!.page, 'On my way. Who is tanking this time?'],
    [page, 'You are. No excuses.'],
  ];
  for (const [who, content] of lines) await call(who, 'post', '/chat/send-message', { room_id, content });
  const buffer = readFileSync(path.resolve(import.meta.dirname, '../../shared/fixtures/photo-1200x800.jpg'));
  const sent = await people[1]!.page.request.post('/api/chat/send-message', {
    headers: { 'X-CSRF-TOKEN': await csrf(people[1]!.page) },
    multipart: { room_id: String(room_id), content: 'My setup for tonight', image: { name: 'setup.jpg', mimeType: 'image/jpeg', buffer } },
  });
  if (!sent.ok()) throw new Error(`image message: ${sent.status()} ${await sent.text()}`);
  await context.close();
  return room_id;
}

/** More chats for `me` (the list screens): two more friends, a group and a 1-on-1 with unread messages, a muted group, an empty one. */
async function setUpChats(browser: Browser, origin: string, mePage: Page, me: Account): Promise<number> {
  const friends: Page[] = [];
  for (const prefix of ['duo', 'squad']) {
    const page = await (await browser.newContext({ baseURL: origin })).newPage();
    await registerViaApi(page, newAccount(prefix));
    const { request_id } = await call<{ request_id: number }>(page, 'post', '/friends/request', { username: me.username });
    await call(mePage, 'post', '/friends/accept', { request_id });
    friends.push(page);
  }
  const [duo, squad] = friends as [Page, Page];
  const ids = (await (await mePage.request.get('/api/friends/')).json()) as { friends: Array<{ friend_id: number }> };
  const everyone = ids.friends.map((f) => f.friend_id);
  const room = (data: unknown) => call<{ room_id: number }>(mePage, 'post', '/chat/create-room', data).then((r) => r.room_id);
  const say = (page: Page, roomId: number, content: string) => call(page, 'post', '/chat/send-message', { room_id: roomId, content });
  const quiet = await room({ name: 'Patch notes (muted)', user_ids: everyone, is_group: true });
  await say(squad, quiet, 'New balance patch is live');
  await call(mePage, 'post', `/chat/toggle-mute/${quiet}`);
  const direct = await room({ user_ids: [everyone[0]], is_group: false });
  await say(mePage, direct, 'Up for a few rounds tonight?');
  await say(duo, direct, 'Sure, 9pm works. Bring snacks');
  const group = await room({ name: 'Speedrun crew — Friday night practice and route planning', user_ids: everyone, is_group: true });
  await say(duo, group, 'Found a new skip in world 3!');
  await say(squad, group, 'No way, send a clip when you can, I want to see the frame-perfect jump');
  await room({ name: 'Quiet lobby', user_ids: [everyone[1]], is_group: true });
  for (const page of friends) await page.context().close();
  return direct;
}

/** A friend of mine, someone I asked to be friends, and someone to block (with a post, so blocking hides it). */
async function setUpPeople(browser: Browser, origin: string, mePage: Page, me: Account): Promise<[Account, Account, Account]> {
  const people: Account[] = [];
  for (const prefix of ['buddy', 'asked', 'pest']) {
    const context = await browser.newContext({ baseURL: origin });
    const page = await context.newPage();
    const account = await registerViaApi(page, newAccount(prefix));
    if (prefix === 'buddy') {
      const { request_id } = await call<{ request_id: number }>(page, 'post', '/friends/request', { username: me.username });
      await call(mePage, 'post', '/friends/accept', { request_id });
    }
    if (prefix === 'asked') await call(mePage, 'post', '/friends/request', { username: account.username });
    if (prefix === 'pest') await uploadPost(page, PHOTO, 'Spam spam spam');
    await context.close();
    people.push(account);
  }
  return people as [Account, Account, Account];
}

/** I am an admin; a witness has reported `other`'s photo and profile, so the queue has cards. */
async function setUpReports(browser: Browser, origin: string, me: Account, other: Account, photoId: number) {
  await grantRole(me.username, 'admin');
  const context = await browser.newContext({ baseURL: origin });
  const page = await context.newPage();
  await registerViaApi(page, newAccount('witness'));
  await call(page, 'post', '/reports', {
    target_type: 'media',
    target_id: photoId,
    reason: 'spam',
    details: 'Same desk mat ad on every post.',
  });
  const { user_id } = (await (await page.request.get(`/api/profile/@${other.username}`)).json()) as { user_id: number };
  await call(page, 'post', '/reports', { target_type: 'user', target_id: user_id, reason: 'impersonation' });
  await context.close();
}

async function setUp(browser: Browser, origin: string): Promise<{ cast: Cast; meContext: BrowserContext }> {
  const otherContext = await browser.newContext({ baseURL: origin });
  const otherPage = await otherContext.newPage();
  const other = await registerViaApi(otherPage, newAccount('rival'));
  await call(otherPage, 'put', '/profile/bio', { bio: 'Speedrunner. Mostly platformers, sometimes soulslikes.' });
  await call(otherPage, 'put', '/profile/discord', { discord_username: 'rival#1337' });
  await call(otherPage, 'put', '/profile/consoles/steam', { steam_username: 'rival_steam' });
  const meContext = await browser.newContext({ baseURL: origin });
  const mePage = await meContext.newPage();
  const me = await registerViaApi(mePage, newAccount('me'));
  await call(mePage, 'put', '/profile/consoles/steam', { steam_username: 'me_on_steam' });
  await call(mePage, 'put', '/profile/discord', { discord_username: 'me#0042' });
  await call(mePage, 'put', '/profile/consoles/xbox', { xbox_gamertag: 'MeOnXbox' });
  await call(mePage, 'put', '/profile/visibility', { platform: 'steam', visibility: 'friends' });
  await call(mePage, 'put', '/profile/visibility', { platform: 'discord', visibility: 'nobody' });
  await call(otherPage, 'post', '/friends/request', { username: me.username });
  const addGame = (name: string, genres: string[], platforms: string[]) =>
    call<{ game: { slug: string } }>(mePage, 'post', '/games', { name, genres, platforms }).then((r) => r.game.slug);
  const apex = await addGame('Apex Legends', ['battle-royale', 'shooter'], ['playstation', 'xbox', 'steam']);
  const minecraft = await addGame('Minecraft', ['sandbox', 'survival'], ['playstation', 'xbox', 'steam', 'nintendo', 'mobile']);
  const celeste = await addGame('Celeste', ['platformer'], ['steam', 'nintendo']);
  const rocket = await addGame('Rocket League', ['sports', 'racing'], ['playstation', 'xbox', 'steam', 'nintendo']);
  await call(mePage, 'put', '/profile/games', {
    games: [
      { slug: apex, platform: 'steam' },
      { slug: minecraft, platform: 'nintendo' },
      { slug: rocket, platform: 'xbox' },
    ],
  });
  await call(otherPage, 'put', '/profile/games', {
    games: [
      { slug: apex, platform: 'playstation' },
      { slug: celeste, platform: 'steam' },
      { slug: minecraft, platform: 'mobile' },
    ],
  });
  await uploadFile(otherPage, await clip('phone-720p-20s.mov'), 'video/quicktime', 'Portrait clip, straight off my phone');
  await uploadPost(otherPage, CLIP, 'Clutch 1v3 in the final round', apex);
  const photo = await uploadPost(otherPage, PHOTO, 'New setup, finally cable-managed');
  await call(otherPage, 'post', `/media/${photo.id}/comments`, { content: 'Took me a whole weekend, worth it.' });
  await call(mePage, 'post', `/media/${photo.id}/comments`, { content: 'Clean! Where did you get that desk mat?' });
  const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();
  type Posted = { lfg: { id: number } };
  const mine = await call<Posted>(mePage, 'post', '/lfg', {
    game: apex,
    platform: 'steam',
    title: 'Ranked trios, plat push',
    description: 'Looking for two who comm and play the zone. Chill if we lose.',
    starts_at: hours(3),
    duration_minutes: 180,
    slots: 2,
    tags: ['mic', 'competitive', 'ranked'],
    visibility: 'public',
  });
  await call(otherPage, 'post', `/lfg/${mine.lfg.id}/join`, { message: 'Wraith main, plat 2, mic on. Free all evening.' });
  const theirs = await call<Posted>(otherPage, 'post', '/lfg', {
    game: minecraft,
    platform: 'nintendo',
    title: 'Cozy build night on our survival world',
    description: 'We are building a castle by the river. New players welcome, we will show you around.',
    starts_at: null,
    slots: 4,
    tags: ['casual', 'chill', 'beginners-welcome'],
    visibility: 'public',
  });
  await call(otherPage, 'post', '/lfg', {
    game: celeste,
    platform: 'steam',
    title: 'Any% race practice',
    starts_at: hours(26),
    duration_minutes: 60,
    slots: 1,
    tags: ['speedrun'],
    visibility: 'public',
  });
  const chatRoomId = await setUpChat(browser, origin, [
    { page: mePage, account: me },
    { page: otherPage, account: other },
  ]);
  await otherContext.close();
  const directRoomId = await setUpChats(browser, origin, mePage, me);
  const [friend, asked, pest] = await setUpPeople(browser, origin, mePage, me);
  await setUpReports(browser, origin, me, other, photo.id);
  const groups = { myGroupId: mine.lfg.id, theirGroupId: theirs.lfg.id };
  return { cast: { me, other, friend, asked, pest, chatRoomId, directRoomId, gameSlug: apex, ...groups }, meContext };
}

// Several names may be given, comma-separated: a screen is shot when its name contains any of them.
const filters = process.argv[2]?.split(',').filter(Boolean);
mkdirSync(OUT, { recursive: true });
const server = await startProductionServer({ logFile: path.join(OUT, 'server.log') });
process.env[DATA_DIR_ENV] = server.dataDir;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const { cast, meContext } = await setUp(browser, server.origin);
  const state = await meContext.storageState();
  for (const screen of SCREENS.filter((s) => !filters?.length || filters.some((f) => s.name.includes(f)))) {
    for (const size of WIDTHS) {
      for (const mode of MODES) {
        const context = await browser.newContext({ baseURL: server.origin, storageState: state, viewport: size });
        await context.addInitScript((m) => localStorage.setItem('mui-mode', m), mode);
        const page = await context.newPage();
        await screen.show(page, cast);
        await page.waitForTimeout(300);
        const file = path.join(OUT, `${screen.name}-${size.name}-${mode}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
