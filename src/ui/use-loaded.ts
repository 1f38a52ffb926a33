/**
 * NOTE: one thing a page loads from the API (a community, an invite): `loading`, then `ready` with it, `not-found`
 * on a 404 (show the not-found state), or `error` with the server's reason (or `failure`). `reload()` asks again
 * and keeps what is shown meanwhile (after a change); `retry` is the same for the error state's button. Pass the
 * values `load` depends on as `deps` (it is called again when they change). Render the states but `ready` with
 * `NotReady` (NotReady.tsx).
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, serverMessageOf } from '../client/api.ts';

export type Loaded<T> =
  { status: 'loading' } | { status: 'ready'; value: T } | { status: 'not-found' } | { status: 'error'; error: string };

export function useLoaded<T>(load: () => Promise<T>, failure: string, deps: readonly unknown[]) {
  const [state, setState] = useState<Loaded<T>>({ status: 'loading' });
  const reload = useCallback(async () => {
    try {
      setState({ status: 'ready', value: await load() });
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) setState({ status: 'not-found' });
      else setState({ status: 'error', error: serverMessageOf(err) ?? failure });
    }
  }, deps);
  useEffect(() => void reload(), [reload]);
  return { state, reload };
}
