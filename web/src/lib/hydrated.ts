import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False on the server and while React hydrates the server's markup of a first screen (N221), true
 * afterwards and in every render of a page that was not server-rendered. What depends on the browser
 * alone (localStorage, the cookie banner, the toast outlet) renders only when this is true, so the
 * hydrating render matches the server's markup and the browser's own state follows in the next one.
 */
export const useHydrated = () =>
  useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
