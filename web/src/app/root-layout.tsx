import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback } from 'react';
import { Outlet, ScrollRestoration } from 'react-router-dom';
import { SkipLink } from '../components/ui/skip-link';
import { LoadingScreen } from '../components/ui/spinner';
import { PendingAgreementSync } from '../features/agreements/components/pending-agreement-sync';
import { meQueryKey, useMe } from '../features/auth/api/get-me';
import { CookieBanner } from '../features/consent/components/cookie-banner';
import { groupKeys } from '../features/groups/api/groups';
import { useRealtimeFrames } from '../features/messaging/api/realtime';
import { MatchNotice } from '../features/messaging/components/match-notice';
import { SecurityHelper } from '../features/security/components/security-helper';

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
        <>
          <MatchNotice />
          <LiveGroups />
        </>
      )}
      <ScrollRestoration />
    </>
  );
}

/** Group member lists follow joins and leaves live, wherever Manage Groups is open (issue 17). */
function LiveGroups() {
  const queryClient = useQueryClient();
  useRealtimeFrames((frame) => {
    if (frame.type === 'group.updated') void queryClient.invalidateQueries({ queryKey: groupKeys.all });
  });
  return null;
}
