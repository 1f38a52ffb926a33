/**
 * NOTE: the notification bell in the navigation bar. Its accessible name carries the unread count
 * ('Notifications, 3 unread'), so find it by the name's start; `bellNamed(page, n)` asserts the count it says.
 */
import type { Page } from '@playwright/test';

export const BELL_NAME = /^Notifications(, \S+ unread)?$/;

export const bell = (page: Page) => page.getByRole('navigation').getByRole('button', { name: BELL_NAME });

/** The bell saying `unread` ('Notifications, 3 unread'), or plain 'Notifications' at zero. */
export const bellNamed = (page: Page, unread: number) =>
  page.getByRole('navigation').getByRole('button', { name: unread > 0 ? `Notifications, ${unread} unread` : 'Notifications', exact: true });
