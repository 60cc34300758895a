import { useEffect, useSyncExternalStore } from 'react';

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

/**
 * Dispatched on `document` once the route's screen is hydrated: web/public/after-paint.js then replays
 * a tap it held on one of the screen's buttons (N253).
 */
export const HYDRATED_EVENT = 'nestmate:hydrated';

/**
 * Announces HYDRATED_EVENT from inside the route's Suspense boundary (root-layout.tsx): React hydrates
 * a boundary after the root's own commit, so the root's effects run before the screen's buttons are
 * React's (measured: 180 ms before on Discover); this effect runs with the boundary's. No markup.
 */
export function HydratedSignal() {
  useEffect(() => {
    document.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return null;
}
