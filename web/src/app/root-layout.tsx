import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback } from 'react';
import { Outlet } from 'react-router-dom';
import { SkipLink } from '../components/ui/skip-link';
import { LoadingScreen } from '../components/ui/spinner';
import { PendingAgreementSync } from '../features/agreements/components/pending-agreement-sync';
import { meQueryKey, useMe } from '../features/auth/api/get-me';
import { CookieBanner } from '../features/consent/components/cookie-banner';
import { SecurityHelper } from '../features/security/components/security-helper';
import { ScrollRestoration } from './scroll-restoration';

// Only signed-in students with a profile need the live notices and their socket (issue 18).
const SignedInLive = lazy(() => import('./signed-in-live').then((m) => ({ default: m.SignedInLive })));

/**
 * Present on every route (001 §2): skip link, cookie banner, security helper, agreement sync, and
 * for a signed-in student the live notice of a new match (issue 17).
 */
export function RootLayout() {
  const me = useMe();
  const queryClient = useQueryClient();
  const refreshSession = useCallback(() => queryClient.invalidateQueries({ queryKey: meQueryKey }), [queryClient]);
  return (
    <>
      <SkipLink />
      <Suspense fallback={<LoadingScreen />}>
        <Outlet />
      </Suspense>
      <CookieBanner />
      <SecurityHelper />
      <PendingAgreementSync userId={me.data?.id ?? null} onSaved={refreshSession} />
      {me.data?.hasProfile && (
        <Suspense fallback={null}>
          <SignedInLive />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}
