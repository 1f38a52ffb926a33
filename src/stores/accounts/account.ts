/**
 * NOTE: the account screen's password and sessions calls, and the sessions list they share. Rules for callers:
 * - Read `$accountSessions` (useStore); `loadSessions()` fills it (loading, error, ready); the end calls reload it.
 * - `changePassword` resolves with the server's message (other sessions ended, so the list is reloaded) or throws
 *   the `ApiError`; the form shows its text.
 */
import { atom } from 'nanostores';
import { api, serverMessageOf } from '../../client/api.ts';
import type { AccountSession, AccountSessionsResponse, SessionsEndedResponse } from '../../shared/account-types.ts';
import type { MessageResponse } from '../../shared/api-types.ts';
import type { ChangePasswordInput } from '../../shared/schemas/account.ts';

export type SessionsState = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; sessions: AccountSession[] };

export const SESSIONS_FAILED = 'Could not load your sessions.';
export const $accountSessions = atom<SessionsState>({ status: 'loading' });

export async function loadSessions(): Promise<void> {
  // A reload keeps the list on screen; only the first load shows the spinner.
  if ($accountSessions.get().status !== 'ready') $accountSessions.set({ status: 'loading' });
  try {
    const { sessions } = await api.get<AccountSessionsResponse>('/account/sessions');
    $accountSessions.set({ status: 'ready', sessions });
  } catch (err) {
    $accountSessions.set({ status: 'error', message: serverMessageOf(err) ?? SESSIONS_FAILED });
  }
}

export async function changePassword(input: ChangePasswordInput): Promise<string> {
  const { message } = await api.put<MessageResponse>('/account/password', input);
  void loadSessions();
  return message;
}

/** Ends one other session, or (without an id) every other one; resolves with the server's message. */
export async function endSessions(id?: number): Promise<string> {
  const { message } = await api.delete<SessionsEndedResponse>(id === undefined ? '/account/sessions' : `/account/sessions/${id}`);
  await loadSessions();
  return message;
}
