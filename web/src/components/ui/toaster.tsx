import { lazy, Suspense } from 'react';

const SonnerToaster = lazy(() => import('./sonner-toaster').then((m) => ({ default: m.SonnerToaster })));

/** The one toast outlet; features call `toast` from ./toast. Its chunk loads right after the entry (N173). */
export function Toaster() {
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
