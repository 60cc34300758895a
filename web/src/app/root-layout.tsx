import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { SkipLink } from '../components/ui/skip-link';
import { LoadingScreen } from '../components/ui/spinner';
import { useHasPendingAgreement } from '../features/agreements/api/pending-agreement';
import { meQueryKey, useMe } from '../features/auth/api/get-me';
import { CookieBanner } from '../features/consent/components/cookie-banner';
import { SecurityHelper } from '../features/security/components/security-helper';
import { HydratedSignal } from '../lib/hydrated';
import { ScrollRestoration } from './scroll-restoration';

// Only signed-in students with a profile need the live notices and their socket (issue 18).
const SignedInLive = lazy(() => import('./signed-in-live').then((m) => ({ default: m.SignedInLive })));
// Only a signed-in user with an agreement accepted before sign-in has one to save (N174).
const PendingAgreementSync = lazy(() =>
  import('../features/agreements/components/pending-agreement-sync').then((m) => ({ default: m.PendingAgreementSync })),
);

/**
 * Present on every route (001 §2): skip link, cookie banner, security helper, agreement sync, and
 * for a signed-in student the live notice of a new match (issue 17).
 */
export function RootLayout() {
  const me = useMe();
  const hasPendingAgreement = useHasPendingAgreement();
  const queryClient = useQueryClient();
  const refreshSession = useCallback(() => queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);
  return (
    <>
      <SkipLink />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
        <HydratedSignal />
      </Suspense>
      <CookieBanner />
      <SecurityHelper />
      {me.data && hasPendingAgreement && (
        <Suspense fallback={null}>
          <PendingAgreementSync userId={me.data.id} onSaved={refreshSession} />
        </Suspense>
      )}
      {me.data?.hasProfile && (
        <Suspense fallback={null}>
          <SignedInLive />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
