import { lazy, Suspense } from 'react';
import { useHydrated } from '../../lib/hydrated';

const SonnerToaster = lazy(() => import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster })));

/** The one toast outlet; features call `toast` from ./toast. Its chunk loads right after the entry (N173). */
export function Toaster() {
  // Not in a server-rendered first screen (N221): mounted once the page is hydrated.
  const hydrated = useHydrated();
  return <Suspense fallback={null}>{hydrated && <SonnerToaster />}</Suspense>;
}
