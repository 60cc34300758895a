import { lazy, Suspense, useDeferredValue } from 'react';
import { useHydrated } from '../../lib/hydrated';

const SonnerToaster = lazy(() => import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster })));

/** The one toast outlet; features call `toast` from ./toast. Its chunk loads right after the entry (N173). */
export function Toaster() {
  // Not in a server-rendered first screen (N221): mounted once the page is hydrated, in a pass React can
  // interrupt rather than in the synchronous re-render after hydration (N257).
  const hydrated = useDeferredValue(useHydrated());
  return <Suspense fallback={null}>{hydrated && <SonnerToaster />}</Suspense>;
}
