export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-TOKEN';
export const THEME_MODE_KEY = 'mui-mode';
export const THEME_SCHEME_KEY = 'mui-color-scheme';
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
/** Where signed-out visitors of a protected page are sent; `next` carries the page they wanted. */
export const LOGIN_PATH = '/login';
export const NEXT_PARAM = 'next';
/** Spec §9. */
export const NOTIFICATION_BADGE_MAX = 99;
export const NOTIFICATION_PAGE_SIZE = 20;
export const NOTIFICATION_PAGE_MAX = 50;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN_CHARS = 1;
export const SEARCH_RESULT_LIMIT = 20;
export const TOAST_DURATION_MS = 6000;
/** Followers/following entries returned with a profile (counts are always exact). */
export const PEOPLE_LIST_LIMIT = 200;
/** Profile pictures: largest upload accepted, and the square edge the server re-encodes to. */
export const PICTURE_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const PICTURE_EDGE_PX = 512;
