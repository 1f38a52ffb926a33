/**
 * The signed-in person's friends (alphabetical), fetched each time `active` turns true (the Create New Chat
 * dialog opens): rooms are created only with friends (ADR 018). `friends` is null while loading; a failure
 * gives the server's text, else a fallback.
 */
import { useEffect, useState } from 'react';
import { serverMessageOf } from '../../client/api.ts';
import type { Friend } from '../../shared/api-types.ts';
import { fetchFriends } from '../../stores/profiles/profile.ts';

export const LOAD_FRIENDS_FAILED = 'Failed to load friends';

export function useFriends(active: boolean): { friends: Friend[] | null; error: string | null } {
  const [friends, setFriends] = useState<Friend[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!active) return;
    let current = true;
    setFriends(null);
    setError(null);
    fetchFriends().then(
      (list) => current && setFriends(list),
      (err: unknown) => current && setError(serverMessageOf(err) ?? LOAD_FRIENDS_FAILED),
    );
    return () => {
      current = false;
    };
  }, [active]);
  return { friends, error };
}
