import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProvider } from '../app/provider';
import { appRoutes } from '../app/router';

/** Renders the whole app (providers + the real route table) at `path`. */
export function renderApp(path = '/') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: 0 }, mutations: { retry: false } },
  });
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup();
  const utils = render(
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...utils, user, router, queryClient };
}

/** Marks cookie consent as already given so the banner stays out of a test's way. */
export function skipCookieBanner() {
  localStorage.setItem('cookie-consent-given', 'true');
  localStorage.setItem('cookie-preferences', JSON.stringify({ essential: true }));
}
