/**
 * NOTE: loads another user's profile (GET /profile/@{username}) for the /profile/{username} island and keeps
 * it current: `reload()` re-fetches quietly (the page stays), `patch()` applies an action's answer at once.
 * Only the newest request's answer is applied. A 404 is the not-found state; any other failure shows the
 * server's error or 'Failed to load profile' (spec §8). Once shown it is watched (ADR 045): its counts follow what
 * others do, and a follow or friendship change between the viewer and this person (made anywhere) reloads it.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, serverMessageOf } from '../../client/api.ts';
import type { OtherProfileResponse } from '../../shared/api-types.ts';
import { watchPerson } from '../../stores/live/watching.ts';
import { onServerEvent } from '../../stores/socket.ts';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'not-found' }
  | { status: 'error'; message: string }
  | { status: 'ready'; profile: OtherProfileResponse };

export const profilePath = (username: string) => `/profile/@${encodeURIComponent(username)}`;

export function useOtherProfile(username: string) {
  const [state, setState] = useState<ProfileState>({ status: 'loading' });
  const latest = useRef(0);

  const reload = useCallback(
    async (opts: { quiet?: boolean } = {}) => {
      const ticket = ++latest.current;
      if (!opts.quiet) setState({ status: 'loading' });
      try {
        const profile = await api.get<OtherProfileResponse>(profilePath(username));
        if (ticket === latest.current) setState({ status: 'ready', profile });
      } catch (err) {
        if (ticket !== latest.current) return;
        // A quiet refresh that fails keeps what is on screen.
        if (opts.quiet) return;
        if (err instanceof ApiError && err.status === 404) setState({ status: 'not-found' });
        else setState({ status: 'error', message: serverMessageOf(err) ?? 'Failed to load profile' });
      }
    },
    [username],
  );

  const patch = useCallback((changes: Partial<OtherProfileResponse>) => {
    // An answer to an older refresh must not undo this change.
    latest.current++;
    setState((s) => (s.status === 'ready' ? { status: 'ready', profile: { ...s.profile, ...changes } } : s));
  }, []);

  useEffect(() => {
    void reload();
  }, [reload]);

  const shownId = state.status === 'ready' ? state.profile.user_id : null;
  useEffect(() => {
    if (shownId === null) return;
    const offs = [
      watchPerson(shownId),
      onServerEvent('profile_counts', ({ user_id, followers_count, following_count, friends_count }) => {
        if (user_id === shownId)
          setState((s) =>
            s.status === 'ready' ? { status: 'ready', profile: { ...s.profile, followers_count, following_count, friends_count } } : s,
          );
      }),
      onServerEvent('relationship_changed', ({ user_id }) => user_id === shownId && void reload({ quiet: true })),
    ];
    return () => offs.forEach((off) => off());
  }, [shownId, reload]);

  return { state, reload, patch };
}
