/**
 * NOTE: the one HTTP client of the browser (spec §7). Rules for callers:
 * - Pass paths relative to the API base: `api.get('/auth/verify')`, never a full URL.
 * - Every request carries cookies and `X-CSRF-TOKEN` (the token from the latest login/register/verify/logout
 *   response, else the csrf_token cookie). There is no timeout.
 * - Bodies are JSON, except `api.upload` and `api.uploadWithProgress`, which post a FormData as multipart.
 *   `uploadWithProgress` uses XMLHttpRequest (fetch reports no upload progress); it fails like the others.
 * - A non-2xx response throws `ApiError` with the response's `error` text (or null) and the HTTP status.
 * - A 401 from any call but the /auth ones (where it is an expected answer) is also told to the listener set
 *   with `onSignedOutAnswer`: the session store uses it to notice a session ended elsewhere.
 */
import { CSRF_COOKIE, CSRF_HEADER } from '../shared/constants.ts';
import { readCookie } from './cookies.ts';

export const API_BASE = '/api';

export class ApiError extends Error {
  readonly status: number;
  /** The server's `error` field, when the response had one. */
  readonly serverMessage: string | null;
  /** The parsed JSON body (null when there was none), for callers that need more than `error`. */
  readonly body: unknown;
  constructor(status: number, serverMessage: string | null, body: unknown) {
    super(serverMessage ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.body = body;
  }
}

/** The server's message if `err` came from a response that had one. */
export const serverMessageOf = (err: unknown): string | null => (err instanceof ApiError ? err.serverMessage : null);

let tokenFromResponse: string | null = null;

/** The token to send now; the socket handshake reads it too. */
export function currentCsrfToken(): string {
  return tokenFromResponse ?? readCookie(CSRF_COOKIE) ?? '';
}

/** Auth responses carry a fresh token (a new session gets a new one); it replaces the header from then on. */
export function adoptCsrfToken(token: unknown): void {
  if (typeof token === 'string' && token) tokenFromResponse = token;
}

/** Sign-out failures expire the cookie locally; the remembered token must go with it. */
export function forgetCsrfToken(): void {
  tokenFromResponse = null;
}

function errorField(data: unknown): string | null {
  return data && typeof data === 'object' && 'error' in data && typeof data.error === 'string' ? data.error : null;
}

let signedOutListener: (() => void) | null = null;

/** Called on every 401 outside /auth/*: the session was ended (signed out elsewhere, password changed, expired). */
export function onSignedOutAnswer(listener: () => void): void {
  signedOutListener = listener;
}

async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', [CSRF_HEADER]: currentCsrfToken() };
  const init: RequestInit = { method, headers, credentials: 'include' };
  if (body instanceof FormData) {
    init.body = body; // the browser sets the multipart Content-Type with its boundary
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(`${API_BASE}${path}`, init);
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    if (response.status === 401 && !path.startsWith('/auth/')) signedOutListener?.();
    throw new ApiError(response.status, errorField(data), data);
  }
  return data as T;
}

/** Why an upload never got an HTTP answer (status 0 in its ApiError). */
export const UPLOAD_NETWORK_ERROR = 'The upload was interrupted. Check your connection and try again.';

/**
 * POSTs a multipart form like `api.upload`, calling `onProgress(sent, total)` as the body goes out.
 * A connection that breaks rejects with ApiError status 0 and UPLOAD_NETWORK_ERROR.
 */
function uploadWithProgress<T>(path: string, form: FormData, onProgress: (sent: number, total: number) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader(CSRF_HEADER, currentCsrfToken());
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    });
    xhr.addEventListener('load', () => {
      let data: unknown = null;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        // not JSON: treated as a response without an `error` field
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(new ApiError(xhr.status, errorField(data), data));
    });
    const broken = () => reject(new ApiError(0, UPLOAD_NETWORK_ERROR, null));
    xhr.addEventListener('error', broken);
    xhr.addEventListener('abort', broken);
    xhr.addEventListener('timeout', broken);
    xhr.send(form);
  });
}

export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: unknown) => request<T>('POST', path, body),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: unknown) => request<T>('PATCH', path, body),
  delete: <T>(path: string, body?: unknown) => request<T>('DELETE', path, body),
  /** POST a multipart form (files), e.g. `api.upload('/profile/picture', form)`. */
  upload: <T>(path: string, form: FormData) => request<T>('POST', path, form),
  /** As `upload`, reporting progress: `api.uploadWithProgress('/media/upload', form, (sent, total) => …)`. */
  uploadWithProgress,
};
