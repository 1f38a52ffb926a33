/** NOTE: response shapes of the account calls (password, sessions, deletion), shared by the API and the account screen. */

/** One signed-in browser as the sessions list shows it; `device` and `browser` are read from its User-Agent. */
export type AccountSession = {
  id: number;
  device: string;
  browser: string;
  created_at: string;
  last_seen_at: string;
  /** True for the session making this request. */
  current: boolean;
};

/** GET /api/account/sessions: most recently used first. */
export type AccountSessionsResponse = { sessions: AccountSession[] };

/** DELETE /api/account/sessions/{id} and DELETE /api/account/sessions (all others). */
export type SessionsEndedResponse = { message: string; ended: number };
