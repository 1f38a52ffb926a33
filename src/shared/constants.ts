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
/** Media (spec §2 feed and upload, §9). Upload byte limits are server settings (MEDIA_*_MAX_MB), not constants. */
export const FEED_PAGE_DEFAULT = 1;
export const FEED_PER_PAGE_DEFAULT = 10;
export const FEED_PER_PAGE_MAX = 50;
/** `page` beyond this is refused: deep OFFSET pages cost what they skip; clients page on with `cursor`. */
export const FEED_PAGE_MAX = 500;
/** Comments a feed card carries (the newest); 'View more comments...' shows when there are more than this. */
export const FEED_COMMENT_PREVIEW = 1;
export const COMMENTS_PAGE_MAX = 100;
export const CAPTION_MAX = 2200;
export const COMMENT_MAX = 1000;
export const TRIM_STEP_SECONDS = 0.1;
/** A selected clip longer than this is cut by stream copy; a shorter one is re-encoded (spec §9). */
export const TRIM_STREAM_COPY_MIN_SECONDS = 12;
export const SCROLL_TO_POST_DELAY_MS = 100;
/** GET /chat/my-rooms and GET /friends/ answer in pages of this many (`limit` up to the max; `cursor` pages on). */
export const LIST_PAGE_DEFAULT = 50;
export const LIST_PAGE_MAX = 100;
/** Chat (spec §2 "Chat room", §9; ADR 018). */
export const CHAT_MESSAGE_MAX = 2000;
export const CHAT_NAME_MAX = 80;
/** Messages per history page (newest page first; older ones load when scrolling up). */
export const CHAT_PAGE_SIZE = 30;
export const CHAT_PAGE_MAX = 100;
/** A group holds at most this many people (the creator included). */
export const CHAT_GROUP_MAX_PEOPLE = 50;
export const CHAT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** The typing indicator disappears this long after the last typing event (spec §9). */
export const TYPING_INDICATOR_MS = 5000;
export const CHAT_LIST_SCROLL_MAX_PX = 200;
export const CHAT_THUMB_MAX_PX = 200;
