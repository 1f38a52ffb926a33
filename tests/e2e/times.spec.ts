/**
 * Issue 21, times: every time reads in the browser's own locale, clock and zone. The chats list and a bubble show
 * the same clock; lists (a post, its comment, the bell, /notifications) say how long ago; the hover title holds
 * the full date and time. Two readers: 24 hours in Berlin, 12 hours in New York. The server renders these pages
 * in its own locale and zone, so the journeys also prove hydration holds (any page error fails them).
 */
import { newAccount, registerViaApi } from './support/accounts.ts';
import { bell } from './support/bell.ts';
import { befriend, bubble, call, createRoom, openRoom, say } from './support/chat-room.ts';
import { expect, test } from './support/fixtures.ts';
import { islandsHydrated } from './support/islands.ts';
import { PHOTO, postCard, uniqueCaption, uploadPost } from './support/media.ts';
import { anotherPerson } from './support/people.ts';

// This file's journeys hold back or refuse script files with page.route, which never sees what a service worker
// fetches: they run without one (tests/e2e/pwa.spec.ts covers the worker).
test.use({ serviceWorkers: 'block' });

const READERS = [
  {
    locale: 'de-DE',
    timezoneId: 'Europe/Berlin',
    clock: /^\d{2}:\d{2}$/,
    now: 'jetzt',
    minutesLater: /^[56] Min\.$/,
    today: 'Heute',
    at: ' um ',
  },
  {
    locale: 'en-US',
    timezoneId: 'America/New_York',
    clock: /^\d{1,2}:\d{2}\s[AP]M$/,
    now: 'now',
    minutesLater: /^[56] min$/,
    today: 'Today',
    at: ' at ',
  },
];

for (const reader of READERS) {
  test.describe(`a reader in ${reader.locale}, ${reader.timezoneId}`, () => {
    test.use({ locale: reader.locale, timezoneId: reader.timezoneId });

    /** What this reader should see for an instant: the full date and time, as Intl writes it in their zone. */
    const full = (iso: string) =>
      new Intl.DateTimeFormat(reader.locale, { dateStyle: 'full', timeStyle: 'short', timeZone: reader.timezoneId }).format(new Date(iso));
    const clock = (iso: string) =>
      new Intl.DateTimeFormat(reader.locale, { timeStyle: 'short', timeZone: reader.timezoneId }).format(new Date(iso));

    test('the chats list and a bubble show the same clock, with the full date on hover', async ({ page, browser, baseURL }, testInfo) => {
      await registerViaApi(page, newAccount('tz'));
      const b = await anotherPerson(browser, testInfo, baseURL);
      const bob = await registerViaApi(b.page, newAccount('tzb'));
      await befriend(page, { page: b.page, username: bob.username });
      const roomId = await createRoom(page, [b.page]);
      await say(b.page, roomId, 'gg');

      // The list has loaded the rooms (one unread) before the nav's Chats badge hydrates: hydration must still match.
      const roomsLoaded = page.waitForResponse((response) => response.url().includes('/api/chat/my-rooms'));
      await page.route('**/_astro/ChatsBadge*.js', async (route) => {
        await roomsLoaded;
        await route.continue();
      });
      await page.goto('/chats');
      await islandsHydrated(page);
      const listTime = page.getByRole('list', { name: 'Chats' }).getByRole('listitem').filter({ hasText: bob.username }).locator('time');
      await expect(listTime).toHaveText(reader.clock);
      const iso = (await listTime.getAttribute('datetime'))!;
      await expect(listTime).toHaveText(clock(iso));
      await listTime.hover();
      await expect(listTime).toHaveAttribute('title', full(iso));
      expect(full(iso)).toContain(reader.at);

      await openRoom(page, roomId);
      const bubbleTime = bubble(page, 'gg').locator('time');
      await expect(bubbleTime).toHaveAttribute('datetime', iso);
      await expect(bubbleTime).toHaveText(clock(iso));
      await expect(bubbleTime).toHaveAttribute('title', full(iso));
      // The day separator above it names the day.
      await expect(page.getByRole('log', { name: 'Messages' }).getByRole('listitem').first()).toHaveText(reader.today);
      await b.close();
    });

    test('a post, its comment and the notifications say how long ago, and keep up while the page stays open', async ({
      page,
      browser,
      baseURL,
    }, testInfo) => {
      await registerViaApi(page, newAccount('tp'));
      const b = await anotherPerson(browser, testInfo, baseURL);
      await registerViaApi(b.page, newAccount('tpb'));
      const caption = uniqueCaption('timely');
      const post = await uploadPost(page, PHOTO, caption);
      await call(b.page, 'post', `/media/${post.id}/comments`, { content: 'nice timing' });

      // The browser's clock runs on its own from here, so the journey can move it on.
      await page.clock.install();
      // The feed's first page comes with the HTML: the server's times must not fail hydration.
      await page.goto('/feed');
      await islandsHydrated(page);
      const card = postCard(page, caption);
      const postTime = card.locator(`time[datetime="${post.created_at}"]`);
      await expect(postTime).toHaveText(reader.now);
      await expect(postTime).toHaveAttribute('title', full(post.created_at));
      await expect(card.getByRole('list', { name: 'Latest comment' }).locator('time')).toHaveText(reader.now);

      await bell(page).click();
      const dropdownTime = page.getByRole('region', { name: 'Notification list' }).locator('time').first();
      await expect(dropdownTime).toHaveText(reader.now);
      const iso = (await dropdownTime.getAttribute('datetime'))!;
      await expect(dropdownTime).toHaveAttribute('title', full(iso));

      // Six minutes later, with nothing reloaded, the page has kept up (to the minute: 5 or 6).
      await page.clock.fastForward('06:00');
      await expect(dropdownTime).toHaveText(reader.minutesLater);
      await expect(postTime).toHaveText(reader.minutesLater);

      await page.goto('/notifications');
      await islandsHydrated(page);
      const pageTime = page.getByRole('region', { name: 'All notifications' }).locator('time').first();
      await expect(pageTime).toHaveText(reader.minutesLater);
      await expect(pageTime).toHaveAttribute('title', full(iso));
      await b.close();
    });
  });
}
