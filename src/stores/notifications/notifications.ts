/**
 * NOTE: the bell's notifications (spec §2 "Notification bell", §4 "Notifications and realtime").
 * Rules for callers:
 * - Call `startNotifications()` from a signed-in page's island (the bell does); calling it again is harmless.
 *   From then on the first page loads whenever a user signs in, the list empties on sign-out, and every live
 *   `notification` socket event is added on top (and counted when unviewed).
 * - `openNotifications()` is what opening the dropdown does: the badge clears at once, then all are marked read
 *   on the server, then the list reloads. Items that were unread stay in `highlighted` until the next opening,
 *   so the person still sees which ones are new.
 * - `markAllRead()` ("Mark all as read") clears the count and every highlight, here and on the server.
 * - A live `notification_removed` (a cancelled friend request) takes the item out, and out of the count when it was
 *   unviewed; ids removed meanwhile are kept out of page answers already on their way.
 * - Load failures are silent (spec §8); the state simply keeps what it had.
 * - Safe to import during SSR: nothing runs until a browser calls `startNotifications()`.
 */
import { map } from 'nanostores';
import { api } from '../../client/api.ts';
import type { NotificationItem, NotificationsResponse } from '../../shared/api-types.ts';
import { NOTIFICATION_PAGE_SIZE } from '../../shared/constants.ts';
import { $session, onSignedInUserChange } from '../accounts/session.ts';
import { onServerEvent } from '../socket.ts';

export type NotificationsState = {
  items: NotificationItem[];
  /** Unviewed notifications (the server's count plus live arrivals). */
  unreadCount: number;
  /** Pass as `before` to load the next (older) page; null when there is none. */
  nextBefore: number | null;
  /** The first page has been answered at least once for this user. */
  loaded: boolean;
  loading: boolean;
  loadingMore: boolean;
  /** Ids that were unread when the dropdown was last opened. */
  highlighted: number[];
};

const initial: NotificationsState = {
  items: [],
  unreadCount: 0,
  nextBefore: null,
  loaded: false,
  loading: false,
  loadingMore: false,
  highlighted: [],
};

export const $notifications = map<NotificationsState>({ ...initial });

/** Bumped whenever the user changes, so answers meant for the previous user are dropped. */
let generation = 0;
/** Bumped by every first-page request: only the newest answer replaces the list; older pages of a replaced list are dropped. */
let listVersion = 0;
/** Live arrivals since the last first-page request was sent (that answer may or may not include them). */
let arrivedDuringLoad: NotificationItem[] = [];
/** Ids withdrawn by the server while signed in: a page answer sent before the removal must not bring them back. */
let removed = new Set<number>();
let started = false;

const byNewest = (a: NotificationItem, b: NotificationItem) => b.id - a.id;
const pagePath = (before?: number) => `/notifications/?limit=${NOTIFICATION_PAGE_SIZE}${before === undefined ? '' : `&before=${before}`}`;

export async function loadNotifications(): Promise<void> {
  const version = ++listVersion;
  arrivedDuringLoad = [];
  $notifications.setKey('loading', true);
  try {
    const page = await api.get<NotificationsResponse>(pagePath());
    if (version !== listVersion) return;
    const ids = new Set(page.notifications.map((n) => n.id));
    const newest = page.notifications[0]?.id ?? 0;
    const missed = arrivedDuringLoad.filter((n) => !ids.has(n.id) && n.id > newest);
    // Withdrawn after the server counted them: out of the list, and out of the count when they were unviewed.
    const gone = page.notifications.filter((n) => removed.has(n.id));
    $notifications.set({
      ...$notifications.get(),
      items: [...missed, ...page.notifications].filter((n) => !removed.has(n.id)).sort(byNewest),
      unreadCount: Math.max(0, page.unread_count - gone.filter((n) => !n.viewed).length) + missed.filter((n) => !n.viewed).length,
      nextBefore: page.next_before,
      loaded: true,
      loading: false,
      // A load-more of the replaced list is dropped when it answers.
      loadingMore: false,
    });
  } catch {
    if (version === listVersion) $notifications.setKey('loading', false);
  }
}

export async function loadMoreNotifications(): Promise<void> {
  const state = $notifications.get();
  if (state.loadingMore || state.nextBefore === null) return;
  const version = listVersion;
  $notifications.setKey('loadingMore', true);
  try {
    const page = await api.get<NotificationsResponse>(pagePath(state.nextBefore));
    if (version !== listVersion) return;
    const current = $notifications.get();
    const known = new Set(current.items.map((n) => n.id));
    $notifications.set({
      ...current,
      items: [...current.items, ...page.notifications.filter((n) => !known.has(n.id) && !removed.has(n.id))],
      nextBefore: page.next_before,
      loadingMore: false,
    });
  } catch {
    if (version === listVersion) $notifications.setKey('loadingMore', false);
  }
}

export async function openNotifications(): Promise<void> {
  const gen = generation;
  const state = $notifications.get();
  $notifications.set({ ...state, unreadCount: 0, highlighted: state.items.filter((n) => !n.viewed).map((n) => n.id) });
  try {
    await api.put('/notifications/read-all');
  } catch {
    // Spec §8: ignored; the reload below brings back the true count.
  }
  if (gen === generation) await loadNotifications();
}

export async function markAllRead(): Promise<void> {
  const state = $notifications.get();
  $notifications.set({ ...state, unreadCount: 0, highlighted: [], items: state.items.map((n) => (n.viewed ? n : { ...n, viewed: true })) });
  try {
    await api.put('/notifications/read-all');
  } catch {
    // Spec §8: ignored; the next load brings back the true count.
  }
}

export function receiveNotification(item: NotificationItem): void {
  if (!$session.get().isAuthenticated) return;
  arrivedDuringLoad.push(item);
  const state = $notifications.get();
  if (state.items.some((n) => n.id === item.id)) return;
  $notifications.set({
    ...state,
    items: [item, ...state.items].sort(byNewest),
    unreadCount: state.unreadCount + (item.viewed ? 0 : 1),
  });
}

export function removeNotification({ id }: { id: number }): void {
  if (!$session.get().isAuthenticated) return;
  removed.add(id);
  arrivedDuringLoad = arrivedDuringLoad.filter((n) => n.id !== id);
  const state = $notifications.get();
  const item = state.items.find((n) => n.id === id);
  if (!item) return;
  $notifications.set({
    ...state,
    items: state.items.filter((n) => n.id !== id),
    unreadCount: Math.max(0, state.unreadCount - (item.viewed ? 0 : 1)),
    highlighted: state.highlighted.filter((h) => h !== id),
  });
}

function reset(): void {
  generation++;
  listVersion++;
  arrivedDuringLoad = [];
  removed = new Set();
  $notifications.set({ ...initial });
}

export function startNotifications(): void {
  if (typeof window === 'undefined' || started) return;
  started = true;
  onSignedInUserChange((userId) => {
    reset();
    if (userId !== null) void loadNotifications();
  });
  onServerEvent('notification', receiveNotification);
  onServerEvent('notification_removed', removeNotification);
}
