/**
 * NOTE: false on the server and while React hydrates what the server rendered; true from the next render on (and
 * at once in a tree that was never server-rendered). An island whose first render reads a store that another
 * island may fill before this one hydrates (the islands hydrate one by one, in no set order) must render the
 * server's state until this is true, or hydration fails (React #418).
 */
import { useSyncExternalStore } from 'react';

const listenToNothing = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    listenToNothing,
    () => true,
    () => false,
  );
