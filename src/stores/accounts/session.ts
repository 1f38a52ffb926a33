/**
 * NOTE: the session store (spec §3 "Auth state", §4 "Authentication"): state and its actions side by side.
 * Rules for callers:
 * - Read `$session` (useStore in React); change it only through the actions below.
 * - Actions run in the browser only. On the server this module is shared by all requests, so SSR must only
 *   ever read the initial state.
 * - `login` and `register` resolve with the user, or store the error and re-throw the `ApiError` so a form can
 *   show its own text (spec §8). `verify` and `logout` never throw.
 * - `checkSessionOnce` is the app-start check: one verify per full page load, however many islands ask.
 * - `onSessionEnded` fires when a signed-in session ends without this tab's logout (password changed or session
 *   revoked in another browser, expiry): a 401 from the API or a refused socket reconnect re-verifies, and a
 *   failed verify ends it. Signed-in pages send the person to /login then.
 */
import { atom, map } from 'nanostores';
import { adoptCsrfToken, api, ApiError, forgetCsrfToken, onSignedOutAnswer, serverMessageOf } from '../../client/api.ts';
import { expireCsrfCookie } from '../../client/cookies.ts';
import type { AuthResponse, SessionUser as WireUser, VerifyResponse } from '../../shared/api-types.ts';
import type { LoginInput, RegisterInput } from '../../shared/schemas/auth.ts';

export type AuthUser = { id: number; username: string; email: string; expiresAt: string };
export type SessionState = { user: AuthUser | null; isAuthenticated: boolean; loading: boolean; error: string | null };

const signedOut: SessionState = { user: null, isAuthenticated: false, loading: false, error: null };

export const $session = map<SessionState>({ ...signedOut });
/** False until the app-start verify has settled (success or failure). */
export const $sessionChecked = atom(false);
/** True while a logout request is in flight (the socket lets go at once instead of reconnecting). */
export const $signingOut = atom(false);

const toAuthUser = (u: WireUser): AuthUser => ({ id: u.user_id, username: u.username, email: u.email, expiresAt: u.expires_at });

function startPending(): void {
  $session.set({ ...$session.get(), loading: true, error: null });
}

function fail(err: unknown, fallback: string): void {
  $session.set({ ...$session.get(), loading: false, error: serverMessageOf(err) ?? fallback });
}

async function signIn(path: '/auth/login' | '/auth/register', body: unknown): Promise<AuthUser> {
  startPending();
  try {
    const data = await api.post<AuthResponse>(path, body);
    adoptCsrfToken(data.csrf_token);
    const user = toAuthUser(data.user);
    $session.set({ user, isAuthenticated: true, loading: false, error: null });
    return user;
  } catch (err) {
    fail(err, 'An unexpected error occurred');
    throw err;
  }
}

export const login = (input: LoginInput) => signIn('/auth/login', input);
export const register = (input: RegisterInput) => signIn('/auth/register', input);

export async function verify(): Promise<void> {
  $session.setKey('loading', true);
  try {
    const data = await api.get<VerifyResponse>('/auth/verify');
    adoptCsrfToken(data.csrf_token);
    $session.set(data.valid ? { user: toAuthUser(data), isAuthenticated: true, loading: false, error: null } : { ...signedOut });
  } catch (err) {
    // A 401 answer still carries the visitor's token; later requests need it.
    if (err instanceof ApiError && err.body && typeof err.body === 'object' && 'csrf_token' in err.body)
      adoptCsrfToken(err.body.csrf_token);
    $session.set({ ...signedOut, error: serverMessageOf(err) ?? 'Authentication failed' });
  }
}

export async function logout(): Promise<void> {
  $session.setKey('loading', true);
  $signingOut.set(true);
  try {
    const data = await api.post<{ success: boolean; csrf_token?: string }>('/auth/logout');
    adoptCsrfToken(data.csrf_token);
    $session.set({ ...signedOut });
  } catch (err) {
    expireCsrfCookie();
    forgetCsrfToken();
    fail(err, 'Sign-out failed');
  } finally {
    $signingOut.set(false);
  }
}

export function clearError(): void {
  $session.setKey('error', null);
}

let firstCheck: Promise<void> | null = null;

export function checkSessionOnce(): Promise<void> {
  firstCheck ??= verify().finally(() => $sessionChecked.set(true));
  return firstCheck;
}

/**
 * Calls `onChange(userId)` whenever the signed-in person changes: their id on sign-in, null on sign-out (not
 * at first while signed out). Per-user stores reset and reload in it, so nothing of one person shows to the next.
 */
export function onSignedInUserChange(onChange: (userId: number | null) => void): void {
  let userId: number | null = null;
  $session.subscribe((s) => {
    const next = s.isAuthenticated ? (s.user?.id ?? null) : null;
    if (next === userId) return;
    userId = next;
    onChange(next);
  });
}

/**
 * Calls `onEnded` once the signed-in session turns signed-out while this tab was not logging out (see the NOTE).
 * Returns the unsubscribe function.
 */
export function onSessionEnded(onEnded: () => void): () => void {
  let wasSignedIn = $session.get().isAuthenticated;
  return $session.subscribe((s) => {
    if (wasSignedIn && !s.isAuthenticated && !s.loading && !$signingOut.get()) onEnded();
    wasSignedIn = s.isAuthenticated;
  });
}

async function stillSignedIn(): Promise<void> {
  try {
    const data = await api.get<VerifyResponse>('/auth/verify');
    adoptCsrfToken(data.csrf_token);
  } catch (err) {
    // Only the server's 401 ends the session here: a network failure (an outage, a restart) says nothing about it.
    if (!(err instanceof ApiError) || err.status !== 401 || $signingOut.get()) return;
    if (err.body && typeof err.body === 'object' && 'csrf_token' in err.body) adoptCsrfToken(err.body.csrf_token);
    $session.set({ ...signedOut, error: 'Your session has ended. Please sign in again.' });
  }
}

let rechecking: Promise<void> | null = null;
/** Asks the server whether this session still lives (one check at a time, however many calls were refused). */
export function recheckSession(): Promise<void> {
  if (!$session.get().isAuthenticated || $signingOut.get()) return Promise.resolve();
  rechecking ??= stillSignedIn().finally(() => (rechecking = null));
  return rechecking;
}

if (typeof window !== 'undefined') onSignedOutAnswer(() => void recheckSession());
