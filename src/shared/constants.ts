export const CSRF_COOKIE = 'csrf_token';
export const CSRF_HEADER = 'X-CSRF-TOKEN';
export const THEME_MODE_KEY = 'mui-mode';
export const THEME_SCHEME_KEY = 'mui-color-scheme';
export const SOCKET_RECONNECTION_ATTEMPTS = 5;
export const SOCKET_RECONNECTION_DELAY_MS = 1000;
/** Where signed-out visitors of a protected page are sent; `next` carries the page they wanted. */
export const LOGIN_PATH = '/login';
export const NEXT_PARAM = 'next';
