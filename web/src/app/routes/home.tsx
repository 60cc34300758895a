import { useQueryClient } from '@tanstack/react-query';
import { lazy } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { LoadingScreen } from '../../components/ui/spinner';
import { useHasPendingAgreement } from '../../features/agreements/api/pending-agreement';
import { meQueryKey, useMe } from '../../features/auth/api/get-me';
import type { Me } from '../../lib/api-types';
import { preloadableLazy } from '../../lib/preloadable-lazy';

// Only the landing page is on the signed-out critical path; the rest loads when needed.
const loadLanding = () => import('../../features/landing/routes/landing');
const LandingRoute = lazy(() => loadLanding().then((m) => ({ default: m.LandingRoute })));
const AgreementScreen = lazy(() =>
  import('../../features/agreements/components/agreement-screen').then((m) => ({ default: m.AgreementScreen })),
);
const SetupScreen = lazy(() => import('./setup-screen').then((m) => ({ default: m.SetupScreen })));
// A signed-in student's own page loads this module before the first render (first-load.ts, N199).
export const AppScreen = preloadableLazy(() => import('./app-screen').then((m) => m.AppScreen));

// Only after a failed confirmation link: its form and messages stay out of the first load (N174).
const ConfirmErrorNotice = lazy(() =>
  import('./confirm-error-notice').then((m) => ({ default: m.ConfirmErrorNotice })),
);

/**
 * `/` (001 §2): a loading screen while the session is checked; the landing page when signed out
 * (the agreement screen right after the confirmation link, 001 §4); when signed in, the agreement
 * screen until one is saved, then profile setup without a profile, else the main app.
 */
export function HomeRoute() {
  const me = useMe();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const hasPendingAgreement = useHasPendingAgreement();

  if (me.isPending) {
    // The landing page's chunk loads while the session is checked, not after (issue 18): it is
    // small, and a signed-out visitor needs it the moment the answer arrives.
    void loadLanding();
    return <LoadingScreen />;
  }

  if (me.isError) {
    return (
      <LandingRoute
        notice={
          <Alert variant="destructive" title="We couldn't reach Nestmate">
            <p>An unexpected error occurred. Please try again.</p>
            <Button variant="secondary" size="sm" className="mt-2" onClick={() => void me.refetch()}>
              Try again
            </Button>
          </Alert>
        }
      />
    );
  }

  const user = me.data;
  if (!user) {
    if (params.get('confirmed') === '1') {
      return (
        <AgreementScreen
          mode="pending"
          notice={<Alert variant="success">Your email is confirmed. Welcome to Nestmate!</Alert>}
          onDone={() => navigate('/sign-in', { replace: true, state: { notice: 'confirmed' } })}
        />
      );
    }
    if (params.get('confirm_error') === '1') return <LandingRoute notice={<ConfirmErrorNotice />} />;
    return <LandingRoute />;
  }

  // The root layout is saving the agreement accepted before sign-in (000 §4).
  if (hasPendingAgreement) return <LoadingScreen label="Saving your agreement…" />;

  if (!user.hasAgreement) {
    return (
      <AgreementScreen
        mode="direct"
        // Confirmed in the browser that signed up: already signed in (N67), welcomed the same way.
        notice={
          params.get('confirmed') === '1' ? (
            <Alert variant="success">Your email is confirmed. Welcome to Nestmate!</Alert>
          ) : undefined
        }
        onDone={() => {
          queryClient.setQueryData<Me | null>(meQueryKey, (current) => current && { ...current, hasAgreement: true });
          void queryClient.invalidateQueries({ queryKey: meQueryKey });
        }}
      />
    );
  }

  if (!user.hasProfile) return <SetupScreen email={user.email} />;
  return <AppScreen />;
}
