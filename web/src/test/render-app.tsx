import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect } from 'react';
import { type Location, MemoryRouter, useLocation } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { AppRoutes } from '../app/router';

/** What the tests read of the router: where the app is now (the shape of the data router's `state`). */
export type TestRouter = { state: { location: Location } };

function TrackLocation({ router }: { router: TestRouter }) {
  const location = useLocation();
  useLayoutEffect(() => {
    router.state.location = location;
  }, [router, location]);
  return null;
}

/** Renders the whole app (providers + the real route table) at `path`. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  });
  const url = new URL(path, 'http://localhost');
  const router: TestRouter = {
    state: { location: { pathname: url.pathname, search: url.search, hash: url.hash, state: null, key: 'default' } },
  };
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        <TrackLocation router={router} />
        <AppRoutes />
      </MemoryRouter>
    </AppProvider>,
  );
  return { ...utils, user, router, queryClient };
}

/** Marks cookie consent as already given so the banner stays out of a test's way. */
export function skipCookieBanner() {
  localStorage.setItem('cookie-consent-given', 'true');
  localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true }));
}
